// The shop's languages in the API (issue 37): an account's language on its profile, and the
// language alone as a profile change (the shop's switch remembers it for e-mails and SMS).
import { z } from 'zod';
import { LOCALES } from './locale.ts';

export const localeSchema = z
  .enum(LOCALES)
  .describe("The shop's language: 'en' English, 'sw' Kiswahili");

/** PATCH /api/profile with nothing but the language: e-mails and SMS to the account use it. */
export const profileLanguageSchema = z.object({ language: localeSchema }).strict();
export type ProfileLanguage = z.infer<typeof profileLanguageSchema>;
