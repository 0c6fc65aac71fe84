// Adding a promotion against a stand-in API: choosing the kind shows its fields, a product is
// found by name, the body sent is what was typed (Nairobi's clock, shillings), the shared schema
// refuses before anything is sent, and the server's refusals show at their fields with
// everything typed kept.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { standInApi } from '../../../testing/back-office-screen.tsx';
import { promotion } from '../components/promotion-fixture.ts';
import AddPromotionPage from './add-promotion-page.tsx';

const api = standInApi();

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const chooseKind = (label: string) => {
  const select = screen.getByLabelText('Kind of promotion') as HTMLSelectElement;
  const option = within(select).getByRole('option', { name: label }) as HTMLOptionElement;
  fireEvent.change(select, { target: { value: option.value } });
};
const add = () => fireEvent.click(screen.getByRole('button', { name: 'Add promotion' }));
const posts = () => api.calls.filter((c) => c.startsWith('POST'));
/** The error a field shows, as its screen reader hears it. */
const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.find((id) => id.endsWith('-error'));
  return error ? document.getElementById(error)?.textContent : undefined;
};

function catalogue() {
  api.routes['GET /api/products/categories'] = () => ({
    body: [
      { slug: 'laptops', name: 'Laptops', count: 12 },
      { slug: 'furniture', name: 'Furniture', count: 20 },
    ],
  });
  api.routes['GET /api/products/brands'] = () => ({ body: [{ name: 'Kiondo Crafts', count: 3 }] });
  api.routes['GET /api/products'] = () => ({
    body: {
      products: [{ id: 4, title: 'Kiondo basket' }],
      total: 1,
      skip: 0,
      limit: 8,
    },
  });
  api.routes['GET /api/products/4'] = () => ({ body: { id: 4, title: 'Kiondo basket' } });
}

