// The shop's languages in the API (issue 37): an account's language on its profile (GET and
// PATCH /api/profile), which its e-mails and SMS are written in.
import { z } from 'zod';
import { LOCALES } from './locale.ts';

export const localeSchema = z
  .enum(LOCALES)
  .describe("The shop's language: 'en' English, 'sw' Kiswahili");
