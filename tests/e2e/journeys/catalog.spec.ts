import { expect, test } from '../fixtures/test.ts';

test('a visitor browses: home → category tile → catalogue → brand → search → product → thumbnails → related pager', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Weekly Offers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Top Picks' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View All Categories' })).toHaveAttribute(
    'href',
    '/products',
  );
  await expect(page.getByRole('link', { name: 'View All Offers' })).toHaveAttribute(
    'href',
    '/weeklyoffers',
  );
  await expect(page.getByRole('link', { name: 'View Top Picks' })).toHaveAttribute(
    'href',
    '/toppicks',
  );

  await page.getByRole('link', { name: /^Laptops/ }).click();
  await expect(page).toHaveURL(/\/products\?category=laptops/);
  // A category's page is titled with its name (issue 33).
  await expect(page.getByRole('heading', { name: 'Laptops', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Category')).toHaveValue('laptops');
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(8);
  await expect(page.getByText(/^10 products/)).toBeVisible();

  // Brand filter: the dropdown lists the category's brands; choosing one narrows the list.
  const brandSelect = page.getByLabel('Brand');
  const options = await brandSelect.locator('option').allTextContents();
  const lenovo = options.find((o) => o.startsWith('Lenovo'));
  expect(lenovo, `brands offered: ${options.join(', ')}`).toBeTruthy();
  await brandSelect.selectOption({ label: lenovo! });
  await expect(page).toHaveURL(/brand=Lenovo/);
  const expected = Number(/\((\d+)\)/.exec(lenovo!)![1]);
  await expect(cards).toHaveCount(expected);
  for (const title of await cards.getByRole('heading').allTextContents())
    expect(title).toMatch(/Lenovo/i);

  // Search within: text filters by title and resets to page 1.
  await page.getByLabel('Brand').selectOption({ label: 'All brands' });
  await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('thinkpad');
  await expect(page).toHaveURL(/q=thinkpad/);
  await expect(cards.first()).toContainText(/ThinkPad/i);
  const found = await cards.count();
  expect(found).toBeGreaterThan(0);

  // Product detail.
  const title = (await cards.first().getByRole('heading').textContent())!;
  await cards
    .first()
    .getByRole('link', { name: /View Product/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  for (const label of [
    'Shipping',
    'Availability',
    'Return policy',
    'Weight',
    'Dimensions',
    'Warranty',
  ]) {
    await expect(page.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByText(/SKU:/)).toBeVisible();
  await expect(page.getByText(/\d+ x \d+ x \d+ mm/)).toBeVisible();

  // Thumbnails switch the main image.
  const main = page.getByTestId('main-image');
  const firstSrc = await main.getAttribute('src');
  await page.getByRole('button', { name: /Show image 2 of/ }).click();
  await expect(main).not.toHaveAttribute('src', firstSrc!);
  await expect(page.getByRole('button', { name: /Show image 2 of/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // Reviews.
  await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();

  // 'You May Also Like This': same category, 4 a page, paged.
  const related = page.getByRole('region', { name: 'You May Also Like This' });
  await expect(related.getByRole('article')).toHaveCount(4);
  const firstPage = await related.getByRole('heading', { level: 3 }).allTextContents();
  expect(firstPage).not.toContain(title);
  await related.getByRole('button', { name: 'Next' }).click();
  await expect(related.getByRole('button', { name: 'Page 2', exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(related.getByRole('heading', { level: 3 }).first()).not.toHaveText(firstPage[0]!);
  await expect(page.getByRole('link', { name: 'View Top Picks' })).toBeVisible();
});

test('the catalogue keeps filters, sort and page in the URL; Back restores them', async ({
  page,
}) => {
  await page.goto('/products');
  await expect(page.getByText(/^\d+ products/)).toBeVisible();
  await page.getByRole('button', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/page=2/);
  // Changing sort does not reset the page (SPEC §4) …
  await page.getByLabel('Sort by').selectOption('priceAsc');
  await expect(page).toHaveURL(/sort=priceAsc/);
  await expect(page).toHaveURL(/page=2/);
  // … and the prices on the page go up.
  await expect
    .poll(async () => {
      // The previous page stays on screen while the sorted one loads: wait for it.
      const prices = await page
        .getByRole('article')
        .locator('p span.font-semibold')
        .allTextContents();
      const values = prices.map((p) => Number(p.replace(/[^\d]/g, '')));
      return values.length === 8 && values.every((v, i) => i === 0 || values[i - 1]! <= v);
    })
    .toBe(true);
  // Changing category does.
  await page.getByLabel('Category').selectOption('furniture');
  await expect(page).not.toHaveURL(/page=2/);
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByLabel('Category')).toHaveValue('');
});

test('the header search lands on the catalogue with its results; blank text does nothing', async ({
  page,
}) => {
  await page.goto('/about');
  const search = page.getByRole('combobox', { name: 'Search products' });
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
  await search.fill('kitenge');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=kitenge/);
  await expect(page.getByRole('article').first()).toContainText(/kitenge/i);
});

test('Top Picks and Weekly Offers search as one types', async ({ page }) => {
  await page.goto('/toppicks');
  await expect(page.getByRole('heading', { name: 'Top Picks', level: 1 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const all = await cards.count();
  expect(all).toBeGreaterThan(0);
  expect(all).toBeLessThanOrEqual(8);
  const title = (await cards.first().getByRole('heading').textContent())!;
  await page.getByRole('main').getByRole('searchbox').fill(title.slice(0, 12).toLowerCase());
  await expect(cards.first().getByRole('heading')).toHaveText(title);
  await page.getByRole('main').getByRole('searchbox').fill('zzzz-nothing');
  await expect(page.getByText('No products found.')).toBeVisible();

  await page.goto('/weeklyoffers');
  await expect(page.getByRole('heading', { name: 'Explore our Weekly Offers' })).toBeVisible();
  await expect(cards).toHaveCount(8);
  await expect(page.getByRole('button', { name: 'Page 2', exact: true })).toBeVisible();
  await page.getByRole('main').getByRole('searchbox').fill('mvule');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Mvule');
});

test('logged out, Add to Cart and Add to Wishlist open "Login Required"', async ({ page }) => {
  await page.goto('/products/1');
  for (const action of ['Add to Cart', 'Add to Wishlist']) {
    await page.getByRole('button', { name: action }).click();
    const dialog = page.getByRole('dialog', { name: 'Login Required' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(
      'You need to log in to add items to the cart or wishlist. Please log in to continue.',
    );
    await dialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown product says so', async ({ page, allowConsoleErrors }) => {
  // The product it asks for does not exist (404).
  allowConsoleErrors(/status of 404 .*\/products\/999999\)/);
  await page.goto('/products/999999');
  await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible();
});

test('a page whose code cannot be downloaded offers a reload', async ({
  page,
  allowConsoleErrors,
}) => {
  // The page's code it keeps from downloading.
  allowConsoleErrors(/net::ERR_FAILED .*\/assets\/faqs-page-/);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Weekly Offers' })).toBeVisible();
  await page.route(/\/assets\/faqs-page-.*\.js$/, (route) => route.abort());
  await page.getByRole('link', { name: 'FAQs' }).click();
  await expect(page.getByRole('heading', { name: 'Loading chunk failed' })).toBeVisible();
  await page.unroute(/\/assets\/faqs-page-.*\.js$/);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Frequently Asked Questions' })).toBeVisible();
});
