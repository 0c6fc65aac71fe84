// Credit notes that match (issue 34): a shopper pays, part of the order's goods is refunded, and
// the receipt page lists the tax invoice and then the credit note for what went back, signed by
// the built-in eTIMS sandbox with its own QR code, downloadable on its own.
import { expect, test } from '../fixtures/test.ts';
import { ADMIN } from '../playwright.config.ts';
import { paidOrder } from '../fixtures/orders.ts';

/** A folder to keep screenshots of the page in, at desktop and phone widths (for a person). */
const SCREENS = process.env.E2E_SCREENS;

test('after a partial refund the receipt lists the credit note, signed, after the invoice', async ({
  page,
  request,
  apiAuth,
  logIn,
  shopper,
}) => {
  const orderId = await paidOrder(request, await apiAuth(shopper), shopper.email);
  const order = await (
    await request.get(`/api/order/${orderId}`, { headers: await apiAuth(shopper) })
  ).json();
  // About half of what was paid goes back for the goods, in whole shillings.
  const amount = Math.floor(order.order_total / 200) * 100;
  const refunded = await request.post(`/api/admin/orders/${orderId}/refunds`, {
    headers: await apiAuth(ADMIN),
    data: { amount, reason: 'One of the two came back' },
  });
  expect(refunded.status(), await refunded.text()).toBe(202);
  expect(await refunded.json()).toMatchObject({ kind: 'goods', status: 'confirmed' });

  await logIn(shopper);
  await page.goto(`/receipt/${orderId}`);
  const invoice = page.getByRole('article', { name: /^Tax invoice no\. \d+$/ });
  const note = page.getByRole('article', { name: /^Credit note no\. \d+$/ });
  await expect(invoice).toBeVisible();
  await expect(note).toBeVisible();
  const invoiceNo = (await invoice.getByRole('heading').textContent())!.replace(/\D/g, '');
  const noteNo = (await note.getByRole('heading').textContent())!.replace(/\D/g, '');
  // The credit note comes after the invoice it credits, names it, and gives back the amount.
  await expect(page.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('article').nth(1)).toHaveAccessibleName(`Credit note no. ${noteNo}`);
  await expect(
    note.getByText('Original invoice').locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(invoiceNo);
  const shillings = `Ksh ${(amount / 100).toLocaleString('en-KE')}.00`;
  await expect(
    note.getByText('Total', { exact: true }).locator('xpath=following-sibling::dd[1]'),
  ).toHaveText(shillings);
  await expect(note.getByText('Delivery')).toBeVisible();
  // Signed within moments of the refund: its own signature and QR code.
  const qr = note.getByRole('img', { name: 'QR code to check this credit note with KRA' });
  await expect(qr.locator('svg')).toBeVisible();
  await expect(note.getByText('SANDBOX-CU-01')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download credit note no. ${noteNo} (PDF)` }).click();
  expect((await download).suggestedFilename()).toBe(`credit-note-${noteNo}.pdf`);

  // On a phone the two documents stack, each still whole, its QR code on screen.
  await page.setViewportSize({ width: 1280, height: 900 });
  if (SCREENS)
    await page.screenshot({ path: `${SCREENS}/credit-note-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await qr.scrollIntoViewIfNeeded();
  await expect(qr.locator('svg')).toBeInViewport();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  if (SCREENS) await page.screenshot({ path: `${SCREENS}/credit-note-phone.png`, fullPage: true });
});