describe('Add promotion', () => {
  it('shows the fields of the kind chosen, and only those', async () => {
    catalogue();
    api.renderAs(<AddPromotionPage />);
    expect(screen.getByLabelText('Percentage off (%)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What it applies to' })).toBeTruthy();

    chooseKind('Buy X get Y');
    expect(screen.queryByLabelText('Percentage off (%)')).toBeNull();
    expect(screen.getByLabelText('Buy (units)')).toBeTruthy();
    expect(screen.getByLabelText('Get (units)')).toBeTruthy();
    expect((screen.getByLabelText('Off the units they get (%)') as HTMLInputElement).value).toBe(
      '100',
    );

    chooseKind('Free or cheaper delivery');
    expect(screen.getByLabelText('Off the delivery fee (Ksh)')).toBeTruthy();
    // Delivery offers apply to delivery: no products, categories or brands.
    expect(screen.queryByRole('heading', { name: 'What it applies to' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Counties' })).toBeNull();
    fireEvent.click(screen.getByLabelText('Chosen counties'));
    expect(
      within(screen.getByRole('list', { name: 'Counties' })).getAllByRole('checkbox'),
    ).toHaveLength(47);

    chooseKind('Sale price (flash sale)');
    expect(screen.getByLabelText('Sale price (Ksh)')).toBeTruthy();
    expect(screen.getByLabelText('Units at this price')).toBeTruthy();
    // A sale is for products or variants only.
    expect(screen.queryByRole('group', { name: 'Categories' })).toBeNull();
    fireEvent.click(screen.getByLabelText('A percentage off'));
    expect(screen.queryByLabelText('Sale price (Ksh)')).toBeNull();
    expect(screen.getByLabelText('Percentage off (%)')).toBeTruthy();

    // Back to the first kind: what was typed for it is still there.
    chooseKind('Percentage off');
    type('Percentage off (%)', '15');
    chooseKind('Amount off');
    chooseKind('Percentage off');
    expect((screen.getByLabelText('Percentage off (%)') as HTMLInputElement).value).toBe('15');
  });

  it('adds a coupon for a product found by name, in Nairobi time, and goes back to the list', async () => {
    catalogue();
    let sent: unknown;
    api.routes['POST /api/admin/promotions'] = (init) => {
      sent = JSON.parse(String(init?.body));
      return { status: 201, body: promotion({ id: 9 }) };
    };
    api.renderAs(<AddPromotionPage />);
    type('Name', 'Kiondo week');
    type('Coupon code', 'kiondo10');
    type('Percentage off (%)', '10');
    type('Find products by name', 'kiondo');
    fireEvent.click(await screen.findByRole('button', { name: 'Add Kiondo basket' }));
    expect((screen.getByLabelText('Product ids') as HTMLInputElement).value).toBe('4');
    const chosen = screen.getByRole('list', { name: 'Chosen products' });
    expect(await within(chosen).findByText(/Kiondo basket/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Kiondo basket is chosen' })).toHaveProperty(
      'disabled',
      true,
    );
    fireEvent.click(screen.getByLabelText('Laptops'));
    type('Starts', '2026-11-27T09:00');
    type('Ends', '2026-11-30T23:59');
    type('Uses in all', '100');
    type('Uses per customer', '1');
    fireEvent.click(screen.getByLabelText(/^First order only/));
    add();

    expect(await screen.findByText('Promotion added')).toBeTruthy();
    expect(sent).toEqual({
      name: 'Kiondo week',
      code: 'kiondo10',
      type: 'percent_off',
      value: 10,
      applies_to: { product_ids: [4], variant_ids: [], categories: ['laptops'], brands: [] },
      counties: null,
      buy_quantity: null,
      get_quantity: null,
      get_percent: null,
      sale_price: null,
      quantity_cap: null,
      min_order: null,
      starts_at: '2026-11-27T09:00:00+03:00',
      ends_at: '2026-11-30T23:59:00+03:00',
      usage_limit: 100,
      per_customer_limit: 1,
      first_order_only: true,
      exclusive: false,
      combinable: false,
    });
    expect(api.calls).toContain('GET /api/products?q=kiondo&limit=8');
  });

  it('refuses with the shared schema’s words at each field, and sends nothing', async () => {
    catalogue();
    api.renderAs(<AddPromotionPage />);
    type('Percentage off (%)', '150');
    type('Starts', '2026-11-30T10:00');
    type('Ends', '2026-11-30T09:00');
    add();
    expect(await screen.findByText('Please correct the fields marked above.')).toBeTruthy();
    expect(errorOf('Name')).toBe('Name is required');
    expect(errorOf('Percentage off (%)')).toBe(
      'Enter a percentage from 0.01 to 100, with at most two decimals.',
    );
    expect(errorOf('Ends')).toBe('The end must be after the start.');
    expect(posts()).toEqual([]);
  });

  it('shows the server’s refusals at their fields and keeps everything typed', async () => {
    catalogue();
    api.routes['POST /api/admin/promotions'] = () => ({
      status: 409,
      body: {
        error: 'Another promotion has this code.',
        code: 'CODE_TAKEN',
        fields: { code: "The promotion 'Ten off' already has the code TEN." },
      },
    });
    api.renderAs(<AddPromotionPage />);
    type('Name', 'Another ten');
    type('Coupon code', 'ten');
    chooseKind('Amount off');
    type('Amount off (Ksh)', '1,500');
    type('Product ids', '4, 999');
    add();
    expect(await screen.findByText('Please correct the fields marked above.')).toBeTruthy();
    expect(errorOf('Coupon code')).toBe("The promotion 'Ten off' already has the code TEN.");
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Another ten');
    expect((screen.getByLabelText('Coupon code') as HTMLInputElement).value).toBe('ten');
    expect((screen.getByLabelText('Amount off (Ksh)') as HTMLInputElement).value).toBe('1,500');

    api.routes['POST /api/admin/promotions'] = () => ({
      status: 400,
      body: {
        error: 'Invalid body',
        code: 'VALIDATION_FAILED',
        fields: { 'applies_to.product_ids': 'Not in the catalogue: 999.', 'form-wide': 'Odd.' },
      },
    });
    type('Coupon code', 'TEN2');
    add();
    expect(await screen.findByText('Not in the catalogue: 999.')).toBeTruthy();
    expect(errorOf('Product ids')).toBe('Not in the catalogue: 999.');
    expect(errorOf('Coupon code')).toBeUndefined();
    // What no field shows is said beside the button.
    expect(screen.getByText('Odd.')).toBeTruthy();
    expect((screen.getByLabelText('Product ids') as HTMLInputElement).value).toBe('4, 999');
    expect(posts()).toHaveLength(2);
    expect(screen.queryByText('Promotion added')).toBeNull();
  });
});
