import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { CartLine, WishlistLine } from '@duka/domain';
import { NoticesProvider } from '../../../components/ui/notices.tsx';
import {
  cartQueries,
  useAddToCart,
  useAddToWishlist,
  useRemoveFromCart,
  type ProductForList,
} from './cart-api.ts';

const chair: ProductForList = {
  id: 7,
  title: 'Mvule chair',
  thumbnail: '/images/chair.webp',
  price: 250_000,
  discountPercentage: 10,
  stock: 4,
};

const serverLine = (over: Partial<CartLine> = {}): CartLine => ({
  id: 501,
  product_id: 7,
  user_id: 3,
  title: 'Mvule chair',
  variant_id: 70,
  variant: '',
  image: '/images/chair.webp',
  price: 250_000,
  discount_percentage: 10,
  stock: 4,
  quantity: 2,
  ...over,
});

/** A fetch that answers only when the test says so, so the screen can be seen meanwhile. */
function deferredFetch() {
  const calls: { url: string; method: string; answer: (status: number, body: unknown) => void }[] =
    [];
  const fetchMock = vi.fn(
    (url: string, init?: RequestInit) =>
      new Promise<Response>((resolve) => {
        calls.push({
          url,
          method: init?.method ?? 'GET',
          answer: (status, body) =>
            resolve(
              new Response(JSON.stringify(body), {
                status,
                headers: { 'Content-Type': 'application/json' },
              }),
            ),
        });
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

function Buttons() {
  const add = useAddToCart();
  const remove = useRemoveFromCart();
  const save = useAddToWishlist();
  return (
    <>
      <button onClick={() => add.mutate({ product: chair, quantity: 2 })}>add</button>
      <button onClick={() => remove.mutate({ productId: 7 })}>remove</button>
      <button onClick={() => save.mutate(chair)}>save</button>
    </>
  );
}

/** Like the header: keeps both lists loaded while mounted. */
function Lists() {
  useQuery(cartQueries.cart());
  useQuery(cartQueries.wishlist());
  return null;
}

function setUp(lists: { cart?: CartLine[]; wishlist?: WishlistLine[] }, watched = false) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
  if (lists.cart) client.setQueryData(['cart'], lists.cart);
  if (lists.wishlist) client.setQueryData(['wishlist'], lists.wishlist);
  render(
    <QueryClientProvider client={client}>
      <NoticesProvider>
        <MemoryRouter>
          <Routes>
            <Route
              path="/"
              element={
                <>
                  <Buttons />
                  {watched && <Lists />}
                </>
              }
            />
            <Route path="/login" element={<p>the log-in page</p>} />
          </Routes>
        </MemoryRouter>
      </NoticesProvider>
    </QueryClientProvider>,
  );
  return {
    client,
    cart: () => client.getQueryData<CartLine[]>(['cart']),
    wishlist: () => client.getQueryData<WishlistLine[]>(['wishlist']),
  };
}

const click = (name: string) => act(() => screen.getByRole('button', { name }).click());

beforeEach(() => sessionStorage.setItem('token', 'a-token'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('cart changes are optimistic', () => {
  it('show an added line at once, take it off the wishlist, then use the server line', async () => {
    const calls = deferredFetch();
    const wished = { ...serverLine({ id: 90 }), quantity: undefined } as unknown as WishlistLine;
    const lists = setUp({ cart: [], wishlist: [wished] });
    await click('add');
    await waitFor(() => expect(calls).toHaveLength(1));
    // The server has not answered yet.
    expect(lists.cart()).toMatchObject([{ product_id: 7, quantity: 2, title: 'Mvule chair' }]);
    expect(lists.wishlist()).toEqual([]);
    expect(JSON.parse(String(vi.mocked(fetch).mock.calls[0]![1]!.body))).toEqual({
      product_id: 7,
      quantity: 2,
    });

    await act(async () => calls[0]!.answer(201, { message: 'ok', item: serverLine() }));
    await screen.findByText('Product successfully added to your cart!');
    expect(lists.cart()).toEqual([serverLine()]);
  });

  it('keep the change when the call fails, say so, and leave the lists stale for the next load', async () => {
    const calls = deferredFetch();
    const lists = setUp({ cart: [serverLine()], wishlist: [] }, true);
    await click('remove');
    // Gone before the server has answered.
    await waitFor(() => expect(lists.cart()).toEqual([]));
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.answer(500, { error: 'Boom', code: 'INTERNAL' }));

    await screen.findByText('Failed to remove item from cart.');
    expect(lists.cart()).toEqual([]); // not undone
    expect(lists.client.getQueryState(['cart'])!.isInvalidated).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(calls).toHaveLength(1); // and not fetched again until a screen loads it
  });

  it("show the server's reason for a refusal", async () => {
    const calls = deferredFetch();
    setUp({ cart: [serverLine()], wishlist: [] });
    await click('add');
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () =>
      calls[0]!.answer(409, { error: 'Item is already in your cart.', code: 'ALREADY_IN_CART' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('Item is already in your cart.');
  });

  it('send a shopper whose session has ended to log in, with the spec message', async () => {
    const calls = deferredFetch();
    setUp({ cart: [], wishlist: [] });
    await click('save');
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => calls[0]!.answer(401, { error: 'Please log in', code: 'UNAUTHORIZED' }));
    await screen.findByText('the log-in page');
    expect(screen.getByRole('alert').textContent).toBe(
      'You need to log in to add items to the wishlist.',
    );
  });

  it('never pass off one added line as the whole cart while the cart is still loading', async () => {
    const calls = deferredFetch();
    const lists = setUp({}, true);
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/cart', '/api/wishlist']));
    await click('add'); // before the cart has loaded
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(lists.cart()).toBeUndefined();
    const older = serverLine({ id: 400, product_id: 3, title: 'Older line' });
    await act(async () => {
      calls[0]!.answer(200, [older]); // the first read, cancelled: ignored
      calls[2]!.answer(201, { message: 'ok', item: serverLine() });
    });
    // Both lists are read again from the server, which has the whole truth.
    await waitFor(() => expect(calls).toHaveLength(5));
    expect(calls.slice(3).map((c) => c.url)).toEqual(['/api/cart', '/api/wishlist']);
    await act(async () => calls[3]!.answer(200, [older, serverLine()]));
    await waitFor(() => expect(lists.cart()).toEqual([older, serverLine()]));
  });
});
