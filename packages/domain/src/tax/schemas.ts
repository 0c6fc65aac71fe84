// How the back office sets a product's tax type and KRA item classification, and a category's
// classification (issue 23).
import { z } from 'zod';
import { acceptingReadOnly } from '../common/read-only.ts';
import { TAX_TYPES } from './tax-types.ts';

/** KRA's item classification codes are digits (UNSPSC-based), e.g. 5020230201. */
export const itemClassCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{4,10}$/, 'An item classification is 4 to 10 digits, as KRA lists it.');

/** PATCH …/tax; takes back what GET gives (its id and effective class are read-only). */
export const productTaxSchema = acceptingReadOnly(
  z
    .object({
      tax_type: z.enum(TAX_TYPES, { error: 'Choose a tax type from A to E.' }).optional(),
      /** null: use the category's classification. */
      item_class_code: itemClassCodeSchema.nullable().optional(),
    })
    .strict(),
  ['id', 'effective_item_class_code'],
).refine((v) => v.tax_type !== undefined || v.item_class_code !== undefined, {
  message: 'Nothing to change.',
});
export type ProductTax = z.infer<typeof productTaxSchema>;

export const productTaxViewSchema = z
  .object({
    id: z.number().int(),
    tax_type: z.enum(TAX_TYPES),
    item_class_code: z.string().nullable(),
    /** What eTIMS will be sent: the product's, else its category's, else null (the default). */
    effective_item_class_code: z.string().nullable(),
  })
  .meta({ id: 'ProductTax' });
export type ProductTaxView = z.infer<typeof productTaxViewSchema>;

export const categoryTaxSchema = z
  .object({ item_class_code: itemClassCodeSchema.nullable() })
  .strict();
export const categorySlugParamSchema = z.object({ slug: z.string().trim().min(1).max(120) });
