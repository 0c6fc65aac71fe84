// M-Pesa on a fresh shop with no configuration: the built-in sandbox's simulated phone stands in
// for Safaricom, so the whole flow works on a laptop.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { addToCart, goToSummary, orderTotal, productInStock } from '../fixtures/checkout.ts';

async function sendRequest(page: Page) {
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  // Filled from the profile (the shopper signed up with 0712345678).
  await expect(page.getByLabel('M-Pesa phone number')).toHaveValue('0712345678');
  await page.getByRole('button', { name: 'Send request to phone' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
}

async function answerOnPhone(page: Page, answer: 'Enter PIN' | 'Cancel') {
  const [phone] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the M-Pesa sandbox phone' }).click(),
  ]);
  await expect(phone.getByText('M-Pesa sandbox: no real money moves')).toBeVisible();
  await phone.getByRole('button', { name: answer }).click();
  await expect(phone.getByRole('status')).toBeVisible();
  await phone.close();
}

test('a shopper pays with M-Pesa through the built-in sandbox phone', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  await addToCart(page, await productInStock(request, 0));
  await goToSummary(page);
  const total = await orderTotal(page);
  // M-Pesa first, then PayPal.
  const methods = page.getByRole('button', { name: /^Pay with/ });
  await expect(methods).toHaveText(['Pay with M-Pesa', 'Pay with PayPal']);

  await sendRequest(page);
  await expect(
    page.getByText(`Enter your M-Pesa PIN to pay Ksh ${total.toLocaleString('en-KE')}`),
  ).toBeVisible();
  await answerOnPhone(page, 'Enter PIN');

  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();
  await expect(page).toHaveURL(/\/ordercomplete\?order=\d+/);
  await expect(page.getByText(/^SBX\w{7}$/)).toBeVisible(); // the M-Pesa receipt
  await expect(page.getByRole('main').getByText('M-Pesa', { exact: true })).toBeVisible();
});

test("a shopper who cancels on the phone reads why, and 'Try again' sends a new request that pays", async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  await addToCart(page, await productInStock(request, 1));
  await goToSummary(page);
  await sendRequest(page);
  await answerOnPhone(page, 'Cancel');

  await expect(page.getByRole('alert')).toHaveText('You cancelled the M-Pesa request.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await answerOnPhone(page, 'Enter PIN');
  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();
});

test('a phone number that is not Kenyan is refused before anything is sent', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  await addToCart(page, await productInStock(request, 2));
  await goToSummary(page);
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await page.getByLabel('M-Pesa phone number').fill('0202 345 678');
  await page.getByRole('button', { name: 'Send request to phone' }).click();
  await expect(page.getByText('Enter a Kenyan mobile number such as 0712 345 678.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toHaveCount(0);
});
