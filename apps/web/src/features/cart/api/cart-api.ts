// Cart and wishlist calls. Every change is optimistic (see use-list-mutation.ts); adding to one
// list takes the product off the other, as the server does.
import { queryOptions } from '@tanstack/react-query';
import type { CartLine, WishlistLine } from '@duka/domain';
import { CART_MESSAGES } from '@duka/domain/cart/messages';
import { api } from '../../../lib/api-client.ts';
import { useListMutation } from './use-list-mutation.ts';

export const cartQueries = {
  cart: () => queryOptions({ queryKey: ['cart'], queryFn: () => api<CartLine[]>('/cart') }),
  wishlist: () =>
    queryOptions({ queryKey: ['wishlist'], queryFn: () => api<WishlistLine[]>('/wishlist') }),
};

/** What the screens know of a product when they add it (enough to show the line at once). */
export interface ProductForList {
  id: number;
  title: string;
  thumbnail: string;
  price: number;
  discountPercentage: number;
  stock: number;
}

const standIn = (p: ProductForList): WishlistLine => ({
  id: -p.id, // until the server answers with the real line
  product_id: p.id,
  user_id: 0,
  title: p.title,
  image: p.thumbnail,
  price: p.price,
  discount_percentage: p.discountPercentage,
  stock: p.stock,
});

/** A cart or wishlist line as a product, for moving it to the other list. */
export function productOfLine(line: WishlistLine): ProductForList {
  return {
    id: line.product_id,
    title: line.title,
    thumbnail: line.image,
    price: line.price,
    discountPercentage: line.discount_percentage,
    stock: line.stock,
  };
}

const without =
  (productId: number) =>
  <T extends { product_id: number }>(lines: T[]) =>
    lines.filter((l) => l.product_id !== productId);

const replacing =
  <T extends { product_id: number }>(item: T) =>
  (lines: T[]) =>
    lines.map((l) => (l.product_id === item.product_id ? item : l));

export function useAddToCart() {
  return useListMutation({
    request: ({ product, quantity }: { product: ProductForList; quantity: number }) =>
      api<{ item: CartLine }>('/cart', {
        method: 'POST',
        body: { product_id: product.id, quantity },
      }),
    optimistic: ({ product, quantity }, edit) => {
      edit<CartLine>('cart', (lines) =>
        lines.some((l) => l.product_id === product.id)
          ? lines
          : [...lines, { ...standIn(product), quantity }],
      );
      edit<WishlistLine>('wishlist', without(product.id));
    },
    confirmed: ({ item }, edit) => edit<CartLine>('cart', replacing(item)),
    success: CART_MESSAGES.addedToCart,
    failure: CART_MESSAGES.addToCartFailed,
    loggedOut: CART_MESSAGES.loginForCart,
  });
}

export function useRemoveFromCart() {
  return useListMutation({
    request: (productId: number) => api(`/cart/${productId}`, { method: 'DELETE' }),
    optimistic: (productId, edit) => edit<CartLine>('cart', without(productId)),
    success: CART_MESSAGES.removedFromCart,
    failure: CART_MESSAGES.removeFromCartFailed,
  });
}

export function useSetCartQuantity() {
  return useListMutation({
    request: ({ productId, quantity }: { productId: number; quantity: number }) =>
      api<{ item: CartLine }>(`/cart/${productId}`, { method: 'PATCH', body: { quantity } }),
    optimistic: ({ productId, quantity }, edit) =>
      edit<CartLine>('cart', (lines) =>
        lines.map((l) => (l.product_id === productId ? { ...l, quantity } : l)),
      ),
    failure: 'Failed to update the quantity.',
  });
}

export function useAddToWishlist() {
  return useListMutation({
    request: (product: ProductForList) =>
      api<{ item: WishlistLine }>('/wishlist', {
        method: 'POST',
        body: { product_id: product.id },
      }),
    optimistic: (product, edit) => {
      edit<WishlistLine>('wishlist', (lines) =>
        lines.some((l) => l.product_id === product.id) ? lines : [...lines, standIn(product)],
      );
      edit<CartLine>('cart', without(product.id));
    },
    confirmed: ({ item }, edit) => edit<WishlistLine>('wishlist', replacing(item)),
    success: CART_MESSAGES.addedToWishlist,
    failure: CART_MESSAGES.addToWishlistFailed,
    loggedOut: CART_MESSAGES.loginForWishlist,
  });
}

export function useRemoveFromWishlist() {
  return useListMutation({
    request: (productId: number) => api(`/wishlist/${productId}`, { method: 'DELETE' }),
    optimistic: (productId, edit) => edit<WishlistLine>('wishlist', without(productId)),
    success: CART_MESSAGES.removedFromWishlist,
    failure: CART_MESSAGES.removeFromWishlistFailed,
  });
}
