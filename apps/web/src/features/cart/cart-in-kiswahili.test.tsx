// The cart, the wishlist and 'Add to Cart' in the Kiswahili shop (issue 37): every word from the
// cart's catalogue, the merchant's Kiswahili title where written, none of the English left.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { CartLine, CheckoutSummary, Product } from '@duka/domain';
import { CART_MESSAGES } from '@duka/domain/cart/messages';
import { quantityCapMessage } from '@duka/domain/cart/quantity-cap';
import type { Locale } from '@duka/domain/i18n/locale';
import { AppProviders, createQueryClient } from '../../app/providers.tsx';
import { loadCatalogues } from '../../lib/i18n/catalogue.ts';
import { LocaleProvider } from '../../lib/i18n/locale-context.tsx';
import { clearTokens, setTokens } from '../../lib/session-tokens.ts';
import { ProductActions } from './components/product-actions.tsx';
import CartPage from './routes/cart-page.tsx';
import WishlistPage from './routes/wishlist-page.tsx';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { cartTextIn } from './text.ts';

const line: CartLine & { title_sw: string } = {
  id: 501,
  product_id: 7,
  user_id: 3,
  title: 'Kikoi beach towel',
  title_sw: 'Taulo ya kikoi ya ufukweni',
  variant_id: null,
  variant: '',
  image: '/images/kikoi.webp',
  price: 150_000,
  discount_percentage: 0,
  stock: 1,
  quantity: 2,
  max_quantity: 10,
};

const product = {
  id: 7,
  title: 'Kikoi beach towel',
  title_sw: 'Taulo ya kikoi ya ufukweni',
  thumbnail: '/images/kikoi.webp',
  price: 150_000,
  discountPercentage: 0,
  stock: 4,
} as Product;

const summary: CheckoutSummary = {
  lines: [{ productId: 7, title: 'Kikoi beach towel', quantity: 2, lineTotalCents: 300_000 }],
  expectedDelivery: { from: '2026-12-01', to: '2026-12-04' },
  deliveryDays: { min: 3, max: 5 },
  pricesIncludeVat: true,
  itemCount: 2,
  itemsCents: 300_000,
  shippingCents: 0,
  beforeTaxCents: 270_000,
  vatCents: 0,
  totalCents: 270_000,
  discounts: [{ name: 'Weekend deal', code: 'SAVE10', amountCents: 30_000, on: 'items' }],
  discountTotalCents: 30_000,
  coupon: { code: 'SAVE10', message: null },
};

