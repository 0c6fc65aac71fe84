// An overpayment given back by M-Pesa (issue 34), on a fresh shop with the built-in M-Pesa sandbox:
// a shopper pays the Paybill Ksh 500 more than the order's total from the sandbox's menu; the admin
// sees the amount paid over on the Payments screen and on the order, refunds it from Payments (by
// B2C to the phone that paid, through the sandbox), and sees the refund confirmed on the order. A
// stray payment that names no order is refunded in part from the unmatched list, then closed.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { addToCart, goToSummary, orderTotal, productInStock } from '../fixtures/checkout.ts';
import { ADMIN } from '../playwright.config.ts';

/** Where to keep screenshots to look at (E2E_SCREENS=/some/dir), none otherwise. */
const SCREENS = process.env.E2E_SCREENS;

async function screenshots(page: Page, name: string) {
  if (!SCREENS) return;
  for (const [size, width] of [
    ['phone', 390],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SCREENS}/${name}-${size}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('the admin refunds an overpaid Paybill payment by M-Pesa and sees it confirmed', async ({
  page,
  request,
  loggedInShopper: _shopper,
  newPage,
  logIn,
}) => {
  await addToCart(page, await productInStock(request, 5));
  await goToSummary(page);
  const total = await orderTotal(page);
  await page.getByRole('button', { name: 'Pay via M-Pesa Paybill' }).click();
  const figures = page
    .getByRole('region', { name: 'Pay via M-Pesa Paybill' })
    .getByRole('definition');
  await expect(figures.nth(1)).toHaveText(/^\d+/);
  const orderNo = ((await figures.nth(1).textContent()) ?? '').replace(/\D/g, '');

  // The shopper types Ksh 500 more than the total on the sandbox's M-Pesa menu.
  const [menu] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the M-Pesa sandbox menu' }).click(),
  ]);
  await menu.getByLabel('Amount (Ksh)').fill(String(total + 500));
  await menu.getByRole('button', { name: 'Send' }).click();
  await expect(menu.getByRole('status')).toContainText('You paid to DUKA');
  await menu.close();
  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();

  // The admin, in a browser of their own.
  const boss = await newPage();
  await logIn(ADMIN, boss);
  await boss.goto('/dashboard/payments');
  const row = boss
    .getByRole('row')
    .filter({ has: boss.getByRole('cell', { name: orderNo, exact: true }) });
  await expect(row.getByText('Paid Ksh 500 over the total')).toBeVisible();
  await expect(row.getByText('Refund due')).toBeVisible();
  await screenshots(boss, 'refund-overpayment-payments');

  // On the order, too, with the refund form ready for it.
  await boss.goto(`/dashboard/orders/${orderNo}`);
  const refunds = boss.getByRole('region', { name: 'Refunds' });
  await expect(
    refunds.getByText('Paid Ksh 500 over the total: due back to the customer.'),
  ).toBeVisible();
  await expect(refunds.getByText('No money given back.')).toBeVisible();

  // Refunded from Payments: by M-Pesa, sent, then confirmed by the sandbox's result.
  await boss.goto('/dashboard/payments');
  await row.getByRole('button', { name: /^Refund overpayment/ }).click();
  await expect(row.getByRole('status')).toContainText('Ksh 500');
  await expect(row.getByRole('status')).toContainText('(M-Pesa)');
  await row.getByRole('link', { name: `Order ${orderNo}` }).click();
  await expect(boss).toHaveURL(new RegExp(`/dashboard/orders/${orderNo}$`));
  const refund = refunds.getByRole('listitem');
  await expect(refund).toHaveCount(1);
  await expect(refund).toContainText('Ksh 500');
  await expect(refund).toContainText('M-Pesa');
  await expect(refund).toContainText('Paid more than the total');
  // The sandbox answers within seconds; the panel asks again until it has.
  await expect(refund).toContainText('Refunded', { timeout: 15_000 });
  await expect(refund).toContainText(/Reference SBR[A-Z0-9]{7}/);
  // Nothing more is held over the total: no overpayment left to refund.
  await expect(refunds.getByText(/over the total/)).toHaveCount(0);
  await screenshots(boss, 'refund-overpayment-order');

  // And on Payments the payment is no longer due a refund.
  await boss.goto('/dashboard/payments');
  await expect(row.getByText('Refund due')).toHaveCount(0);
});

test('the admin refunds part of a stray M-Pesa payment, then closes it with a note', async ({
  page,
  request,
  loggedInShopper: _shopper,
  newPage,
  logIn,
}) => {
  // A shopper pays Ksh 300 to the Paybill with an account number that names no order.
  await addToCart(page, await productInStock(request, 6));
  await goToSummary(page);
  await page.getByRole('button', { name: 'Pay via M-Pesa Paybill' }).click();
  const [menu] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: 'Open the M-Pesa sandbox menu' }).click(),
  ]);
  await menu.getByLabel('Account number').fill('NO SUCH ORDER');
  await menu.getByLabel('Amount (Ksh)').fill('300');
  await menu.getByRole('button', { name: 'Send' }).click();
  const paid = menu.getByRole('status');
  await expect(paid).toContainText('You paid to DUKA');
  const receipt = /M-Pesa code (\w+)/.exec((await paid.textContent()) ?? '')![1]!;
  await menu.close();

  const boss = await newPage();
  await logIn(ADMIN, boss);
  await boss.goto('/dashboard/payments');
  const stray = boss
    .getByRole('region', { name: /^Unmatched M-Pesa payments/ })
    .getByRole('listitem')
    .filter({ hasText: receipt });
  await expect(stray).toContainText('Ksh 300');
  await expect(stray).toContainText('account “NO SUCH ORDER”');

  // Ksh 100 of it back to the phone it came from.
  await stray.getByRole('button', { name: `Refund ${receipt}` }).click();
  await expect(stray.getByLabel('Amount (Ksh)')).toHaveValue('300');
  await stray.getByLabel('Amount (Ksh)').fill('100');
  await stray.getByLabel('Reason').fill('Paid twice by mistake');
  await stray.getByRole('button', { name: `Send refund of ${receipt}` }).click();
  await expect(stray).toContainText(/Refund of Ksh 100: refunded · SBR[A-Z0-9]{7}/, {
    timeout: 15_000,
  });
  await expect(stray).toContainText('Ksh 200 of it left to deal with');
  // Money that went back cannot pay an order too.
  await expect(stray.getByRole('button', { name: 'Assign' })).toHaveCount(0);
  await screenshots(boss, 'refund-unmatched');

  // The rest was given back in cash at the shop: closed with a note, it leaves the list.
  await stray.getByRole('button', { name: `Close ${receipt}` }).click();
  await stray.getByLabel('Why it needs nothing more').fill('Ksh 200 given back in cash');
  await stray.getByRole('button', { name: `Close payment ${receipt}` }).click();
  await expect(boss.getByText(`${receipt} closed.`)).toBeVisible();
  await expect(stray).toHaveCount(0);
});
