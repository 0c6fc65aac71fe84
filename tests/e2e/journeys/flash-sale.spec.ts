// A flash sale (issue 36): the admin puts a product of this journey's own on sale through the API;
// a shopper finds it first among the Weekly Offers and on the home page, sees the sale price, what
// it was and when the sale ends on the card and on the product page (in the server's HTML too),
// buys it, and pays the sale price: the order keeps the line at its shelf price and the sale as a
// discount by name. The sale names only this product, which other journeys never buy; it is
// removed at the end.
import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { expect, test } from '../fixtures/test.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { goToSummary } from '../fixtures/checkout.ts';

/** Where to keep screenshots to look at (E2E_SCREENS=/some/dir), none otherwise. */
const SCREENS = process.env.E2E_SCREENS;
const MINUTE = 60_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Ends 30 Nov, 23:59': the end on Nairobi's clock (UTC+3 all year). */
function endsText(end: Date): string {
  const local = new Date(end.getTime() + 3 * 60 * MINUTE);
  const two = (n: number) => String(n).padStart(2, '0');
  return `Ends ${local.getUTCDate()} ${MONTHS[local.getUTCMonth()]}, ${two(local.getUTCHours())}:${two(local.getUTCMinutes())}`;
}

/**
 * A product of this journey's own at Ksh 2,500, as the admin adds one. Stock 5: the journeys that
 * pick a well-stocked demo product (fixtures/checkout.ts, stock above 5) never pick it.
 */
async function ourProduct(
  request: APIRequestContext,
  auth: { authorization: string },
  title: string,
) {
  const image = (await (await request.get('/api/products/1')).json()).images[0] as string;
  const res = await request.post('/api/products', {
    headers: auth,
    data: {
      title,
      brand: 'Kazuri Beads',
      description: 'Hand-made ceramic beads from Nairobi.',
      price: 250_000,
      tags: ['beads'],
      images: [image],
      category: 'Home Decoration',
      stock: 5,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).product.id as number;
}

/** Screenshots at phone and desktop widths, and the serious accessibility problems at each. */
async function checkedAtBothSizes(page: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    found.push(...(await seriousViolations(page, `${name} (${width} px)`)));
    if (SCREENS) await page.screenshot({ path: `${SCREENS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return found;
}

test('a flash sale shows its price and end on the card and the product page, and is bought at its price', async ({
  page,
  request,
  apiAuth,
  loggedInShopper: shopper,
}) => {
  const tag = randomBytes(3).toString('hex');
  const title = `Kazuri flash beads ${tag}`;
  const admin = await apiAuth(ADMIN);
  const productId = await ourProduct(request, admin, title);
  // Three days from now, to the minute.
  const end = new Date(Math.ceil((Date.now() + 3 * 24 * 60 * MINUTE) / MINUTE) * MINUTE);
  const made = await request.post('/api/admin/promotions', {
    headers: admin,
    data: {
      name: `Flash sale ${tag}`,
      type: 'sale_price',
      sale_price: 1_800,
      applies_to: { product_ids: [productId] },
      ends_at: end.toISOString(),
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const promotionId = (await made.json()).id as number;
  const ends = endsText(end);

  try {
    // Each instance reads the sales every few seconds (FLASH_SALES_REFRESH_SECONDS).
    await expect
      .poll(
        async () => (await (await request.get(`/api/products/${productId}`)).json()).sale_price,
        { timeout: 20_000 },
      )
      .toBe(180_000);

    // The home page's Weekly Offers: what is on sale comes first.
    await page.goto('/');
    const offers = page.getByRole('region', { name: 'Weekly Offers' });
    await expect(offers.getByRole('article').filter({ hasText: title })).toBeVisible();

    // Weekly Offers, searched for it: the sale price, what it was (read as such) and the end.
    await page.goto('/weeklyoffers');
    await page.getByRole('main').getByRole('searchbox').fill(tag);
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card.getByRole('heading')).toHaveText(title);
    await expect(card).toContainText('Ksh 1,800');
    await expect(card.locator('s')).toHaveText('Was Ksh 2,500');
    await expect(card.getByText(ends)).toBeVisible();
    await expect(card.getByText('28% off')).toBeAttached(); // 700 of 2,500
    expect(await checkedAtBothSizes(page, 'flash-sale-card')).toEqual([]);

    // The product page, as the server sends it before any script…
    const html = (await (await request.get(`/products/${productId}`)).text()).replace(
      /<!-- -->/g,
      '',
    );
    expect(html).toContain(ends);
    expect(html).toContain('Ksh 1,800');
    // …and in the browser.
    await page.goto(`/products/${productId}`);
    const price = page.getByTestId('product-price');
    await expect(price).toContainText('Ksh 1,800');
    await expect(price.locator('s')).toHaveText('Was Ksh 2,500');
    await expect(price.getByText(ends)).toBeVisible();
    expect(await checkedAtBothSizes(page, 'flash-sale-product')).toEqual([]);

    // Bought: the order is at the sale price.
    await page.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.getByText('Product successfully added to your cart!')).toBeVisible();
    await goToSummary(page);
    await page.getByRole('button', { name: 'Pay with PayPal' }).click();
    await expect(page).toHaveURL(/\/sandbox-pay\//);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/ordercomplete\?order=\d+/);
    const orderId = Number(new URL(page.url()).searchParams.get('order'));
    // The order keeps the line at its shelf price and the sale as a discount of its own, by name
    // (as checkout's discounts are kept): 2,500 less 700 is what was paid for it.
    const table = page.getByRole('table');
    await expect(table.getByRole('row').filter({ hasText: title })).toContainText('Ksh 2,500');
    await expect(table.getByRole('row').filter({ hasText: `Flash sale ${tag}` })).toContainText(
      '\u2212Ksh 700',
    );

    const order = await (
      await request.get(`/api/order/${orderId}`, { headers: await apiAuth(shopper) })
    ).json();
    expect(order.items).toEqual([
      expect.objectContaining({ product_id: productId, quantity: 1, price: 250_000 }),
    ]);
    expect(order.discounts).toEqual([{ name: `Flash sale ${tag}`, code: null, amount: 70_000 }]);
    expect(order.discount_total).toBe(70_000);
  } finally {
    const removed = await request.delete(`/api/admin/promotions/${promotionId}`, {
      headers: admin,
    });
    expect(removed.status(), await removed.text()).toBeLessThan(300);
  }
});
