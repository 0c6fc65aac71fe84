// The Kiswahili shop (issue 37): every shop page under /sw speaks Kiswahili — anything on it that
// reads as English and did not come from the shop's data fails — and the language switch keeps
// the page and is remembered; a purchase made there is confirmed in Kiswahili by e-mail and SMS.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { MAILBOX_URL } from '../playwright.config.ts';
import { SMS_STAND_IN_URL } from '../servers.ts';
import { mailTo } from '../fixtures/accounts.ts';
import { productInStock, uniquePhone } from '../fixtures/checkout.ts';
import { smsTo } from '../fixtures/sms.ts';
import { expect, test } from '../fixtures/test.ts';
import { englishOn, recordData } from '../fixtures/english.ts';
import { networkQuiet } from '../fixtures/network.ts';
import { paidOrder } from '../fixtures/orders.ts';

/** Waits until the page has drawn what it fetched. */
async function drawn(page: Page) {
  await networkQuiet(page);
  await expect(page.locator('main').first()).toBeVisible();
  await networkQuiet(page);
}

async function englishAt(page: Page, paths: string[]): Promise<Record<string, string[]>> {
  const data = recordData(page);
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(path);
    await drawn(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
    const english = await englishOn(page, data.text());
    if (english.length > 0) found[path] = english;
  }
  return found;
}

test('every public page of the Kiswahili shop is in Kiswahili', async ({
  page,
  allowConsoleErrors,
}) => {
  // Twenty pages, each loaded and read whole.
  test.setTimeout(300_000);
  allowConsoleErrors(/status of 404.*\/sw\/no-such-page/);
  const found = await englishAt(page, [
    '/sw',
    '/sw/products',
    '/sw/products?category=mens-shoes',
    '/sw/products/1',
    '/sw/products/53',
    '/sw/toppicks',
    '/sw/weeklyoffers',
    '/sw/about',
    '/sw/privacy',
    '/sw/faqs',
    '/sw/delivery',
    '/sw/mpesa',
    '/sw/paypal',
    '/sw/payless',
    '/sw/contact',
    '/sw/track',
    '/sw/login',
    '/sw/signup',
    '/sw/forgot-password',
    '/sw/cart',
    '/sw/no-such-page',
  ]);
  expect(found).toEqual({});
});

test('every page of a shopper’s account, cart and orders is in Kiswahili', async ({
  page,
  request,
  shopper,
  apiAuth,
  loggedInShopper: _signedIn,
}) => {
  test.setTimeout(300_000);
  const headers = await apiAuth(shopper);
  const order = await paidOrder(request, headers, shopper.email);
  const res = await request.post('/api/cart', { headers, data: { product_id: 2, quantity: 1 } });
  expect(res.ok(), await res.text()).toBe(true);

  const found = await englishAt(page, [
    '/sw/cart',
    '/sw/wishlist',
    '/sw/checkout',
    '/sw/userprofile',
    '/sw/userprofile/profile',
    '/sw/userprofile/orderhistory',
    `/sw/userprofile/orders/${order}`,
    '/sw/userprofile/wishlist',
    `/sw/ordercomplete?order=${order}`,
    `/sw/receipt/${order}`,
  ]);
  expect(found).toEqual({});
});

