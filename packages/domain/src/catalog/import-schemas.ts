// The catalogue import from Shopify's product CSV (issue 21): its query and its outcome.
import { z } from 'zod';

export const productImportQuerySchema = z
  .object({
    dry_run: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true')
      .describe('true: only check the file; nothing is changed'),
    import_id: z
      .uuid()
      .optional()
      .describe(
        'Chosen by the client, so it can follow the progress at /admin/products/imports/{id}',
      ),
  })
  .strict();

/**
 * The most errors (and warnings) an import lists: a file with 100,000 bad rows is fixed from its
 * first ones, and a list of all of them is megabytes to store and to show.
 */
export const IMPORT_ISSUES_LISTED = 1_000;

const importIssueSchema = z.object({
  line: z.number().int().nullable(),
  column: z.string().nullable(),
  message: z.string(),
});
export type ImportIssue = z.infer<typeof importIssueSchema>;

export const productImportSchema = z.object({
  id: z.uuid(),
  status: z.enum(['running', 'done', 'failed']),
  dry_run: z.boolean(),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  errors: z
    .array(importIssueSchema)
    .describe(`The first ${IMPORT_ISSUES_LISTED.toLocaleString('en')} errors, by line`),
  warnings: z
    .array(importIssueSchema)
    .describe(`The first ${IMPORT_ISSUES_LISTED.toLocaleString('en')} warnings, by line`),
  error_count: z.number().int().describe('Every error the file had'),
  warning_count: z.number().int(),
  images_pending: z.number().int().describe('Pictures named by address still to be fetched'),
});
export type ProductImport = z.infer<typeof productImportSchema>;

export const importIdParamSchema = z.object({ id: z.uuid() });
