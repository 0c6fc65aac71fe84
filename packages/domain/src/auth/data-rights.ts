import { z } from 'zod';

/** Texts of the profile's data-rights section and its answers. */
export const DATA_RIGHTS_MESSAGES = {
  wrongPassword: 'Your current password is not correct.',
  passwordNotSet:
    'Your account has no password yet. Set one on this page first, then delete the account with it.',
  passwordRequired: 'Enter your current password to delete your account.',
  erased: 'Your account has been deleted.',
  adminCannotErase:
    'An administrator account cannot be deleted here. Ask another administrator to revoke your admin rights first.',
  tooManyTries: 'Too many wrong passwords. Please try again later.',
  marketingLabel: 'Send me offers and news by e-mail',
} as const;

/** DELETE /api/profile. */
export const eraseAccountSchema = z.object({
  currentPassword: z
    .string({ error: DATA_RIGHTS_MESSAGES.passwordRequired })
    .min(1, DATA_RIGHTS_MESSAGES.passwordRequired)
    .max(200),
});

/** PUT /api/profile/marketing. */
export const marketingConsentSchema = z.object({
  consent: z.boolean({ error: 'consent must be true or false' }),
});

export const marketingConsentStateSchema = z.object({
  marketing_consent: z.boolean(),
  marketing_consent_at: z.string().nullable(),
});
export type MarketingConsentState = z.infer<typeof marketingConsentStateSchema>;
