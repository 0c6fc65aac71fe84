// The back office's Promotions (issue 36): the admin adds a coupon code through the screen, for one
// product; a shopper (through the API) orders that product with the code typed in lower case and
// pays on the sandbox's page; the admin's list then shows the use, the paid order and its revenue.
// Always a coupon, never an automatic promotion: other journeys shop in the same shop meanwhile.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { createShopper } from '../fixtures/accounts.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { productInStock } from '../fixtures/checkout.ts';
import { DESKTOP, PHONE, settle } from '../fixtures/shop-pages.ts';
import { payInSandbox } from '../fixtures/orders.ts';
import { expect, test } from '../fixtures/test.ts';

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');
const NAIROBI_MS = 3 * 3_600_000;

/** An instant as a datetime-local field on Nairobi's clock takes it, and as the list writes it. */
function nairobi(instant: Date) {
  const local = new Date(instant.getTime() + NAIROBI_MS);
  const field = local.toISOString().slice(0, 16);
  const shown = `${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}, ${field.slice(11)}`;
  return { field, shown };
}

const ksh = (cents: number) => `Ksh ${Math.round(cents / 100).toLocaleString('en-KE')}`;

/** Axe on the page as it is, and screenshots at a phone's and a desktop's width to look at. */
async function check(page: Page, name: string) {
  const found: string[] = [];
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await settle(page);
    found.push(...(await seriousViolations(page, `${name} (${size})`)));
    // Nothing wider than a phone: the table turns into cards, the form into one column.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} scrolls sideways at ${viewport.width} px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true });
  }
  expect(found).toEqual([]);
}

/** A paid order of `productId` with `code` on the cart, made as a shopper through the API. */
async function orderWithCode(request: APIRequestContext, productId: number, code: string) {
  const shopper = await createShopper(request);
  const login = await request.post('/api/login', {
    data: { email: shopper.email, password: shopper.password },
  });
  const headers = { authorization: `Bearer ${(await login.json()).access_token}` };
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  await post('/api/cart', { product_id: productId, quantity: 2 });
  // Typed as a shopper might: in lower case.
  const summary = await post('/api/cart/coupon', { code: code.toLowerCase() });
  expect(summary.coupon).toEqual({ code, message: null });
  expect(summary.discountTotalCents).toBeGreaterThan(0);
  await post('/api/shipping', {
    name: 'Akinyi Otieno',
    street_address: 'Oginga Odinga Street 8',
    city: 'Kisumu',
    zip_code: '40100',
  });
  await post('/api/payment', { email: shopper.email });
  const { paymentId, order_id } = await post('/api/create-payment', {});
  await payInSandbox(request, headers, paymentId);
  const order = await (await request.get(`/api/order/${order_id}`, { headers })).json();
  expect(order.status).toBe('paid');
  return order as { order_total: number; discount_total: number; discounts: { code: string }[] };
}

test('the admin adds a coupon on the Promotions screen and sees its use, order and revenue', async ({
  page,
  request,
  loggedInAdmin: _admin,
}) => {
  const productId = await productInStock(request, 10);
  const product = await (await request.get(`/api/products/${productId}`)).json();
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const code = `JRNY-${tag}`;
  const name = `Journey coupon ${tag}`;
  const ends = nairobi(new Date(Date.now() + 30 * 86_400_000));

  // The sidebar's link, shown to the owner.
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Promotions' })
    .click();
  await expect(page.getByRole('heading', { name: 'Promotions', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'Add promotion' }).click();
  await expect(page.getByRole('heading', { name: 'Add promotion', level: 1 })).toBeVisible();

  await page.getByLabel('Name', { exact: true }).fill(name);
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByLabel('Kind of promotion').selectOption({ label: 'Percentage off' });
  await page.getByLabel('Percentage off (%)').fill('10');
  await page.getByLabel('Find products by name').fill(product.title);
  await page.getByRole('button', { name: `Add ${product.title}`, exact: true }).click();
  await expect(page.getByLabel('Product ids')).toHaveValue(String(productId));
  await expect(page.getByRole('list', { name: 'Chosen products' })).toContainText(product.title);
  await page.getByLabel('Ends').fill(ends.field);
  await page.getByLabel('Uses in all').fill('5');
  await check(page, 'promotion-form');

  await page.getByRole('button', { name: 'Add promotion' }).click();
  await expect(page.getByText('Promotion added')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/promotions$/);
  const row = page.getByRole('row').filter({ hasText: name });
  const cells = row.getByRole('cell');
  await expect(cells).toHaveText([
    name,
    code, // kept in upper case
    /^10% offOn 1 product$/,
    `Until ${ends.shown}`,
    'Live',
    '0 of 5',
    '0',
    'Ksh 0',
    /Edit/,
  ]);

  // The same code again is refused at its field, and what was typed stays.
  await page.getByRole('link', { name: 'Add promotion' }).click();
  await page.getByLabel('Name', { exact: true }).fill(`${name} again`);
  await page.getByLabel('Coupon code').fill(code);
  await page.getByLabel('Percentage off (%)').fill('5');
  await page.getByRole('button', { name: 'Add promotion' }).click();
  await expect(
    page.getByText(`The promotion '${name}' already has the code ${code}.`),
  ).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(`${name} again`);
  await page.getByRole('link', { name: 'Cancel' }).click();

  const order = await orderWithCode(request, productId, code);
  expect(order.discounts.map((d) => d.code)).toEqual([code]);

  await page.reload();
  await expect(cells.nth(5)).toHaveText('1 of 5');
  await expect(cells.nth(6)).toHaveText('1');
  await expect(cells.nth(7)).toHaveText(ksh(order.order_total));
  await check(page, 'promotions-list');

  // Deleting asks first; the paid order keeps its discount.
  await row.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete promotion' });
  await expect(dialog).toContainText(`its code ${code} can be used again`);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Promotion ‘${name}’ deleted`)).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(0);
});
