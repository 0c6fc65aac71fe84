// M-Pesa against Safaricom's protocol: a second shop is configured with Daraja credentials and
// talks to the Daraja stand-in (apps/server/test/stand-ins/daraja.ts, run as a process), whose
// callbacks this journey fires as the shopper's phone would.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import {
  addToCart,
  goToSummary,
  orderTotal,
  productInStock,
  uniquePhone,
} from '../fixtures/checkout.ts';
import { DARAJA_SHOP_URL, DARAJA_STAND_IN_URL } from '../playwright.config.ts';

test.use({ baseURL: DARAJA_SHOP_URL });

interface Push {
  checkoutRequestId: string;
  phone: string;
  amount: number;
  result: { code: number; receipt: string | null } | null;
}

/** The pushes the stand-in received for this phone (2547…), oldest first. */
async function pushesTo(request: APIRequestContext, phone: string): Promise<Push[]> {
  const all = (await (
    await request.get(`${DARAJA_STAND_IN_URL}/__stand-in/pushes`)
  ).json()) as Push[];
  return all.filter((p) => p.phone === `254${phone.slice(1)}`);
}

/** The phone answers: the stand-in posts Daraja's callback to the shop. */
async function phoneAnswers(request: APIRequestContext, push: Push, resultCode: number) {
  const res = await request.post(
    `${DARAJA_STAND_IN_URL}/__stand-in/pushes/${encodeURIComponent(push.checkoutRequestId)}/answer`,
    { data: { ResultCode: resultCode } },
  );
  expect(res.status()).toBe(200);
  const { deliveries } = (await res.json()) as { deliveries: { status: number; body: string }[] };
  expect(deliveries).toEqual([{ status: 200, body: '{"ResultCode":0,"ResultDesc":"Accepted"}' }]);
}

async function sendTo(page: Page, phone: string) {
  await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
  await page
    .getByLabel('M-Pesa phone number')
    .fill(`${phone.slice(0, 4)} ${phone.slice(4, 7)} ${phone.slice(7)}`);
  await page.getByRole('button', { name: 'Send request to phone' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
}

test("a shopper pays with M-Pesa: the push reaches the phone, Daraja's callback completes the order", async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  const phone = uniquePhone();
  await addToCart(page, await productInStock(request, 0));
  await goToSummary(page);
  const total = await orderTotal(page);
  await sendTo(page, phone);
  await expect(
    page.getByText(`Enter your M-Pesa PIN to pay Ksh ${total.toLocaleString('en-KE')}`),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Open the M-Pesa sandbox phone' })).toHaveCount(0);

  const [push] = await pushesTo(request, phone);
  expect(push!.amount).toBe(total);
  await phoneAnswers(request, push!, 0);

  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();
  const [paid] = await pushesTo(request, phone);
  await expect(page.getByText(paid!.result!.receipt!, { exact: true })).toBeVisible();
});

test("a shopper who cancels on the phone reads why, and 'Try again' pushes again for the same cart", async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  const phone = uniquePhone();
  await addToCart(page, await productInStock(request, 1));
  await goToSummary(page);
  await sendTo(page, phone);
  const [first] = await pushesTo(request, phone);
  await phoneAnswers(request, first!, 1032);

  await expect(page.getByRole('alert')).toHaveText('You cancelled the M-Pesa request.');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('heading', { name: 'Check your phone' })).toBeVisible();
  await expect.poll(async () => (await pushesTo(request, phone)).length).toBe(2);
  const [, second] = await pushesTo(request, phone);
  await phoneAnswers(request, second!, 0);
  await expect(page.getByRole('heading', { name: 'Your order is complete!' })).toBeVisible();
  const paid = (await pushesTo(request, phone))[1]!;
  await expect(page.getByText(paid.result!.receipt!, { exact: true })).toBeVisible();
});
