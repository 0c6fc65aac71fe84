// A delivery offer on every checkout step (issue 36: "the cart and every checkout step show the
// discounts by name; editing the county recomputes them"). A free-delivery code for Nyeri, applied
// in step 3; Back to step 1, the fee for Nyeri is shown as taken away by the offer, by name; another
// county shows its own fee with no offer; the cart names the offer as off delivery. A code applies
// only when typed, and Nyeri's fee is no other journey's, so journeys beside this one are untouched.
import { randomBytes } from 'node:crypto';
import { ADMIN } from '../playwright.config.ts';
import { expect, test } from '../fixtures/test.ts';
import { seriousViolationsAtBothSizes } from '../fixtures/axe.ts';
import { addToCart, productInStock } from '../fixtures/checkout.ts';

test('a free-delivery code for Nyeri: step 3 takes the fee off, step 1 names it beside the fee, per county', async ({
  page,
  request,
  apiAuth,
  loggedInShopper: _shopper,
}) => {
  const tag = randomBytes(3).toString('hex').toUpperCase();
  const code = `NYERI-${tag}`;
  const name = `Free delivery in Nyeri ${tag}`;
  const admin = await apiAuth(ADMIN);
  const fee = await request.patch('/api/admin/delivery/counties/Nyeri', {
    headers: admin,
    data: { fee: 350 },
  });
  expect(fee.status(), await fee.text()).toBe(200);
  const made = await request.post('/api/admin/promotions', {
    headers: admin,
    data: { name, code, type: 'free_delivery', counties: ['Nyeri'] },
  });
  expect(made.status(), await made.text()).toBe(201);

  await addToCart(page, await productInStock(request, 31));
  await page.goto('/checkout');
  await page.getByLabel('First Name').fill('Njeri');
  await page.getByLabel('Last Name').fill('Mwangi');
  await page.getByLabel('Street Address').fill('Kimathi Street 3');
  await page.getByLabel('Town / area').fill('Nyeri');
  await page.getByLabel('County').selectOption({ label: 'Nyeri' });
  // No offer yet (the code is not typed): the county's fee.
  await expect(page.getByText(/^Delivery to Nyeri: Ksh 350, expected/)).toBeVisible();
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('Email').fill('njeri.mwangi@example.co.ke');
  await page.getByRole('button', { name: 'Save Payment Info' }).click();

  // Step 3: the code takes the whole fee off, named under Shipping & Handling.
  await page.getByLabel('Have a coupon code?').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  const totals = page.getByLabel('Order summary');
  await expect(totals.getByText(`${name} (${code})`)).toBeVisible();
  const rows = await totals.getByRole('term').allTextContents();
  expect(rows.slice(rows.indexOf('Shipping & Handling'), rows.indexOf('Before Tax'))).toEqual([
    'Shipping & Handling',
    `${name} (${code})`,
  ]);

  // Back to step 1: the fee for Nyeri as taken away, the offer by name.
  await page.getByRole('button', { name: 'Back' }).click();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('County')).toHaveValue(/\d{3}/);
  const offers = page.getByRole('list', { name: 'Delivery offers' });
  await expect(offers.getByRole('listitem')).toHaveText([`${name} (${code}): −Ksh 350`]);
  await expect(
    page.getByText(/^Delivery to Nyeri: Free instead of Ksh 350, expected/),
  ).toBeVisible();
  expect(await seriousViolationsAtBothSizes(page, 'delivery-offer-step1')).toEqual([]);

  // Another county: its own fee, no offer; and back again.
  await page.getByLabel('County').selectOption({ label: 'Kirinyaga' });
  await expect(page.getByText(/^Delivery to Kirinyaga: Ksh \d+, expected/)).toBeVisible();
  await expect(offers).toHaveCount(0);
  await page.getByLabel('County').selectOption({ label: 'Nyeri' });
  await expect(offers.getByRole('listitem')).toHaveText([`${name} (${code}): −Ksh 350`]);

  // The cart names it as off delivery, with no amount (it depends on where the order goes).
  await page.goto('/cart');
  const discounts = page
    .getByRole('dialog', { name: 'Shopping Cart' })
    .getByRole('region', { name: 'Discounts' });
  await expect(discounts.getByRole('list', { name: 'Off delivery' })).toHaveText(
    `${name} (${code})off delivery`,
  );
  await expect(discounts.getByTestId('items-after-discounts')).toHaveCount(0);
  expect(await seriousViolationsAtBothSizes(page, 'delivery-offer-cart')).toEqual([]);
});
