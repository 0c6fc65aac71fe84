// M-Pesa from the menu on a fresh shop with no configuration: the built-in sandbox's M-Pesa menu
// pays the shop's Paybill with the order number, and a failed prompt is followed by the Paybill
// for the same order, so order history shows one order.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { addToCart, goToSummary, orderTotal, productInStock } from '../fixtures/checkout.ts';

/** Pays on the sandbox's M-Pesa menu with what it was opened with; answers the receipt. */
async function payOnMenu(page: Page): Promise<string> {
  const [menu] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the M-Pesa sandbox menu' }).click(),
  ]);
  await expect(menu.getByText('M-Pesa sandbox: no real money moves')).toBeVisible();
  await menu.getByRole('button', { name: 'Send' }).click();
  const paid = menu.getByRole('status');
  await expect(paid).toContainText('You paid to DUKA');
  const receipt = /M-Pesa code (\w+)/.exec((await paid.textContent()) ?? '')![1]!;
  await menu.close();
  return receipt;
}

test('a shopper pays the Paybill from the M-Pesa menu with the order number', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  await addToCart(page, await productInStock(request, 0));
  await goToSummary(page);
  const total = await orderTotal(page);
  await page.getByRole('button', { name: 'Pay via M-Pesa Paybill' }).click();

  const paybill = page.getByRole('region', { name: 'Pay via M-Pesa Paybill' });
  await expect(paybill).toBeVisible();
  const figures = paybill.getByRole('definition');
  await expect(figures.nth(0)).toContainText('600000');
  await expect(figures.nth(1)).toContainText(/^\d+/); // the order number, as the account number
  await expect(figures.nth(2)).toContainText(String(total));
  await expect(page.getByRole('button', { name: /^Copy account number/ })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText(
    'Waiting for your payment. This page follows it and moves on once it arrives.',
  );

  const receipt = await payOnMenu(page);
  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();
  await expect(page.getByText(receipt, { exact: true })).toBeVisible();
});

test('a cancelled prompt, then the Paybill for the same order: order history shows one order', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  await addToCart(page, await productInStock(request, 1));
  await goToSummary(page);
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await page.getByRole('button', { name: 'Send request to phone' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  const [phone] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the M-Pesa sandbox phone' }).click(),
  ]);
  await phone.getByRole('button', { name: 'Cancel' }).click();
  await expect(phone.getByRole('status')).toBeVisible();
  await phone.close();
  await expect(page.getByRole('alert')).toHaveText('You cancelled the M-Pesa request.');

  await page.getByRole('button', { name: 'Pay via M-Pesa Paybill instead' }).click();
  await expect(page.getByRole('heading', { name: 'Pay via M-Pesa Paybill' })).toBeVisible();
  await payOnMenu(page);
  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();
  const orderNo = new URL(page.url()).searchParams.get('order');

  await page.goto('/userprofile/orderhistory');
  // Each order is headed by its number: this shopper has exactly one, the one just paid.
  const orders = page.getByRole('main').getByRole('heading', { name: /^Order no\./ });
  await expect(orders).toHaveText([`Order no. ${orderNo}`]);
  // One order only: the prompt and the Paybill were two tries at the same order.
  await expect(page.getByText('Cancelled', { exact: true })).toHaveCount(0);
});
