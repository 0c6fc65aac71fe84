import { z } from 'zod';
import { CART_MESSAGES, chooseOptionMessage, VARIANT_MESSAGES } from './messages.ts';
import { centsSchema, int32, int32FromText } from '../common/schemas.ts';

// Re-exported, so imports from here and from the package root keep working.
export { CART_MESSAGES, chooseOptionMessage, VARIANT_MESSAGES };

const PRODUCT_ID = 'product_id must be a product id';
const QUANTITY = 'Quantity must be a whole number of at least 1';

// Bodies take JSON numbers as they are (no coercion: `true` or "2" is not a quantity); path
// parameters arrive as text and are coerced.
const productId = int32(PRODUCT_ID).positive(PRODUCT_ID);

/**
 * 1 or more. The server holds a line to the product's stock and to its per-line cap (both 422);
 * the schema only keeps the number within what the database can hold.
 */
const quantity = int32(QUANTITY).min(1, QUANTITY);

const VARIANT_ID = 'variant_id must be a variant id';
const variantId = int32(VARIANT_ID)
  .positive(VARIANT_ID)
  .describe('The size or colour: required when the product has more than one variant (issue 21)');

/** POST /api/cart. SPEC §3 also sends price and user_id: both are ignored (stripped). */
export const cartItemInputSchema = z.object({
  product_id: productId,
  variant_id: variantId.optional(),
  quantity: quantity.default(1),
});

export const cartQuantitySchema = z.object({ quantity });

/** `?variant_id=` on PATCH and DELETE /api/cart/{productId}: which line of that product. */
export const cartVariantQuerySchema = z
  .object({ variant_id: int32FromText(VARIANT_ID).positive(VARIANT_ID).optional() })
  .strict();

/** POST /api/wishlist. user_id is ignored. */
export const wishlistItemInputSchema = z.object({
  product_id: productId,
  variant_id: variantId.optional(),
});

export const productIdParamSchema = z.object({
  id: int32FromText(PRODUCT_ID).positive(PRODUCT_ID),
});

export const wishlistLineSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    user_id: z.number().int(),
    title: z.string(),
    variant_id: z.number().int().nullable().describe('Null on a wishlist line naming no variant'),
    variant: z.string().describe("The variant's title, '42 / Black'; '' without options"),
    image: z.string(),
    price: centsSchema,
    discount_percentage: z.number(),
    stock: z.number().int(),
  })
  .meta({ id: 'WishlistLine' });
export type WishlistLine = z.infer<typeof wishlistLineSchema>;

export const cartLineSchema = wishlistLineSchema
  .extend({
    quantity: z.number().int(),
    max_quantity: z
      .number()
      .int()
      .describe('The most this line may hold: the stock, but never more than the per-line cap'),
  })
  .meta({ id: 'CartLine' });
/** A cart line exactly as the API sends it. */
export type CartLineFromServer = z.infer<typeof cartLineSchema>;
/**
 * A cart line as the screens hold it. The server always sends `max_quantity`; it is optional here
 * only while the web app's optimistic stand-in lines are built without it.
 */
export type CartLine = Omit<CartLineFromServer, 'max_quantity'> & { max_quantity?: number };
