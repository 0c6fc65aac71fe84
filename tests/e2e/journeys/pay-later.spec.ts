// Paying later, the same order (issue 34), on a fresh shop with the built-in M-Pesa sandbox: the
// shopper leaves the Paybill page, goes back to checkout (the same order, not a second one), pays
// part from the M-Pesa menu, leaves again, and later pays the balance with 'Pay now' on the
// order's page; order history lists the one order, and its page shows it paid.
import type { Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { expect, test } from '../fixtures/test.ts';
import { addToCart, goToSummary, orderTotal, productInStock } from '../fixtures/checkout.ts';

/** Where to keep screenshots to look at (E2E_SCREENS=/some/dir), none otherwise. */
const SCREENS = process.env.E2E_SCREENS;

/** Pays on the sandbox's M-Pesa menu, `amount` shillings or what it was opened with. */
async function payOnMenu(page: Page, amount?: number) {
  const [menu] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the M-Pesa sandbox menu' }).click(),
  ]);
  await expect(menu.getByText('M-Pesa sandbox: no real money moves')).toBeVisible();
  if (amount !== undefined) await menu.getByLabel('Amount (Ksh)').fill(String(amount));
  await menu.getByRole('button', { name: 'Send' }).click();
  await expect(menu.getByRole('status')).toContainText('You paid to DUKA');
  await menu.close();
}

/** The Paybill figures shown: business number, account number, amount. */
const figures = (page: Page) =>
  page.getByRole('region', { name: 'Pay via M-Pesa Paybill' }).getByRole('definition');

const ksh = (shillings: number) => `Ksh ${shillings.toLocaleString('en-KE')}`;

async function screenshots(page: Page, name: string) {
  if (!SCREENS) return;
  for (const [size, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${size}.png`, fullPage: true });
  }
}

test('an order paid later from its page: part from the menu, the balance with Pay now', async ({
  page,
  request,
  logIn,
  newPage,
  loggedInShopper: _shopper,
}) => {
  await addToCart(page, await productInStock(request, 4));
  await goToSummary(page);
  const total = await orderTotal(page);
  await page.getByRole('button', { name: 'Pay via M-Pesa Paybill' }).click();
  await expect(figures(page).nth(1)).toHaveText(/^\d+/);
  const orderNo = ((await figures(page).nth(1).textContent()) ?? '').replace(/\D/g, '');

  // The shopper leaves the Paybill page: the order awaits payment, and says so in the history.
  await page.goto('/userprofile/orderhistory');
  await expect(page.getByText(`Unpaid: ${ksh(total)} to pay`)).toBeVisible();

  // Back to checkout with the same cart: the same order, not a second one.
  await goToSummary(page);
  await page.getByRole('button', { name: 'Pay via M-Pesa Paybill' }).click();
  await expect(figures(page).nth(1)).toContainText(orderNo);
  const part = Math.floor(total / 2);
  const balance = total - part;
  await payOnMenu(page, part);
  await expect(page.getByRole('status')).toHaveText(
    `Received ${ksh(part)} so far: ${ksh(balance)} still to pay.`,
  );

  // Gone again; later, from the order history to the order's page.
  await page.goto('/userprofile/orderhistory');
  const orders = page.getByRole('main').getByRole('heading', { name: /^Order no\./ });
  await expect(orders).toHaveText([`Order no. ${orderNo}`]);
  await expect(
    page.getByText(`Partially paid: ${ksh(part)} of ${ksh(total)} — ${ksh(balance)} still to pay`),
  ).toBeVisible();
  await page.getByRole('link', { name: `Pay now for order no. ${orderNo}` }).click();
  await expect(page.getByRole('heading', { name: `Order no. ${orderNo}` })).toBeVisible();
  const money = page.getByLabel('Payment summary');
  await expect(money.getByText('Balance to pay')).toBeVisible();
  await expect(money).toContainText(`Paid${ksh(part)}`);
  await expect(money).toContainText(`Balance to pay${ksh(balance)}`);
  await screenshots(page, 'pay-later-partly-paid');

  // The admin sees the same: the payment's part on the order page, the balance in the list.
  const admin = await newPage();
  await logIn(ADMIN, admin);
  await admin.goto(`/dashboard/orders/${orderNo}`);
  await expect(admin.getByText(`received ${ksh(part)} so far`)).toBeVisible();
  await expect(admin.getByLabel('Payment summary')).toContainText(`Balance to pay${ksh(balance)}`);
  await screenshots(admin, 'pay-later-admin-order');
  await admin.goto('/dashboard/orders');
  await expect(
    admin
      .getByRole('row')
      .filter({ hasText: `Order ${orderNo}` })
      .first(),
  ).toContainText(`Partially paid · ${ksh(balance)} to pay`);
  await screenshots(admin, 'pay-later-admin-orders');

  await page.getByRole('button', { name: 'Pay now' }).click();
  await page.getByRole('button', { name: 'Pay via M-Pesa Paybill' }).click();
  await expect(figures(page).nth(1)).toContainText(orderNo);
  await expect(figures(page).nth(2)).toContainText(String(balance));
  await screenshots(page, 'pay-later-paybill');
  await payOnMenu(page);
  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();

  await page.goto(`/userprofile/orders/${orderNo}`);
  await expect(page.getByText(`Paid ${ksh(total)}`, { exact: true })).toBeVisible();
  await expect(page.getByLabel('Payment summary')).toContainText(`Balance${ksh(0)}`);
  await expect(page.getByRole('button', { name: 'Pay now' })).toHaveCount(0);
  await screenshots(page, 'pay-later-paid');
});
