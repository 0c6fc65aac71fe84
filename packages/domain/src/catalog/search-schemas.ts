import { z } from 'zod';
import { acceptingReadOnly } from '../common/read-only.ts';

/** GET /api/search/suggest: what is typed so far. */
export const suggestQuerySchema = z.object({ q: z.string().trim().max(500).default('') }).strict();

export const SUGGESTION_TYPES = ['category', 'brand', 'product'] as const;
export const MAX_SUGGESTIONS = 8;

export const suggestionSchema = z
  .object({
    type: z.enum(SUGGESTION_TYPES),
    label: z.string(),
    label_sw: z
      .string()
      .nullable()
      .optional()
      .describe("A product's Kiswahili title, when the merchant wrote one (issue 37)"),
    url: z.string().describe('Where the shop goes when it is picked'),
  })
  .meta({ id: 'Suggestion' });
export type Suggestion = z.infer<typeof suggestionSchema>;

/** A word of a synonym: letters and digits (spaces between words are allowed in a term). */
const synonymWord = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/[\p{L}\p{N}]/u, 'A word needs a letter or a digit');

export const synonymSchema = z.object({
  term: synonymWord.describe("What shoppers type, e.g. 'viatu'"),
  words: z.array(synonymWord).min(1).max(10).describe("What it also means, e.g. ['shoe']"),
});
export type SynonymEntry = z.infer<typeof synonymSchema>;

/** PUT /api/admin/search/synonyms; takes back what GET gives (`built_in` is read-only). */
export const synonymListSchema = acceptingReadOnly(
  z
    .object({
      synonyms: z
        .array(synonymSchema)
        .max(1000)
        .refine(
          (list) => new Set(list.map((s) => s.term.toLowerCase())).size === list.length,
          'Each term once',
        ),
    })
    .strict(),
  ['built_in'],
);

export const synonymsAnswerSchema = z
  .object({
    synonyms: z.array(synonymSchema),
    built_in: z.boolean().describe('True while the built-in list applies (never saved)'),
  })
  .meta({ id: 'SearchSynonyms' });
