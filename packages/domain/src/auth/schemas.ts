import { z } from 'zod';
import { AUTH_MESSAGES } from './messages.ts';
import { permissionSchema, roleSchema } from '../staff/permissions.ts';
import { localeSchema } from '../i18n/schemas.ts';

// Re-exported, so imports from here and from the package root keep working.
export { AUTH_MESSAGES };

/** At least 8 characters with a letter, a digit and one of !@#$%^&* (SPEC §5). */
export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= 8 &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    /[!@#$%^&*]/.test(password)
  );
}

export const passwordSchema = z
  .string({ error: AUTH_MESSAGES.passwordRule })
  .max(200, 'Password is too long')
  .refine(meetsPasswordRule, AUTH_MESSAGES.passwordRule);

export const emailSchema = z
  .string({ error: AUTH_MESSAGES.emailRequired })
  .trim()
  .min(1, AUTH_MESSAGES.emailRequired)
  .max(254, AUTH_MESSAGES.invalidEmail)
  .pipe(z.email(AUTH_MESSAGES.invalidEmail))
  .transform((e) => e.toLowerCase());

export const usernameSchema = z
  .string({ error: AUTH_MESSAGES.usernameRequired })
  .trim()
  .min(1, AUTH_MESSAGES.usernameRequired)
  .max(40, 'Username must be at most 40 characters')
  .regex(
    /^[\p{L}\p{N} ._-]+$/u,
    'Username may use letters, digits, spaces, dots, dashes and underscores',
  );

export const phoneSchema = z
  .string({ error: AUTH_MESSAGES.phoneRequired })
  .trim()
  .min(1, AUTH_MESSAGES.phoneRequired)
  .max(20, 'Phone number is too long')
  .regex(/^\+?[0-9 ()-]{7,20}$/, 'Enter a phone number such as 0712 345 678');

/** POST /api/register. Anything else sent (is_admin, id…) is dropped by the schema. */
export const registerSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  phone_number: phoneSchema,
  password: passwordSchema,
  /** Express consent to marketing e-mails: an unticked box, so absent means no. */
  marketing_consent: z.boolean().optional(),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The sign-up form: the same fields plus the repeated password. */
export const signupFormSchema = z
  .object({
    username: usernameSchema,
    phone_number: phoneSchema,
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: z.string(),
    marketing_consent: z.boolean().optional(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ['confirmPassword'],
    message: AUTH_MESSAGES.passwordsDiffer,
  });
export type SignupForm = z.input<typeof signupFormSchema>;

export const loginSchema = z.object({
  email: z
    .string({ error: AUTH_MESSAGES.emailRequired })
    .trim()
    .min(1, AUTH_MESSAGES.emailRequired)
    .max(254)
    .transform((e) => e.toLowerCase()),
  password: z
    .string({ error: AUTH_MESSAGES.passwordRequired })
    .min(1, AUTH_MESSAGES.passwordRequired)
    .max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

export const userSchema = z
  .object({
    id: z.number().int(),
    username: z.string(),
    email: z
      .string()
      .nullable()
      .describe('Null for an account made by phone sign-in until it gives an e-mail'),
    phone_number: z.string(),
    is_admin: z.boolean(),
    role: roleSchema.nullable().describe('The staff role; null for a shopper'),
    permissions: z.array(permissionSchema).describe('What this person may do in the back office'),
    two_factor: z.boolean().describe('Two-step sign-in is on'),
  })
  .meta({ id: 'User' });
export type User = z.infer<typeof userSchema>;

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int().describe('Seconds until the access token expires'),
});

export const loginResponseSchema = tokensSchema.extend({ user: userSchema });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const profileSchema = z.object({
  username: z.string(),
  email: z.string().nullable().describe('Null for an account made by phone sign-in'),
  phone_number: z.string(),
  phone_verified: z.boolean().describe('The number was proven by a code sent to it'),
  has_password: z
    .boolean()
    .describe('False for an account made by phone: a new password then needs no current one'),
  /** Consent to marketing e-mails, and when it was given. */
  marketing_consent: z.boolean(),
  marketing_consent_at: z.string().nullable(),
  /** The shop's language the person last used: their account e-mails and SMS are in it. */
  language: localeSchema,
});
export type Profile = z.infer<typeof profileSchema>;

/**
 * PATCH /api/profile: only the fields sent change. A new password or e-mail needs the current
 * password, except on an account that has none yet (made by phone): the server checks that.
 */
export const profileUpdateSchema = z.object({
  username: usernameSchema.optional(),
  email: emailSchema.optional(),
  phone_number: phoneSchema.optional(),
  currentPassword: z.string().max(200).optional(),
  newPassword: passwordSchema.optional(),
  /** The language of the account's e-mails and SMS (the shop's switch sends it alone). */
  language: localeSchema.optional(),
});
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;
