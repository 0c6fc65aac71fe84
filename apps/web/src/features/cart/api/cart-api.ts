// Cart and wishlist calls with optimistic updates (SPEC §4): the screen changes first; a failed
// call shows the failure notice but does not undo the change; the next load shows the server's
// truth.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CartLine, WishlistLine } from '@duka/domain';
import { CART_MESSAGES } from '@duka/domain/cart/schemas';
import { useNotice } from '../../../components/ui/notices.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';

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

const lineOf = (p: ProductForList): WishlistLine => ({
  id: -p.id, // a stand-in id until the server answers
  product_id: p.id,
  user_id: 0,
  title: p.title,
  image: p.thumbnail,
  price: p.price,
  discount_percentage: p.discountPercentage,
  stock: p.stock,
});

function messageOf(err: unknown, fallback: string): string {
  // The server's own words when it refused for a reason (already in the cart, out of stock…).
  return err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401
    ? err.message
    : fallback;
}

function useLists() {
  const queryClient = useQueryClient();
  const edit = <T>(key: 'cart' | 'wishlist', change: (lines: T[]) => T[]) =>
    queryClient.setQueryData<T[]>([key], (lines) => change(lines ?? []));
  const stop = () =>
    Promise.all([
      queryClient.cancelQueries({ queryKey: ['cart'] }),
      queryClient.cancelQueries({ queryKey: ['wishlist'] }),
    ]);
  return { queryClient, edit, stop };
}

export function useAddToCart() {
  const notice = useNotice();
  const { queryClient, edit, stop } = useLists();
  return useMutation({
    mutationFn: ({ product, quantity }: { product: ProductForList; quantity: number }) =>
      api<{ item: CartLine }>('/cart', {
        method: 'POST',
        body: { product_id: product.id, quantity },
      }),
    onMutate: async ({ product, quantity }) => {
      await stop();
      edit<CartLine>('cart', (lines) =>
        lines.some((l) => l.product_id === product.id)
          ? lines
          : [...lines, { ...lineOf(product), quantity }],
      );
      edit<WishlistLine>('wishlist', (lines) => lines.filter((l) => l.product_id !== product.id));
    },
    onSuccess: ({ item }) => {
      edit<CartLine>('cart', (lines) =>
        lines.map((l) => (l.product_id === item.product_id ? item : l)),
      );
      notice('success', CART_MESSAGES.addedToCart);
      void queryClient.invalidateQueries({ queryKey: ['checkout'] });
    },
    onError: (err) => notice('error', messageOf(err, CART_MESSAGES.addToCartFailed)),
  });
}

export function useRemoveFromCart() {
  const notice = useNotice();
  const { queryClient, edit, stop } = useLists();
  return useMutation({
    mutationFn: (productId: number) => api(`/cart/${productId}`, { method: 'DELETE' }),
    onMutate: async (productId) => {
      await stop();
      edit<CartLine>('cart', (lines) => lines.filter((l) => l.product_id !== productId));
    },
    onSuccess: () => {
      notice('success', CART_MESSAGES.removedFromCart);
      void queryClient.invalidateQueries({ queryKey: ['checkout'] });
    },
    onError: (err) => notice('error', messageOf(err, CART_MESSAGES.removeFromCartFailed)),
  });
}

export function useSetCartQuantity() {
  const notice = useNotice();
  const { queryClient, edit, stop } = useLists();
  return useMutation({
    mutationFn: ({ productId, quantity }: { productId: number; quantity: number }) =>
      api<{ item: CartLine }>(`/cart/${productId}`, { method: 'PATCH', body: { quantity } }),
    onMutate: async ({ productId, quantity }) => {
      await stop();
      edit<CartLine>('cart', (lines) =>
        lines.map((l) => (l.product_id === productId ? { ...l, quantity } : l)),
      );
    },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['checkout'] }),
    onError: (err) => notice('error', messageOf(err, 'Failed to update the quantity.')),
  });
}

export function useAddToWishlist() {
  const notice = useNotice();
  const { queryClient, edit, stop } = useLists();
  return useMutation({
    mutationFn: (product: ProductForList) =>
      api<{ item: WishlistLine }>('/wishlist', {
        method: 'POST',
        body: { product_id: product.id },
      }),
    onMutate: async (product) => {
      await stop();
      edit<WishlistLine>('wishlist', (lines) =>
        lines.some((l) => l.product_id === product.id) ? lines : [...lines, lineOf(product)],
      );
      edit<CartLine>('cart', (lines) => lines.filter((l) => l.product_id !== product.id));
    },
    onSuccess: ({ item }) => {
      edit<WishlistLine>('wishlist', (lines) =>
        lines.map((l) => (l.product_id === item.product_id ? item : l)),
      );
      notice('success', CART_MESSAGES.addedToWishlist);
      void queryClient.invalidateQueries({ queryKey: ['checkout'] });
    },
    onError: (err) => notice('error', messageOf(err, CART_MESSAGES.addToWishlistFailed)),
  });
}

export function useRemoveFromWishlist() {
  const notice = useNotice();
  const { edit, stop } = useLists();
  return useMutation({
    mutationFn: (productId: number) => api(`/wishlist/${productId}`, { method: 'DELETE' }),
    onMutate: async (productId) => {
      await stop();
      edit<WishlistLine>('wishlist', (lines) => lines.filter((l) => l.product_id !== productId));
    },
    onSuccess: () => notice('success', CART_MESSAGES.removedFromWishlist),
    onError: (err) => notice('error', messageOf(err, CART_MESSAGES.removeFromWishlistFailed)),
  });
}

/** A wishlist or cart line as ProductForList, for moving it to the other list. */
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
