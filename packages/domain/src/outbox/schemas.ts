import { z } from 'zod';
import { pagingQuery } from '../common/schemas.ts';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'kept'] as const;

/** A message (e-mail or SMS) in the outbox, as the back office sees it. */
export const outboxMessageSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(['email', 'sms']),
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    body: z.string(),
    status: z.enum(OUTBOX_STATUSES),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  emails: z.array(outboxMessageSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const adminOutboxQuerySchema = z
  .object({ ...pagingQuery(20, 100), status: z.enum(OUTBOX_STATUSES).optional() })
  .strict();
