// Issue 13, "the shop on a Kenyan phone": at 360 × 640 the hero reads whole, the products start on
// the first screen, the filters wait behind a button, and every tap target is at least 24 × 24
// (measured on every shop page by the phone walks of accessibility.spec.ts, which load them anyway).
import type { Page } from '@playwright/test';
import { PHONE, discountedProduct, settle, smallTargets } from '../fixtures/shop-pages.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({ viewport: PHONE, hasTouch: true });

test('the check itself catches a small target and excuses a link in a sentence', async ({
  page,
}) => {
  // The walks are only worth something if the check can fail.
  await page.goto('/about');
  await settle(page);
  await page.evaluate(() => {
    const p = document.createElement('p');
    p.innerHTML =
      'Read our <a href="/privacy">privacy policy</a> before you buy.<a href="/faqs">?</a>';
    // Through the CSSOM: the shop's content security policy ignores style attributes.
    const alone = p.querySelector<HTMLElement>('a[href="/faqs"]')!;
    Object.assign(alone.style, { display: 'inline-block', fontSize: '10px', lineHeight: '12px' });
    document.querySelector('main')!.prepend(p);
  });
  const small = (await smallTargets(page)).map((t) => t.what);
  expect(small).toContain('<a> "?"');
  expect(small).not.toContain('<a> "privacy policy"');
});

test('the hero is real text, whole at 360 px, and keeps its height while pictures load', async ({
  page,
  allowConsoleErrors,
}) => {
  // The pictures it keeps from loading.
  allowConsoleErrors(/net::ERR_FAILED .*\/hero\//);
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Featured' });
  const first = hero.getByRole('heading', { name: 'Everything for home, delivered across Kenya' });
  await expect(first).toBeVisible();
  const [heroBox, headingBox] = [await hero.boundingBox(), await first.boundingBox()];
  // The words wrap inside the slide instead of running off its edges.
  expect(headingBox!.x).toBeGreaterThanOrEqual(heroBox!.x);
  expect(headingBox!.x + headingBox!.width).toBeLessThanOrEqual(heroBox!.x + heroBox!.width);
  expect(headingBox!.y + headingBox!.height).toBeLessThanOrEqual(heroBox!.y + heroBox!.height);
  expect(await first.evaluate((h) => h.scrollWidth <= h.clientWidth)).toBe(true);
  // Its height is set by CSS, not by the picture: the same with no picture at all.
  const height = heroBox!.height;
  expect(height).toBeGreaterThan(150);
  await page.route('**/hero/**', (route) => route.abort());
  await page.reload();
  await expect(first).toBeVisible();
  expect((await hero.boundingBox())!.height).toBe(height);

  // The slider still moves on its own, and the dots still choose a slide.
  await page.mouse.move(0, 0);
  await expect(
    hero.getByRole('heading', { name: 'Laptops and phones at honest prices' }),
  ).toBeVisible({
    timeout: 8_000,
  });
  await hero.getByRole('button', { name: 'Go to slide 3' }).click();
  await expect(
    hero.getByRole('heading', { name: 'Fresh styles for every occasion' }),
  ).toBeVisible();
  await expect(hero.getByRole('button', { name: 'Go to slide 3' })).toHaveAttribute(
    'aria-current',
    'true',
  );
});

/** How far down the page the first product card's top is. */
async function firstCardTop(page: Page): Promise<number> {
  const card = page.getByRole('article').first();
  await expect(card).toBeVisible();
  return (await card.boundingBox())!.y + (await page.evaluate(() => window.scrollY));
}

test('on a phone the products start on the first screen, with the filters behind a button', async ({
  page,
}) => {
  await page.goto('/products');
  expect(await firstCardTop(page)).toBeLessThan(PHONE.height - 40);
  const filters = page.getByRole('button', { name: 'Filters' });
  const panel = page.getByRole('search', { name: 'Filter products', includeHidden: true });
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
  await expect(panel).toBeHidden();
  expect(await filters.getAttribute('aria-controls')).toBe(await panel.getAttribute('id'));

  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(panel).toBeVisible();
  await panel.getByLabel('Category').selectOption('laptops');
  await expect(page).toHaveURL(/category=laptops/);
  await expect(page.getByRole('button', { name: 'Filters 1 active' })).toBeVisible();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(panel).toBeHidden();

  await page.goto('/');
  expect(await firstCardTop(page)).toBeLessThan(PHONE.height);
});

test('on a desktop the filter panel shows, with no Filters button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/products');
  await expect(page.getByRole('search', { name: 'Filter products' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Filters' })).toBeHidden();
});

test('cards show the rating with its count and the discount', async ({ page, request }) => {
  const id = await discountedProduct(request);
  const product = await (await request.get(`/api/products/${id}`)).json();
  await page.goto(`/products?q=${encodeURIComponent(product.title)}`);
  const card = page.getByRole('article').filter({ hasText: product.title }).first();
  const percent = Math.round(product.discountPercentage); // whole percents (issue 21)
  await expect(card.getByText(`\u2212${percent}%`)).toBeVisible();
  await expect(card.getByText(`${percent}% off`)).toHaveCount(1); // read out in words
  const reviews = product.reviewCount === 1 ? 'review' : 'reviews';
  await expect(
    card.getByRole('img', {
      name: `Rated ${Math.round(product.rating * 10) / 10} out of 5, ${product.reviewCount} ${reviews}`,
    }),
  ).toBeVisible();
});
