// A coupon code in checkout (issue 36): the admin makes coupons through the API, the shopper types a
// wrong code and a code their cart is too small for (each said in plain words), the right one (its
// discount line and the lower total), takes it off (the total back), applies it again, sees it in the
// cart, pays in the sandbox, and the order keeps the discount. Coupons only, restricted to one
// product: a code applies only when typed, so journeys running beside this one are untouched.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { expect, test } from '../fixtures/test.ts';
import { seriousViolationsAtBothSizes } from '../fixtures/axe.ts';
import { addToCart, goToSummary, productInStock } from '../fixtures/checkout.ts';

/** Where to keep screenshots to look at (E2E_SCREENS=/some/dir), none otherwise. */
const SCREENS = process.env.E2E_SCREENS;

const ksh = (shillings: number) => `Ksh ${shillings.toLocaleString('en-KE')}`;

async function createCoupon(
  request: APIRequestContext,
  headers: { authorization: string },
  promotion: Record<string, unknown>,
) {
  const res = await request.post('/api/admin/promotions', { headers, data: promotion });
  expect(res.status(), await res.text()).toBe(201);
}

/** A figure of step 3's 'Order summary', in whole shillings. */
async function figure(page: Page, label: string): Promise<number> {
  const row = page.getByLabel('Order summary').locator('div').filter({ hasText: label });
  const text = await row.getByRole('definition').textContent();
  return Number((text ?? '').replace(/[^\d]/g, ''));
}

test('a shopper applies a coupon at checkout, removes it, applies it again and pays with it', async ({
  page,
  request,
  apiAuth,
  allowConsoleErrors,
  loggedInShopper: _shopper,
}) => {
  // The refused codes are 422s on purpose; the browser logs each.
  allowConsoleErrors(/status of 422 .*\/api\/cart\/coupon\)/);
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const code = `E2E-${tag}`;
  const name = `Journey deal ${tag}`;
  const productId = await productInStock(request, 30);
  expect(productId).toBeDefined();
  const admin = await apiAuth(ADMIN);
  const forProduct = { applies_to: { product_ids: [productId] } };
  await createCoupon(request, admin, {
    name,
    code,
    type: 'amount_off',
    value: 100,
    ...forProduct,
  });
  await createCoupon(request, admin, {
    name: `Big spenders ${tag}`,
    code: `BIG-${tag}`,
    type: 'percent_off',
    value: 20,
    min_order: 1_000_000,
    ...forProduct,
  });

  await addToCart(page, productId);
  await goToSummary(page);
  const field = page.getByLabel('Have a coupon code?');
  const apply = page.getByRole('button', { name: 'Apply' });
  const totalBefore = await figure(page, 'Order Total');
  const beforeTax = await figure(page, 'Before Tax');

  // A code that is not one, and one the cart is too small for: said in plain words, text kept.
  await field.fill(`NOPE-${tag}`);
  await apply.click();
  await expect(page.getByRole('alert')).toHaveText('This code is not valid.');
  await expect(field).toHaveValue(`NOPE-${tag}`);
  await field.fill(`big-${tag.toLowerCase()}`);
  await field.press('Enter');
  await expect(page.getByRole('alert')).toHaveText('Spend Ksh 1,000,000 or more to use this code.');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(await figure(page, 'Order Total')).toBe(totalBefore);

  // The right code, typed in lower case: its line, by name and code, and the server's lower total.
  await field.fill(code.toLowerCase());
  await apply.click();
  const line = page.getByLabel('Order summary').getByText(`${name} (${code})`);
  await expect(line).toBeVisible();
  await expect(page.getByLabel('Order summary').getByText('−Ksh 100')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'applied.' })).toHaveText(
    `${code} applied.`,
  );
  expect(await figure(page, 'Before Tax')).toBe(beforeTax - 100);
  const totalWith = await figure(page, 'Order Total');
  expect(totalWith).toBeLessThan(totalBefore);
  expect(await seriousViolationsAtBothSizes(page, 'coupon-applied')).toEqual([]);

  // Taken off: the total is back, the field is back (and empty).
  await page.getByRole('button', { name: `Remove code ${code}` }).click();
  await expect(line).toHaveCount(0);
  await expect(field).toHaveValue('');
  expect(await figure(page, 'Order Total')).toBe(totalBefore);
  expect(await seriousViolationsAtBothSizes(page, 'coupon-field')).toEqual([]);

  await field.fill(code);
  await apply.click();
  await expect(line).toBeVisible();
  expect(await figure(page, 'Order Total')).toBe(totalWith);

  // The cart keeps the code, and names the discount the server gives it.
  await page.goto('/cart');
  const discounts = page
    .getByRole('dialog', { name: 'Shopping Cart' })
    .getByRole('region', { name: 'Discounts' });
  await expect(discounts.getByRole('listitem')).toHaveText([`${name} (${code})−Ksh 100`]);
  if (SCREENS) await seriousViolationsAtBothSizes(page, 'coupon-cart');

  // Back to checkout: still applied; paid in the sandbox at the lower total.
  await goToSummary(page);
  await expect(line).toBeVisible();
  expect(await figure(page, 'Order Total')).toBe(totalWith);
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await expect(page.getByText(ksh(totalWith))).toBeVisible();
  await page.getByRole('button', { name: 'Approve' }).click();

  // The order keeps its discount: on the order-complete page, its page and in the history.
  await expect(page).toHaveURL(/\/ordercomplete\?order=\d+/);
  const orderNo = new URL(page.url()).searchParams.get('order')!;
  const items = page.getByRole('table', { name: 'Items in this order' });
  await expect(items.getByRole('row', { name: `${name} (${code}) −Ksh 100` })).toBeVisible();
  await expect(items.getByRole('row', { name: /^TOTAL/ })).toContainText(ksh(totalWith));
  if (SCREENS) await seriousViolationsAtBothSizes(page, 'coupon-order-complete');

  await page.goto(`/userprofile/orders/${orderNo}`);
  const bought = page.getByRole('region', { name: 'Items' });
  await expect(bought.getByText(`${name} (${code})`)).toBeVisible();
  await expect(bought.getByText('−Ksh 100')).toBeVisible();

  await page.goto('/userprofile/orderhistory');
  await expect(
    page.getByRole('list', { name: `Discounts on order no. ${orderNo}` }).getByRole('listitem'),
  ).toHaveText([`${name} (${code})−Ksh 100`]);
});
