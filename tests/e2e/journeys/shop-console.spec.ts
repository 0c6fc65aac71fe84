// A category's page as the server sends it and once hydrated (issue 33). Every journey checks its
// console (fixtures/console-errors.ts); the walk of every shop page in a browser far from Nairobi,
// where a date written in the browser's own time zone once differed from the server's, is the
// desktop walk of accessibility.spec.ts.
import { expect, test } from '../fixtures/test.ts';

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
