// On a phone (360 px wide, 2 device pixels per CSS pixel) the catalogue loads product pictures
// in the width the screen needs, the first row at once, and the product page's main picture
// first; crawlers find robots.txt and the sitemap.
import { expect, test } from '../fixtures/test.ts';
import type { Locator } from '@playwright/test';

test.use({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, hasTouch: true });

/** The image's chosen source once it has loaded, and its decoded width. */
async function loaded(img: Locator) {
  await img.scrollIntoViewIfNeeded();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
    .toBe(true);
  return img.evaluate((el: HTMLImageElement) => ({
    currentSrc: el.currentSrc,
    naturalWidth: el.naturalWidth,
  }));
}

test('a shopper on a phone gets small pictures on /products and the main picture first on a product page', async ({
  page,
}, testInfo) => {
  await page.goto('/products');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(8);
  const images = cards.locator('img');

  const first = images.first();
  await expect(first).toHaveAttribute(
    'srcset',
    /-160w\.webp 160w, .*-400w\.webp 400w, .*-800w\.webp 800w$/,
  );
  await expect(first).toHaveAttribute('sizes', /calc\(50vw - 22px\)$/);
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  // Below the first row: fetched only when near the screen.
  await expect(images.nth(5)).toHaveAttribute('loading', 'lazy');
  await expect(images.nth(5)).not.toHaveAttribute('fetchpriority', /.*/);

  // A card is ~158 CSS px wide, 316 device pixels: the 400 px copy, not the 800 px image.
  const card = await loaded(first);
  expect(card.currentSrc).toMatch(/-(160|400)w\.webp$/);
  expect(card.naturalWidth).toBeLessThanOrEqual(400);
  const file = await page.request.get(card.currentSrc);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('image/webp');
  await page.screenshot({ path: testInfo.outputPath('products-360.png') });
  const lastCard = await loaded(images.last());
  expect(lastCard.currentSrc).toMatch(/-(160|400)w\.webp$/);

  await cards
    .first()
    .getByRole('link', { name: /View Product/ })
    .click();
  const main = page.getByTestId('main-image');
  await expect(main).toBeVisible();
  await expect(main).toHaveAttribute('loading', 'eager');
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).toHaveAttribute('srcset', /800w$/);
  // ~328 CSS px, 656 device pixels: the 800 px copy.
  expect((await loaded(main)).currentSrc).toMatch(/-800w\.webp$/);
  // A 64 px thumbnail: the 160 px copy (the first thumbnail is the card's picture, which the
  // browser may take from its cache in the 400 px copy it already has).
  const thumbnails = page.getByRole('list', { name: 'Product images' }).locator('img');
  await expect(thumbnails.first()).toHaveAttribute('loading', 'lazy');
  expect((await loaded(thumbnails.first())).currentSrc).toMatch(/-(160|400)w\.webp$/);
  expect((await loaded(thumbnails.nth(1))).currentSrc).toMatch(/-160w\.webp$/);
});

test('crawlers find robots.txt and a sitemap of the shop', async ({ request, baseURL }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  const index = await request.get('/sitemap.xml');
  expect(index.headers()['content-type']).toBe('application/xml; charset=utf-8');
  expect(await index.text()).toContain(`<loc>${baseURL}/sitemaps/products-1.xml</loc>`);
  const products = await (await request.get('/sitemaps/products-1.xml')).text();
  // The 180 demo products, and any the other journeys have added meanwhile.
  expect(products.match(/<url>/g)!.length).toBeGreaterThanOrEqual(180);
  expect(products).toContain(`<url><loc>${baseURL}/products/1</loc><lastmod>`);
});
