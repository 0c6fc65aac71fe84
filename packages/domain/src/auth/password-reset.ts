import { z } from 'zod';
import { mailDeliverySchema } from '../outbox/schemas.ts';
import { AUTH_MESSAGES } from './messages.ts';
import { emailSchema, passwordSchema } from './schemas.ts';

/** The texts of the password-reset screens and answers (issue 11, word for word). */
export const RESET_MESSAGES = {
  requested: 'If an account exists for that e-mail, we have sent a link to reset your password.',
  /** The shop has no mail server yet (no SMTP_URL): the request waits, and nothing says "sent". */
  requestedHeld:
    'The shop cannot send e-mail yet. If an account exists for that e-mail, a link to reset your password will be sent as soon as it can.',
  done: 'Your password has been reset. Please log in.',
  invalidLink: 'This link has expired or was already used.',
} as const;

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 60;

export const forgotPasswordSchema = z.object({ email: emailSchema });
export type ForgotPasswordInput = z.input<typeof forgotPasswordSchema>;

/** The same for every address; it differs only by whether the shop can send mail at all. */
export const forgotPasswordAnswerSchema = z.object({
  message: z.string(),
  delivery: mailDeliverySchema,
});
export type ForgotPasswordAnswer = z.infer<typeof forgotPasswordAnswerSchema>;

const tokenSchema = z
  .string({ error: RESET_MESSAGES.invalidLink })
  .min(1, RESET_MESSAGES.invalidLink)
  .max(200, RESET_MESSAGES.invalidLink);

export const resetTokenSchema = z.object({ token: tokenSchema });

export const resetPasswordSchema = z.object({ token: tokenSchema, password: passwordSchema });

/** The reset form: New Password and Confirm Password, with the sign-up rules and messages. */
export const resetPasswordFormSchema = z
  .object({ password: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDiffer,
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;
