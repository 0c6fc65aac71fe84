// The Kiswahili shop (issue 37): every shop page under /sw speaks Kiswahili — anything on it that
// reads as English and did not come from the shop's data fails — and the language switch keeps
// the page and is remembered.
import type { Page } from '@playwright/test';
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

test('every public page of the Kiswahili shop is in Kiswahili', async ({ page }) => {
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