function shop(answers: Record<string, unknown>, status = 201) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      if (!(key in answers)) throw new Error(`unexpected ${key}`);
      return new Response(JSON.stringify(answers[key]), {
        status: key.startsWith('POST') ? status : 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

function renderIn(locale: Locale, page: React.ReactNode) {
  render(
    <LocaleProvider locale={locale}>
      <MemoryRouter initialEntries={['/cart']}>
        <AppProviders queryClient={createQueryClient()}>{page}</AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

// As a Kiswahili page does before its first render (main.tsx).
beforeAll(() => loadCatalogues('sw'));
beforeEach(() => setTokens('test-access-token'));
afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

describe('the cart in Kiswahili', () => {
  it('speaks Kiswahili throughout, with the Kiswahili title of the product', async () => {
    shop({ 'GET /api/cart': [line], 'GET /api/checkout/summary': summary });
    renderIn('sw', <CartPage behind={null} notice={null} />);

    const dialog = await screen.findByRole('dialog', { name: 'Kikapu cha ununuzi' });
    expect(document.title).toBe('Kikapu cha ununuzi | Duka');
    const lines = await within(dialog).findByRole('list', { name: 'Bidhaa kwenye kikapu chako' });
    expect(within(lines).getByRole('link', { name: 'Taulo ya kikoi ya ufukweni' })).toBeTruthy();
    expect(within(lines).getByText('Imebaki 1 tu dukani')).toBeTruthy();
    expect(within(lines).getByText('Jumla ndogo:')).toBeTruthy();
    for (const name of ['Bidhaa', 'Bei', 'Idadi', 'Jumla ndogo'])
      expect(within(dialog).getByRole('columnheader', { name })).toBeTruthy();
    expect(
      within(dialog).getAllByRole('button', { name: /^Ondoa\s*: Taulo ya kikoi ya ufukweni$/ }),
    ).toHaveLength(2); // the table's and the phone's card
    expect(within(dialog).getByText('Jumla ya bei')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Endelea kununua' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Kamilisha ununuzi' })).toBeTruthy();

    const discounts = await within(dialog).findByRole('region', { name: 'Punguzo' });
    expect(within(discounts).getByText('Bidhaa baada ya punguzo')).toBeTruthy();
    expect(
      within(discounts).getByText('Gharama ya usafirishaji huongezwa wakati wa kulipa.'),
    ).toBeTruthy();

    for (const english of [
      'Shopping Cart',
      'Continue Shopping',
      'Checkout',
      'Total Price',
      'Kikoi beach towel',
      'Only 1 left in stock',
      'Discounts',
      'Checkout adds delivery.',
    ])
      expect(within(dialog).queryByText(english)).toBeNull();
  });

  it('asks a logged-out shopper to log in, in Kiswahili', () => {
    clearTokens();
    shop({});
    renderIn('sw', <WishlistPage behind={null} />);
    expect(screen.getByRole('dialog', { name: 'Orodha ya matamanio' })).toBeTruthy();
    expect(screen.getByText('Unahitaji kuingia')).toBeTruthy();
    expect(
      screen.getByText('Tafadhali ingia ili kuona na kusimamia orodha yako ya matamanio.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ingia' })).toBeTruthy();
    expect(screen.queryByText('You need to log in')).toBeNull();
  });

  it("says 'added to your cart' in the shopper's language", async () => {
    shop({ 'POST /api/cart': { item: line } });
    renderIn('sw', <ProductActions product={product} quantity={1} variant={undefined} />);
    expect(screen.getByRole('button', { name: 'Ongeza kwenye orodha ya matamanio' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ongeza kwenye kikapu' }));
    expect(await screen.findByText('Bidhaa imeongezwa kwenye kikapu chako!')).toBeTruthy();
    expect(screen.queryByText(CART_MESSAGES.addedToCart)).toBeNull();
  });

  it("says the server's refusals in the shopper's language, the cap with its number", async () => {
    shop(
      {
        'POST /api/cart': {
          error: quantityCapMessage(10),
          code: 'QUANTITY_CAP',
        },
      },
      422,
    );
    renderIn('sw', <ProductActions product={product} quantity={12} variant={undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ongeza kwenye kikapu' }));
    expect(
      await screen.findByText('Unaweza kununua hadi 10 tu za bidhaa hii kwa kila oda.'),
    ).toBeTruthy();
    cleanup();

    shop(
      { 'POST /api/cart': { error: CART_MESSAGES.alreadyInCart, code: 'ALREADY_IN_CART' } },
      409,
    );
    renderIn('sw', <ProductActions product={product} quantity={1} variant={undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Ongeza kwenye kikapu' }));
    expect(await screen.findByText('Bidhaa hii tayari iko kwenye kikapu chako.')).toBeTruthy();
  });
});

describe('the cart’s English', () => {
  it('keeps the specification’s English words, and has every word in both languages', () => {
    const t = cartTextIn('en');
    const notices = Object.entries(CART_MESSAGES).filter(([key]) => `notice.${key}` in en);
    expect(notices).toHaveLength(10);
    for (const [key, english] of notices)
      expect(t(`notice.${key}` as keyof typeof en)).toBe(english);
    expect(t('cartView.loadFailed')).toBe(CART_MESSAGES.cartLoadFailed);
    expect(t('wishlistView.loadFailed')).toBe(CART_MESSAGES.wishlistLoadFailed);
    expect(t('cartLines.quantityCap', { cap: 5 })).toBe(quantityCapMessage(5));
    expect(Object.keys(sw).sort()).toEqual(Object.keys(en).sort());
    const swText = cartTextIn('sw');
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect(swText(key, { count: 2, cap: 5 }), key).not.toBe(t(key, { count: 2, cap: 5 }));
  });
});
