// Shop pages load with no error in the console (issue 33): no hydration mismatch (React #418),
// in a browser far from Nairobi too, where a date written in the browser's own time zone once
// differed from the server's. Every journey checks its console (fixtures/console-errors.ts); this
// one walks the shop's pages for it, and reads a category's page as the server sends it.
import { SHOP_PAGES } from '../fixtures/shop-pages.ts';
import { expect, test } from '../fixtures/test.ts';

test.use({ timezoneId: 'America/New_York' });

test('the shop pages load and hydrate with no console error, in any time zone', async ({
  page,
}) => {
  const paths = [
    ...SHOP_PAGES,
    '/products?category=mens-shoes',
    '/products/2',
    '/products/120',
    '/delivery',
    '/privacy',
    '/track',
  ];
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html[data-hydrated]')).toBeAttached();
  }
  // The fixture fails the journey at its end if any of them wrote an error.
});

test("a category's page is titled with its name, on the server and once hydrated", async ({
  page,
  request,
}) => {
  const html = await (await request.get('/products?category=laptops')).text();
  expect(html).toContain('<title>Laptops | Duka</title>');
  expect(html).toMatch(/<h1[^>]*>Laptops<\/h1>/);

  await page.goto('/products?category=laptops');
  await expect(page.getByRole('heading', { level: 1, name: 'Laptops' })).toBeVisible();
  await expect(page).toHaveTitle('Laptops | Duka');
  // The whole catalogue keeps the specification's heading.
  await page.getByLabel('Category').selectOption('');
  await expect(page.getByRole('heading', { level: 1, name: 'Products' })).toBeVisible();
  await expect(page).toHaveTitle('Products | Duka');
});
