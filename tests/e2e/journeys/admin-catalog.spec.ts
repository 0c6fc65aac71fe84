import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { collectAlerts, logInViaUi } from '../fixtures/accounts.ts';

// A 1×1 PNG, the smallest real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the admin edits a price, a discount and the stock, and the shop shows the new price', async ({
  page,
  request,
}) => {
  const alerts = collectAlerts(page);
  await logInViaUi(page, ADMIN.email, ADMIN.password);
  await page.goto('/dashboard/products/all');
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill('Kiondo');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: /Kiondo/ }) })
    .first();
  const title = (await card.getByRole('heading').textContent())!;
  const { products } = await (
    await request.get(`/api/products?q=${encodeURIComponent(title)}`)
  ).json();
  const id = products[0].id;

  await card.getByRole('button', { name: /^Edit Price/ }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('spinbutton').fill('3210');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();

  await card.getByRole('button', { name: /^Discount/ }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('spinbutton').fill('150');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect
    .poll(() => alerts)
    .toContain('Please enter a valid discount percentage between 0 and 100.');
  await dialog.getByRole('spinbutton').fill('10');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();

  await card.getByRole('button', { name: /^Stock/ }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('spinbutton').fill('-4');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect.poll(() => alerts).toContain('Please enter a valid number for stock change.');
  await dialog.getByRole('spinbutton').fill('77');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Stock: 77');

  // The shop: Ksh 3,210 less 10 % = Ksh 2,889, with the old price struck through.
  await page.goto(`/products/${id}`);
  await expect(page.getByText('Ksh 2,889')).toBeVisible();
  await expect(page.getByText('Ksh 3,210')).toBeVisible();
  await expect(page.getByText('Stock:')).toContainText('77');
});

test('the admin adds a product with an uploaded image and a shopper finds it by search', async ({
  page,
  browser,
}) => {
  collectAlerts(page);
  await logInViaUi(page, ADMIN.email, ADMIN.password);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('button', { name: /Products/ }).click();
  await nav.getByRole('link', { name: 'Add Product' }).click();
  await expect(page.getByRole('heading', { name: 'General Information' })).toBeVisible();
  const name = `Turkana Woven Palm Basket ${Date.now()}`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Brand').fill('Lodwar Weavers');
  await page.getByLabel('Description').fill('Hand-woven doum palm basket from Turkana.');
  await page.getByLabel('Price (Ksh)').fill('1850');
  await page.getByLabel('Discount (%)').fill('5');
  await page.getByLabel('Tags (comma-separated)').fill('basket, handmade, turkana');
  await page.getByLabel('Publish Category').fill('Home Decoration');
  await page
    .getByLabel('Main image', { exact: true })
    .setInputFiles({ name: 'basket.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('Main image preview')).toBeVisible();
  // A file that is not an image is refused.
  await page
    .getByLabel('Extra image 1', { exact: true })
    .setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not an image'),
    });
  await expect(page.getByText(/Image upload failed/)).toBeVisible();
  await page.getByRole('button', { name: 'Add Products' }).click();
  await expect(page.getByText('Product added successfully')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue(''); // cleared
  await expect(page.getByAltText('Main image preview')).toHaveCount(0);

  const shopper = await (await browser.newContext()).newPage();
  await shopper.goto('/');
  await shopper.getByRole('searchbox', { name: 'Search products' }).fill('Turkana Woven');
  await shopper.getByRole('searchbox', { name: 'Search products' }).press('Enter');
  const found = shopper.getByRole('article').filter({ hasText: name });
  await expect(found).toBeVisible();
  await found.getByRole('link', { name: /View Product/ }).click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopper.getByText('Ksh 1,758')).toBeVisible(); // 1,850 less 5 %
  const src = await shopper.getByTestId('main-image').getAttribute('src');
  expect(src).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
});
