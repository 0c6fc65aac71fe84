import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

async function stockOf(request: APIRequestContext, id: number): Promise<number> {
  return (await (await request.get(`/api/products/${id}`)).json()).stock;
}

async function addToCart(page: Page, productId: number, quantity: number) {
  await page.goto(`/products/${productId}`);
  for (let i = 1; i < quantity; i++)
    await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product successfully added to your cart!')).toBeVisible();
}

async function fillSteps(page: Page) {
  await page.goto('/cart');
  await page
    .getByRole('dialog', { name: 'Shopping Cart' })
    .getByRole('button', { name: 'Checkout' })
    .click();
  await expect(page).toHaveURL(/\/checkout$/);

  // Step 1: every required field says so.
  await page.getByRole('button', { name: 'Proceed' }).click();
  for (const message of [
    'First name is required',
    'Last name is required',
    'Street address is required',
    'Town / area is required',
    'Zip code is required',
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await page.getByLabel('First Name').fill('Achieng');
  await page.getByLabel('Last Name').fill('Otieno');
  await page.getByLabel('Street Address').fill('Oginga Odinga Street 7');
  await page.getByLabel('Town / area').fill('Kisumu');
  await page.getByLabel('Zip Code').fill('40100');
  await page.getByRole('button', { name: 'Proceed' }).click();

  // Step 2.
  const email = page.getByLabel('Email');
  await email.fill('');
  await page.getByRole('button', { name: 'Save Payment Info' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await email.fill('achieng@example');
  await page.getByRole('button', { name: 'Save Payment Info' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Town / area')).toHaveValue('Kisumu'); // kept
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('Email').fill('achieng.otieno@example.co.ke');
  await page.getByRole('button', { name: 'Save Payment Info' }).click();
}

test('a shopper pays an order with the sandbox provider and finds it in Order History', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  const productId = 45;
  const before = await stockOf(request, productId);
  await addToCart(page, productId, 2);
  await fillSteps(page);

  // Step 3: the server's totals.
  const summary = page.getByRole('definition');
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
  const figures = (await summary.allTextContents()).map((t) => Number(t.replace(/[^\d]/g, '')));
  const [items, itemTotal, shipping, beforeTax, vat, total] = figures;
  expect(items).toBe(2);
  expect(shipping).toBe(50);
  expect(beforeTax).toBe(itemTotal! + 50);
  expect(Math.abs(vat! - beforeTax! * 0.16)).toBeLessThanOrEqual(0.5);
  expect(total).toBe(beforeTax! + vat!);
  // What is bought, where it goes and when it should come.
  const product = await (await request.get(`/api/products/${productId}`)).json();
  const bought = page.getByRole('region', { name: 'Your items' });
  await expect(bought.getByRole('listitem')).toHaveCount(1);
  await expect(bought.getByRole('listitem')).toContainText(`${product.title} × 2`);
  await expect(bought.getByRole('listitem')).toContainText(
    `Ksh ${itemTotal!.toLocaleString('en-KE')}`,
  );
  const address = page.getByRole('region', { name: 'Delivery address' });
  await expect(address).toContainText('Achieng Otieno');
  await expect(address).toContainText('Oginga Odinga Street 7');
  await expect(address).toContainText('Kisumu 40100');
  // 4 to 7 business days from today in Nairobi: 'Fri 27 Nov – Wed 2 Dec 2026'.
  await expect(page.getByRole('region', { name: 'Expected delivery' })).toContainText(
    /(Mon|Tue|Wed|Thu|Fri) \d{1,2} \w{3}( \d{4})? – (Mon|Tue|Wed|Thu|Fri) \d{1,2} \w{3} \d{4}/,
  );

  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  await expect(page.getByText(`Ksh ${total!.toLocaleString('en-KE')}`)).toBeVisible();
  expect(await stockOf(request, productId)).toBe(before - 2); // reserved
  await page.getByRole('button', { name: 'Approve' }).click();

  await expect(page).toHaveURL(/\/ordercomplete\?order=\d+/);
  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order')!;
  await expect(page.getByText('Achieng Otieno').first()).toBeVisible();
  await expect(page.getByText(`Ksh ${total!.toLocaleString('en-KE')}`).first()).toBeVisible();
  await expect(page.getByText(/^SBXTXN/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Print' })).toBeVisible();
  await expect(page.getByRole('banner').getByLabel(/in your cart$/)).toHaveCount(0); // emptied

  await page.goto('/userprofile/orderhistory');
  await expect(page.getByRole('heading', { name: `Order no. ${orderNo}` })).toBeVisible();
  await expect(page.getByText('Paid', { exact: true })).toBeVisible();
  expect(await stockOf(request, productId)).toBe(before - 2); // sold
});

test('a shopper who cancels on the payment page is back at the cart with the items, and the stock is back', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  const productId = 46;
  const before = await stockOf(request, productId);
  await addToCart(page, productId, 1);
  await fillSteps(page);
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await expect(page).toHaveURL(/\/sandbox-pay\//);
  expect(await stockOf(request, productId)).toBe(before - 1);
  await page.getByRole('button', { name: 'Cancel' }).click();

  await expect(page).toHaveURL(/\/cart\?payment=cancelled/);
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(cart.getByText('Your payment was cancelled and nothing was charged.')).toBeVisible();
  await expect(cart.locator('tbody tr')).toHaveCount(1);
  await expect.poll(() => stockOf(request, productId)).toBe(before);
});
