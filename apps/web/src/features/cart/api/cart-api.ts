// Cart and wishlist calls. Every change is optimistic (see use-list-mutation.ts); adding to one
// list takes the product off the other, as the server does.
import { queryOptions } from '@tanstack/react-query';
import type { CartLine, CheckoutSummary, WishlistLine } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';
import { useCartText } from '../text.ts';
import { useListMutation } from './use-list-mutation.ts';

export const cartQueries = {
  cart: () => queryOptions({ queryKey: ['cart'], queryFn: () => api<CartLine[]>('/cart') }),
  wishlist: () =>
    queryOptions({ queryKey: ['wishlist'], queryFn: () => api<WishlistLine[]>('/wishlist') }),
  /**
   * The cart priced by the server as checkout prices it, for its discounts (issue 36): the same
   * query as checkout's step 3, so a change to the cart (which marks ['checkout'] stale) or to its
   * code refreshes both.
   */
  priced: () =>
    queryOptions({
      queryKey: ['checkout', 'summary'],
      queryFn: () => api<CheckoutSummary>('/checkout/summary'),
      staleTime: 0,
    }),
};

/**
 * What the screens know of a product when they add it (enough to show the line at once): with a
 * chosen size or colour, that variant's id, title, price, stock and image.
 */
export interface ProductForList {
  id: number;
  title: string;
  /** The merchant's Kiswahili title, shown on /sw/ when written (issue 37). */
  title_sw?: string | null | undefined;
  thumbnail: string;
  price: number;
  discountPercentage: number;
  stock: number;
  variantId?: number | undefined;
  variant?: string | undefined;
}

/** Which line: the product, and its variant when the line names one. */
export interface LineRef {
  productId: number;
  variantId?: number | null | undefined;
}

const standIn = (p: ProductForList): WishlistLine & { title_sw?: string | null | undefined } => ({
  id: -(p.variantId ?? p.id), // until the server answers with the real line
  product_id: p.id,
  user_id: 0,
  title: p.title,
  title_sw: p.title_sw,
  variant_id: p.variantId ?? null,
  variant: p.variant ?? '',
  image: p.thumbnail,
  price: p.price,
  discount_percentage: p.discountPercentage,
  stock: p.stock,
});

/** A cart or wishlist line as a product, for moving it to the other list. */
export function productOfLine(
  line: WishlistLine & { title_sw?: string | null | undefined },
): ProductForList {
  return {
    id: line.product_id,
    title: line.title,
    title_sw: line.title_sw,
    thumbnail: line.image,
    price: line.price,
    discountPercentage: line.discount_percentage,
    stock: line.stock,
    variantId: line.variant_id ?? undefined,
    variant: line.variant || undefined,
  };
}

type Line = { product_id: number; variant_id: number | null };

/** True when the line is the one meant: without a variant, any line of the product. */
const isLine = (ref: LineRef) => (l: Line) =>
  l.product_id === ref.productId && (ref.variantId == null || l.variant_id === ref.variantId);

const without =
  (ref: LineRef) =>
  <T extends Line>(lines: T[]) =>
    lines.filter((l) => !isLine(ref)(l));

/** The server's line takes the place of its own, or of the stand-in shown while it answered. */
const replacing =
  <T extends Line & { id: number }>(item: T) =>
  (lines: T[]) =>
    lines.map((l) =>
      l.product_id === item.product_id &&
      (l.variant_id === item.variant_id || (l.id < 0 && l.variant_id === null))
        ? item
        : l,
    );

/** `/cart/7?variant_id=12`: the line of that variant. */
const lineUrl = (list: 'cart' | 'wishlist', ref: LineRef) =>
  `/${list}/${ref.productId}${ref.variantId != null ? `?variant_id=${ref.variantId}` : ''}`;

const refOf = (p: ProductForList): LineRef => ({ productId: p.id, variantId: p.variantId });

export function useAddToCart() {
  const t = useCartText();
  return useListMutation({
    request: ({ product, quantity }: { product: ProductForList; quantity: number }) =>
      api<{ item: CartLine }>('/cart', {
        method: 'POST',
        body: { product_id: product.id, variant_id: product.variantId, quantity },
      }),
    optimistic: ({ product, quantity }, edit) => {
      edit<CartLine>('cart', (lines) =>
        lines.some(isLine(refOf(product))) ? lines : [...lines, { ...standIn(product), quantity }],
      );
      edit<WishlistLine>('wishlist', without({ productId: product.id }));
    },
    confirmed: ({ item }, edit) => edit<CartLine>('cart', replacing(item)),
    success: t('notice.addedToCart'),
    failure: t('notice.addToCartFailed'),
    loggedOut: t('notice.loginForCart'),
  });
}

export function useRemoveFromCart() {
  const t = useCartText();
  return useListMutation({
    request: (ref: LineRef) => api(lineUrl('cart', ref), { method: 'DELETE' }),
    optimistic: (ref, edit) => edit<CartLine>('cart', without(ref)),
    success: t('notice.removedFromCart'),
    failure: t('notice.removeFromCartFailed'),
  });
}

export function useSetCartQuantity() {
  const t = useCartText();
  return useListMutation({
    request: ({ quantity, ...ref }: LineRef & { quantity: number }) =>
      api<{ item: CartLine }>(lineUrl('cart', ref), { method: 'PATCH', body: { quantity } }),
    optimistic: ({ quantity, ...ref }, edit) =>
      edit<CartLine>('cart', (lines) =>
        lines.map((l) => (isLine(ref)(l) ? { ...l, quantity } : l)),
      ),
    failure: t('notice.quantityFailed'),
  });
}

export function useAddToWishlist() {
  const t = useCartText();
  return useListMutation({
    request: (product: ProductForList) =>
      api<{ item: WishlistLine }>('/wishlist', {
        method: 'POST',
        body: { product_id: product.id, variant_id: product.variantId },
      }),
    optimistic: (product, edit) => {
      edit<WishlistLine>('wishlist', (lines) =>
        lines.some((l) => l.product_id === product.id) ? lines : [...lines, standIn(product)],
      );
      edit<CartLine>('cart', without({ productId: product.id }));
    },
    confirmed: ({ item }, edit) => edit<WishlistLine>('wishlist', replacing(item)),
    success: t('notice.addedToWishlist'),
    failure: t('notice.addToWishlistFailed'),
    loggedOut: t('notice.loginForWishlist'),
  });
}

export function useRemoveFromWishlist() {
  const t = useCartText();
  return useListMutation({
    request: (productId: number) => api(`/wishlist/${productId}`, { method: 'DELETE' }),
    optimistic: (productId, edit) => edit<WishlistLine>('wishlist', without({ productId })),
    success: t('notice.removedFromWishlist'),
    failure: t('notice.removeFromWishlistFailed'),
  });
}
