// The shop's settings (issue 33): the merchant changes the phone and the return window in
// Settings, and the footer, Delivery and Returns and a product page say them — in the browser and
// in the server's HTML before any JavaScript. The shop is shared: these run one after the other
// and put the settings back.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { ADMIN } from '../playwright.config.ts';

test.describe.configure({ mode: 'serial' });

type Auth = { authorization: string };

const settingsOf = async (request: APIRequestContext, auth: Auth) =>
  (await request.get('/api/admin/settings', { headers: auth })).json();

async function putSettings(request: APIRequestContext, auth: Auth, settings: unknown) {
  const res = await request.put('/api/admin/settings', { headers: auth, data: settings });
  expect(res.status(), await res.text()).toBe(200);
}

/** A page's HTML as the server sends it, without the comments React puts between text parts. */
const html = async (request: APIRequestContext, path: string) =>
  (await (await request.get(path)).text()).replace(/<!-- -->/g, '');

/** A product as the add-product form makes it: nothing written of warranty, shipping or returns. */
async function bareProduct(request: APIRequestContext, auth: Auth): Promise<number> {
  const image = (await (await request.get('/api/products/1')).json()).images[0] as string;
  const res = await request.post('/api/products', {
    headers: auth,
    data: {
      title: `Sisal basket ${Date.now()}`,
      brand: 'Machakos Weavers',
      description: 'A basket woven from sisal.',
      price: 150_000,
      tags: ['basket'],
      images: [image],
      category: 'Home Decoration',
      stock: 5,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product.id as number;
}

test('the merchant changes the phone and return window in Settings; the footer, Delivery and a product say them', async ({
  page,
  request,
  loggedInAdmin: _admin,
  apiAuth,
}) => {
  const auth = await apiAuth(ADMIN);
  const before = await settingsOf(request, auth);
  const productId = await bareProduct(request, auth);
  try {
    await page.goto('/dashboard/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    // A bad phone is refused at its field, and what was typed stays.
    await page.getByLabel('Phone').fill('12345');
    await page.getByLabel('Return window (days)').fill('14');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByLabel('Phone')).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByText('Enter a Kenyan phone number, such as 0712 345 678 or +254 712 345 678.'),
    ).toBeVisible();
    await expect(page.getByLabel('Return window (days)')).toHaveValue('14');

    await page.getByLabel('Phone').fill('0722 555 014');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Settings saved.' }).first(),
    ).toBeVisible();

    await page.goto('/delivery');
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('0722 555 014');
    await expect(footer).toContainText(/© 2024–20\d\d Duka/);
    await expect(footer.getByRole('link', { name: 'Payless' })).toHaveCount(0);
    await expect(
      page.getByRole('list', { name: 'At a glance' }).getByText('14 days', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('main')).toContainText('within 14 days of delivery');

    await page.goto(`/products/${productId}`);
    await expect(page.getByRole('term').filter({ hasText: 'Return policy' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('14 days return policy');
    // Nothing the merchant did not write.
    await expect(page.getByRole('term').filter({ hasText: 'Warranty' })).toHaveCount(0);
    await expect(page.getByRole('term').filter({ hasText: 'Weight' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText('0722 555 014');
  } finally {
    await putSettings(request, auth, before);
  }
});

test('the server’s HTML of Delivery, the footer and a product page carry the settings before any JavaScript', async ({
  request,
  apiAuth,
}) => {
  const auth = await apiAuth(ADMIN);
  const before = await settingsOf(request, auth);
  const productId = await bareProduct(request, auth);
  try {
    await putSettings(request, auth, { ...before, phone: '0733 100 021', return_window_days: 21 });
    const delivery = await html(request, '/delivery');
    expect(delivery).toContain('0733 100 021');
    expect(delivery).toContain('within 21 days of delivery');
    expect(delivery).not.toContain('size of your order');
    expect(delivery).not.toContain('href="/payless"');
    expect(delivery).toMatch(/© 2024–20\d\d Duka\. All rights reserved\./);

    const product = await html(request, `/products/${productId}`);
    expect(product).toContain('21 days return policy');
    expect(product).toContain('0733 100 021');
    expect(product).not.toContain('1 year warranty');
    expect(product).not.toContain('Ships in 1 weeks');
  } finally {
    await putSettings(request, auth, before);
  }
});
