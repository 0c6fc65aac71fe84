import { z } from 'zod';
import { CONTACT_MESSAGES } from './messages.ts';

// Re-exported, so imports from here and from the package root keep working.
export { CONTACT_MESSAGES };

export const contactInputSchema = z.object({
  name: z
    .string({ error: CONTACT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.nameRequired)
    .max(100),
  email: z
    .string({ error: CONTACT_MESSAGES.emailRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.emailRequired)
    .max(254, CONTACT_MESSAGES.invalidEmail)
    .pipe(z.email(CONTACT_MESSAGES.invalidEmail)),
  phone: z
    .string({ error: CONTACT_MESSAGES.phoneRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.phoneRequired)
    .max(20, 'Phone number is too long')
    .regex(/^\d+$/, CONTACT_MESSAGES.phoneNumeric),
  message: z
    .string({ error: CONTACT_MESSAGES.messageRequired })
    .trim()
    .min(1, CONTACT_MESSAGES.messageRequired)
    .max(5000, 'Message is too long'),
});
export type ContactInput = z.input<typeof contactInputSchema>;