test('the language switch opens the same page in Kiswahili, and the home page remembers it', async ({
  page,
}) => {
  await page.goto('/products/1?ref=home');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('banner').getByRole('link', { name: 'Kiswahili' }).click();
  await expect(page).toHaveURL(/\/sw\/products\/1\?ref=home$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  await expect(page.getByRole('link', { name: 'Nunua kwa aina' })).toBeVisible();
  await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute(
    'href',
    /\/products\/1$/,
  );

  // In-app links stay in Kiswahili.
  await page.getByRole('link', { name: 'Ofa za wiki' }).click();
  await expect(page).toHaveURL(/\/sw\/weeklyoffers$/);

  // The choice is remembered: the shop's address opens in Kiswahili.
  await page.goto('/');
  await expect(page).toHaveURL(/\/sw$/);

  // And back to English, remembered too.
  await page.getByRole('contentinfo').getByRole('link', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.goto('/');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Shop by Category' })).toBeVisible();
});

/** A catalogue of the web app, to find its Kiswahili words as a shopper reads them. */
function words(area: string): Record<string, string> {
  const file = new URL(`../../../apps/web/src/${area}/locales/sw.json`, import.meta.url);
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

test('a shopper switches to Kiswahili on a product page, pays with M-Pesa and is told in Kiswahili', async ({
  page,
  request,
  shopper,
  loggedInShopper: _signedIn,
}) => {
  test.setTimeout(240_000);
  const cart = words('features/cart');
  const checkout = words('features/checkout');
  const orders = words('features/orders');
  const phone = uniquePhone();

  await page.goto(`/products/${await productInStock(request, 7)}`);
  await page.getByRole('banner').getByRole('link', { name: 'Kiswahili' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sw');
  // A new page from the server: it answers taps once its scripts have run.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: cart['productActions.addToCart'] }).click();
  await expect(page.getByText(cart['notice.addedToCart']!)).toBeVisible();

  await page.goto('/sw/checkout');
  await page.getByLabel(checkout['shippingStep.firstName']!).fill('Amina');
  await page.getByLabel(checkout['shippingStep.lastName']!).fill('Otieno');
  await page.getByLabel(checkout['shippingStep.street']!).fill('Moi Avenue 4');
  await page.getByLabel(checkout['shippingStep.town']!, { exact: true }).fill('Mombasa');
  await page.getByLabel(checkout['shippingStep.zipCode']!, { exact: true }).fill('80100');
  await page.getByLabel(checkout['shippingStep.phone']!).fill(phone);
  await page.getByRole('button', { name: checkout['shippingStep.proceed'] }).click();
  await page.getByLabel(checkout['paymentStep.email']!).fill(shopper.email);
  await page.getByRole('button', { name: checkout['paymentStep.save'] }).click();
  await expect(page.getByRole('heading', { name: checkout['summaryStep.title'] })).toBeVisible();

  await page.getByRole('button', { name: checkout['mpesa.payWithMpesa'] }).click();
  await page.getByRole('button', { name: checkout['mpesa.send'] }).click();
  await expect(page.getByRole('heading', { name: checkout['mpesa.checkPhone'] })).toBeVisible();
  const [sandboxPhone] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('link', { name: checkout['mpesaWaiting.sandboxPhone'] }).click(),
  ]);
  await sandboxPhone.getByRole('button', { name: 'Enter PIN' }).click();
  await expect(sandboxPhone.getByRole('status')).toBeVisible();
  await sandboxPhone.close();

  await expect(page.getByRole('heading', { name: orders['orderComplete.heading'] })).toBeVisible();
  await expect(page).toHaveURL(/\/sw\/ordercomplete\?order=\d+/);
  const order = Number(new URL(page.url()).searchParams.get('order'));

  // The confirmation, by e-mail and by SMS, in the language the order was placed in.
  await expect
    .poll(async () => (await mailTo(request, MAILBOX_URL, shopper.email)).map((m) => m.subject))
    .toContain(`Oda yako ya Duka #${order} imethibitishwa`);
  const mail = (await mailTo(request, MAILBOX_URL, shopper.email)).find((m) =>
    m.subject.includes(`#${order}`),
  )!;
  expect(mail.text).toContain('Asante kwa kununua Duka');
  expect(mail.text).toContain(`/sw/`);
  // The SMS that the payment arrived goes to the account's phone (every journey shopper's is the
  // same number): this order's one.
  const forOrder = async () =>
    (await smsTo(SMS_STAND_IN_URL, '+254712345678')).filter((m) => m.includes(`#${order}`));
  await expect.poll(async () => (await forOrder()).length).toBe(1);
  const [sms] = await forOrder();
  expect(sms).toContain('tumepokea malipo yako');
  expect(sms).not.toContain('received');
});
