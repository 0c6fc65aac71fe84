// axe-core on every shop page, at a desktop's width and a phone's, logged out and as a shopper
// with something in the cart, and on the back office's screens as its owner: no serious or
// critical violation of WCAG 2.0–2.2 A and AA.
import type { Page } from '@playwright/test';
import { DESKTOP, PHONE, SHOP_PAGES, discountedProduct, settle } from '../fixtures/shop-pages.ts';
import { paidOrder } from '../fixtures/orders.ts';
import { seriousViolations as violations } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';

const BACK_OFFICE = [
  '/dashboard/dashboardAdmin',
  '/dashboard/products/all',
  '/dashboard/products/2/edit',
  '/dashboard/products/add',
  '/dashboard/products/import',
  '/dashboard/low-stock',
  '/dashboard/orders',
  '/dashboard/reviews',
  '/dashboard/customers',
  '/dashboard/payments',
  '/dashboard/invoices',
  '/dashboard/promotions',
  '/dashboard/promotions/new',
  '/dashboard/delivery',
  '/dashboard/contacts',
  '/dashboard/outbox',
  '/dashboard/search-words',
  '/dashboard/staff',
  '/dashboard/audit',
  '/dashboard/security',
  '/dashboard/settings',
] as const;

/**
 * Each page's violations. With `inApp`, every page after the first is reached as the app's own
 * links reach it (the router told of a new address), as staff move through the back office: a
 * page load each would add a third to the sweep's time and check nothing more.
 */
async function audit(
  page: Page,
  paths: readonly string[],
  { inApp = false } = {},
): Promise<string[]> {
  const found: string[] = [];
  for (const [i, path] of paths.entries()) {
    if (inApp && i > 0) await navigateInApp(page, path);
    else await page.goto(path);
    await settle(page);
    found.push(...(await violations(page, path)));
    if (path === '/products' && (page.viewportSize()?.width ?? 0) < 768) {
      await page.getByRole('button', { name: 'Filters' }).click();
      found.push(...(await violations(page, `${path} (filters open)`)));
    }
  }
  return found;
}

async function navigateInApp(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForURL((url) => url.pathname === path);
}

for (const [size, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport });

    test('the shop pages have no serious or critical accessibility violations', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      expect(await audit(page, SHOP_PAGES)).toEqual([]);
    });

    test("a shopper's cart, checkout and account pages have none either", async ({
      page,
      request,
      loggedInShopper: _shopper,
    }) => {
      test.setTimeout(150_000);
      const id = await discountedProduct(request);
      await page.goto(`/products/${id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText('Product successfully added to your cart!')).toBeVisible();
      const found = await audit(page, [
        '/cart',
        '/wishlist',
        '/checkout',
        '/userprofile/dashboarduser',
        '/userprofile/orderhistory',
        '/userprofile/wishlist',
        '/userprofile/profile',
      ]);
      // Checkout's later steps, up to the summary.
      await page.goto('/checkout');
      await page.getByLabel('First Name').fill('Njeri');
      await page.getByLabel('Last Name').fill('Mwangi');
      await page.getByLabel('Street Address').fill('Kimathi Street 3');
      await page.getByLabel('Town / area').fill('Nyeri');
      await page.getByLabel('Zip Code').fill('10100');
      await page.getByRole('button', { name: 'Proceed' }).click();
      await expect(page.getByLabel('Email')).toBeVisible();
      found.push(...(await violations(page, '/checkout step 2')));
      await page.getByLabel('Email').fill('njeri.mwangi@example.co.ke');
      await page.getByRole('button', { name: 'Save Payment Info' }).click();
      await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
      await settle(page);
      found.push(...(await violations(page, '/checkout summary')));
      expect(found).toEqual([]);
    });

    test("the back office's screens have none either", async ({
      page,
      request,
      shopper,
      apiAuth,
      loggedInAdmin: _admin,
    }) => {
      test.setTimeout(150_000);
      const orderId = await paidOrder(request, await apiAuth(shopper), shopper.email);
      expect(
        await audit(page, [...BACK_OFFICE, `/dashboard/orders/${orderId}`], { inApp: true }),
      ).toEqual([]);
    });
  });
}

test('the audit can fail: an image without a text alternative is caught', async ({ page }) => {
  await page.goto('/about');
  await settle(page);
  await page.evaluate(() => {
    const img = document.createElement('img');
    img.src = '/favicon.svg';
    document.querySelector('main')!.append(img);
  });
  expect((await violations(page, '/about')).join('\n')).toContain('image-alt (critical)');
});
