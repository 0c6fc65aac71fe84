import { z } from 'zod';
import { CART_MESSAGES } from './messages.ts';
import { centsSchema } from '../common/schemas.ts';

// Re-exported, so imports from here and from the package root keep working.
export { CART_MESSAGES };

const INT4_MAX = 2_147_483_647;
const PRODUCT_ID = 'product_id must be a product id';
const QUANTITY = 'Quantity must be a whole number of at least 1';

// Bodies take JSON numbers as they are (no coercion: `true` or "2" is not a quantity); path
// parameters arrive as text and are coerced.
const productId = z
  .number({ error: PRODUCT_ID })
  .int(PRODUCT_ID)
  .positive(PRODUCT_ID)
  .max(INT4_MAX);

/** 1 or more; the upper bound is the product's stock, checked by the server (422). */
const quantity = z.number({ error: QUANTITY }).int(QUANTITY).min(1, QUANTITY);

/** POST /api/cart. SPEC §3 also sends price and user_id: both are ignored (stripped). */
export const cartItemInputSchema = z.object({
  product_id: productId,
  quantity: quantity.default(1),
});
export type CartItemInput = z.input<typeof cartItemInputSchema>;

export const cartQuantitySchema = z.object({ quantity });

/** POST /api/wishlist. user_id is ignored. */
export const wishlistItemInputSchema = z.object({ product_id: productId });

export const productIdParamSchema = z.object({
  id: z.coerce.number({ error: PRODUCT_ID }).int(PRODUCT_ID).positive(PRODUCT_ID).max(INT4_MAX),
});

export const wishlistLineSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    user_id: z.number().int(),
    title: z.string(),
    image: z.string(),
    price: centsSchema,
    discount_percentage: z.number(),
    stock: z.number().int(),
  })
  .meta({ id: 'WishlistLine' });
export type WishlistLine = z.infer<typeof wishlistLineSchema>;

export const cartLineSchema = wishlistLineSchema
  .extend({ quantity: z.number().int() })
  .meta({ id: 'CartLine' });
export type CartLine = z.infer<typeof cartLineSchema>;
