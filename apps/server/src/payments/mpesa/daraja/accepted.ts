// What the shop answers every post from Daraja it takes (a callback, a confirmation, a B2C result),
// whatever became of it: Daraja retries anything else.
import { z } from 'zod';

export const ACCEPTED = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
export const acceptedSchema = z.object({
  ResultCode: z.literal(0),
  ResultDesc: z.literal('Accepted'),
});
