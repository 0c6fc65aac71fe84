// axe-core on every shop page, at a desktop's width and a phone's, logged out and as a shopper
// with something in the cart, and on the back office's screens as its owner: no serious or
// critical violation of WCAG 2.0–2.2 A and AA. The same walks check what else holds on every page,
// so each page is loaded once: at a phone's size (a touch screen) every tap target is at least
// 24 × 24 (issue 13); at a desktop's, in a browser far from Nairobi, no page writes an error to the
// console while it loads and hydrates (issue 33; the console fixture fails the journey).
import type { Page } from '@playwright/test';
import {
  DESKTOP,
  PHONE,
  SHOP_PAGES,
  discountedProduct,
  settle,
  smallTargets,
} from '../fixtures/shop-pages.ts';
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

/** Pages the desktop walks add: where categories and dates are written (issue 33). */
const MORE_SHOP_PAGES = [
  '/products?category=mens-shoes',
  '/products/2',
  '/products/120',
  '/delivery',
  '/privacy',
  '/track',
] as const;

/**
 * Each page's violations, and at a phone's size its tap targets under 24 × 24 ('page: target W×H'
 * lines, so a failure names them all). With `inApp`, every page after the first is reached as the
 * app's own links reach it (the router told of a new address), as staff move through the back
 * office: a page load each would add a third to the sweep's time and check nothing more.
 */
async function audit(
  page: Page,
  paths: readonly string[],
  { inApp = false } = {},
): Promise<string[]> {
  const found: string[] = [];
  const phone = (page.viewportSize()?.width ?? 0) < 768;
  const check = async (what: string) => {
    found.push(...(await violations(page, what)));
    if (phone && !inApp) {
      const targets = await smallTargets(page);
      found.push(...targets.map((t) => `${what}: ${t.what} ${t.width}×${t.height}`));
    }
  };
  for (const [i, path] of paths.entries()) {
    if (inApp && i > 0) await navigateInApp(page, path);
    else await page.goto(path);
    await settle(page);
    if (!inApp) await expect(page.locator('html[data-hydrated]')).toBeAttached();
    await check(path);
    if (path === '/products' && phone) {
      // The folded filters, opened: their controls count too.
      await page.getByRole('button', { name: 'Filters' }).click();
      await check(`${path} (filters open)`);
    }
    if (path === '/faqs' && phone) {
      await page
        .getByRole('button')
        .filter({ hasText: /password/i })
        .first()
        .click();
      await check(`${path} (an answer open)`);
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

for (const [size, viewport, options] of [
  ['desktop', DESKTOP, { timezoneId: 'America/New_York' }],
  ['phone', PHONE, { hasTouch: true }],
] as const) {
  test.describe(`at ${size} size`, () => {
    test.use({ viewport, ...options });

    test('the shop pages have no serious or critical accessibility violations', async ({
      page,
    }) => {
      test.setTimeout(150_000);
      expect(await audit(page, SHOP_PAGES)).toEqual([]);
    });

    if (size === 'desktop') {
      test('nor do the pages that write categories and dates', async ({ page }) => {
        expect(await audit(page, MORE_SHOP_PAGES)).toEqual([]);
      });
    }

    test("a shopper's cart, checkout and account pages have none either", async ({
      page,
      request,
      loggedInShopper: _shopper,
    }) => {
      test.setTimeout(150_000);
      const id = await discountedProduct(request);
      await page.goto('/products/3');
      await page.getByRole('button', { name: 'Add to Wishlist' }).click();
      await expect(page.getByText('Product successfully added to your wishlist!')).toBeVisible();
      await page.goto(`/products/${id}`);
      await page.getByRole('button', { name: 'Add to Cart' }).click();
      await expect(page.getByText('Product successfully added to your cart!')).toBeVisible();
      const found = await audit(page, [
        `/products/${id}`,
        '/cart',
        '/wishlist',
        '/checkout',
        '/userprofile/dashboarduser',
        '/userprofile/orderhistory',
        '/userprofile/wishlist',
        '/userprofile/profile',
      ]);
      // The cart really had its line (and its 'Remove') when it was checked.
      await page.goto('/cart');
      await expect(page.getByRole('button', { name: /^Remove/ }).first()).toBeVisible();
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
