import { z } from 'zod';

/** SPEC §5 and §2.10, word for word. */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  phoneRequired: 'Phone number is required',
  phoneNumeric: 'Phone number must be numeric',
  messageRequired: 'Message is required',
  submitted: 'Submitted successfully',
  toast: 'Your message has been submitted successfully. Our team will get back to you shortly!',
} as const;

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
