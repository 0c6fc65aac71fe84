import { ADMIN } from '../playwright.config.ts';
import { expect, test } from '../fixtures/test.ts';
import { addToCart, goToSummary, productInStock } from '../fixtures/checkout.ts';

// A 1×1 PNG, the smallest real image.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

test('the admin edits a price, a discount and the stock, and the shop shows the new price', async ({
  page,
  request,
  alerts,
  loggedInAdmin: _admin,
}) => {
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
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Ksh 3,210'); // the list was fetched again
  // The toast goes after 2 seconds.
  await expect(page.getByText('Product updated successfully!')).toBeHidden({ timeout: 4000 });
  // Cancel changes nothing.
  await card.getByRole('button', { name: /^Edit Price/ }).click();
  await expect(dialog.getByRole('spinbutton')).toHaveValue('3210');
  await dialog.getByRole('spinbutton').fill('1');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Ksh 3,210');

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
  await expect(dialog).toBeVisible();
  await dialog.getByRole('spinbutton').fill('77');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Stock: 77');

  // The shop: Ksh 3,210 less 10 % = Ksh 2,889, with the old price struck through.
  // (It is a Top Pick too, so the price is read beside the title, not in the strip below.)
  await page.goto(`/products/${id}`);
  const summary = page.getByRole('heading', { level: 1, name: title }).locator('..');
  await expect(summary.getByText('Ksh 2,889')).toBeVisible();
  await expect(summary.getByText('Ksh 3,210')).toBeVisible();
  await expect(summary.getByText('Stock:')).toContainText('77');
});

test('the admin adds a product with an uploaded image and a shopper finds it by search', async ({
  page,
  request,
  alerts,
  loggedInAdmin: _admin,
  newPage,
}) => {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('button', { name: /Products/ }).click();
  await nav.getByRole('link', { name: 'Add Product' }).click();
  await expect(page.getByRole('heading', { name: 'General Information' })).toBeVisible();
  // Nothing filled in: the server refuses, the spec's alert says so and the fields say why.
  await page.getByRole('button', { name: 'Add Products' }).click();
  await expect.poll(() => alerts).toContain('Failed to add product. Please try again.');
  await expect(page.getByLabel('Product Name')).toHaveAccessibleDescription(
    'Product name is required',
  );
  const name = `Turkana Woven Palm Basket ${Date.now()}`;
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Brand').fill('Lodwar Weavers');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Hand-woven doum palm basket from Turkana.');
  // The merchant's Kiswahili, shown in the Kiswahili shop (issue 37).
  await page.getByLabel('Kiswahili title (optional)').fill(`Kikapu cha Turkana ${name.slice(-13)}`);
  await page
    .getByLabel('Kiswahili description (optional)')
    .fill('Kikapu cha mkoma kilichofumwa kwa mkono, Turkana.');
  await page.getByLabel('Price (Ksh)').fill('1850');
  await page.getByLabel('Discount (%)').fill('5');
  await page.getByLabel('Tags (comma-separated)').fill('basket, handmade, turkana');
  await page.getByLabel('Stock', { exact: true }).fill('12');
  await page.getByLabel('Publish Category').fill('Home Decoration');
  await page
    .getByLabel('Main image', { exact: true })
    .setInputFiles({ name: 'basket.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('Main image preview')).toBeVisible();
  // A file that is not an image is refused.
  await page.getByLabel('Extra image 1', { exact: true }).setInputFiles({
    name: 'fake.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not an image'),
  });
  await expect(page.getByText(/Image upload failed/)).toBeVisible();
  await expect(page.getByAltText('Extra image 1 preview')).toHaveCount(0);
  // The second extra image is dropped on its slot.
  const dropped = await page.evaluateHandle((base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const transfer = new DataTransfer();
    transfer.items.add(new File([bytes], 'side.png', { type: 'image/png' }));
    return transfer;
  }, PNG.toString('base64'));
  await page
    .getByRole('button', { name: 'Extra image 2' })
    .dispatchEvent('drop', { dataTransfer: dropped });
  await expect(page.getByAltText('Extra image 2 preview')).toBeVisible();
  await page.getByRole('button', { name: 'Add Products' }).click();
  await expect(page.getByText('Product added successfully')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue(''); // cleared
  await expect(page.getByAltText('Main image preview')).toHaveCount(0);
  await expect(page.getByAltText('Extra image 2 preview')).toHaveCount(0);
  const created = (await (await request.get(`/api/products?q=${encodeURIComponent(name)}`)).json())
    .products[0];
  const detail = await (await request.get(`/api/products/${created.id}`)).json();
  expect(detail).toMatchObject({
    price: 185_000,
    discountPercentage: 5,
    tags: ['basket', 'handmade', 'turkana'],
    sku: `DK-${String(created.id).padStart(5, '0')}`, // unique, unlike SPEC's 'default-sku'
    stock: 12, // on sale at once, not 'Out of Stock' as SPEC's form left it
    title_sw: `Kikapu cha Turkana ${name.slice(-13)}`,
    description_sw: 'Kikapu cha mkoma kilichofumwa kwa mkono, Turkana.',
  });
  expect(detail.images).toHaveLength(2); // the main image, then the extra one that is set

  const shopper = await newPage();
  await shopper.goto('/');
  await shopper.getByRole('combobox', { name: 'Search products' }).fill('Turkana Woven');
  await shopper.getByRole('combobox', { name: 'Search products' }).press('Enter');
  const found = shopper.getByRole('article').filter({ hasText: name });
  await expect(found).toBeVisible();
  await found.getByRole('link', { name: /View Product/ }).click();
  await expect(shopper.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(shopper.getByText('Ksh 1,758').first()).toBeVisible(); // 1,850 less 5 %
  const main = shopper.getByTestId('main-image');
  const src = await main.getAttribute('src');
  expect(src).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
  // The upload's width copies were written with it: the one the browser picks loads.
  await expect(main).toHaveAttribute(
    'srcset',
    new RegExp(`${src!.slice(0, -5)}-800w\\.webp 800w$`),
  );
  // (The upload is 1×1 px, so its naturalWidth rounds to 0 against an 800w descriptor.)
  await expect.poll(() => main.evaluate((el: HTMLImageElement) => el.complete)).toBe(true);
  const chosen = await main.evaluate((el: HTMLImageElement) => el.currentSrc);
  expect(chosen).toMatch(/-\d+w\.webp$/);
  const copy = await shopper.request.get(chosen);
  expect(copy.status()).toBe(200);
  expect(copy.headers()['content-type']).toBe('image/webp');
  // In the Kiswahili shop, the merchant's Kiswahili title and description.
  await shopper.goto(`/sw/products/${created.id}`);
  await expect(
    shopper.getByRole('heading', { level: 1, name: `Kikapu cha Turkana ${name.slice(-13)}` }),
  ).toBeVisible();
  await expect(
    shopper.getByText('Kikapu cha mkoma kilichofumwa kwa mkono, Turkana.'),
  ).toBeVisible();

  // An apron in sizes, set at creation: one size not sold, a taken SKU refused at its cell. (Not a
  // shoe: the search journey counts what 'viatu' finds.)
  const apron = `Kanga Apron ${Date.now()}`;
  await page.getByLabel('Product Name').fill(apron);
  await page.getByLabel('Brand').fill('Pwani Prints');
  await page
    .getByLabel('Description', { exact: true })
    .fill('Cotton kanga apron with a deep pocket.');
  await page.getByLabel('Price (Ksh)', { exact: true }).fill('2400');
  await page.getByLabel('Publish Category').fill('Aprons');
  await page
    .getByLabel('Main image', { exact: true })
    .setInputFiles({ name: 'apron.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByAltText('Main image preview')).toBeVisible();
  await page.getByRole('button', { name: 'Add an option' }).click();
  await page.getByLabel('Option 1 name').fill('Size');
  await page.getByLabel('Option 1 values').fill('S, M, L');
  await expect(page.getByLabel('Stock', { exact: true })).toHaveCount(0); // stock is per size
  await page.getByLabel('Sell L').uncheck();
  await page.getByLabel('Stock of S').fill('3');
  await page.getByLabel('Stock of M').fill('5');
  await page.getByLabel('Price (Ksh) of M').fill('2600');
  await page.getByLabel('SKU of S').fill(detail.sku); // the basket's
  await page.getByRole('button', { name: 'Add Products' }).click();
  await expect(page.getByLabel('SKU of S')).toHaveAccessibleDescription(
    `Product ${created.id} already has the SKU ${detail.sku}.`,
  );
  await expect(page.getByLabel('Product Name')).toHaveValue(apron); // nothing typed is lost
  await page.getByLabel('SKU of S').fill(`APR-${Date.now()}-S`);
  await page.getByRole('button', { name: 'Add Products' }).click();
  await expect(page.getByText('Product added successfully')).toBeVisible();
  const made = (await (await request.get(`/api/products?q=${encodeURIComponent(apron)}`)).json())
    .products[0];
  const sizes = await (await request.get(`/api/products/${made.id}`)).json();
  expect(sizes.options).toEqual([{ name: 'Size', values: ['S', 'M'] }]);
  expect(
    sizes.variants.map((v: { title: string; stock: number; price: number }) => [
      v.title,
      v.stock,
      v.price,
    ]),
  ).toEqual([
    ['S', 3, 240_000],
    ['M', 5, 260_000],
  ]);
});

test('staff whose role does not cover products get the spec permission alerts from the server; revoked staff are signed out', async ({
  page,
  request,
  alerts,
  shopper: account,
  logIn,
  apiAuth,
}) => {
  const boss = await apiAuth(ADMIN);
  const me = await (
    await request.get('/api/current_user', { headers: await apiAuth(account) })
  ).json();
  const made = await request.patch(`/api/admin/users/${me.id}`, {
    headers: boss,
    data: { is_admin: true },
  });
  expect(made.status()).toBe(200);
  // Support staff: the back office opens, but the catalogue is not theirs to change.
  const support = await request.patch(`/api/admin/staff/${me.id}`, {
    headers: boss,
    data: { role: 'support' },
  });
  expect(support.status()).toBe(200);
  await logIn(account);
  await expect(page).toHaveURL(/\/dashboard\/dashboardAdmin$/);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('button', { name: /Products/ })).toHaveCount(0);

  // Typed addresses open the screens, and the server says no to every change.
  await page.goto('/dashboard/products/add');
  await page
    .getByLabel('Main image', { exact: true })
    .setInputFiles({ name: 'basket.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(/Image upload failed/)).toBeVisible();
  await expect(page.getByAltText('Main image preview')).toHaveCount(0);
  await page.getByLabel('Product Name').fill('Not allowed');
  await page.getByRole('button', { name: 'Add Products' }).click();
  await expect.poll(() => alerts).toContain('You do not have permission to add products.');
  await expect.poll(() => alerts).toContain('Failed to add product. Please try again.');

  await page.goto('/dashboard/products/all');
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /^Edit Price/ }) })
    .first();
  const dialog = page.getByRole('dialog');
  for (const [button, value, alert] of [
    ['Edit Price', '999', 'You do not have permission to edit prices.'],
    ['Discount', '50', 'You do not have permission to update discounts.'],
    ['Stock', '1', 'You do not have permission to change stock.'],
  ] as const) {
    await card.getByRole('button', { name: new RegExp(`^${button}`) }).click();
    // A product sold in sizes has a stock field per size: the first will do.
    await dialog.getByRole('spinbutton').first().fill(value);
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect.poll(() => alerts).toContain(alert);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  }

  // Revoked meanwhile: the change of role ended their sessions, so the next page finds them
  // signed out and the back office gone.
  const revoked = await request.patch(`/api/admin/users/${me.id}`, {
    headers: boss,
    data: { is_admin: false },
  });
  expect(revoked.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(nav).toHaveCount(0);
});

test('the admin makes a product VAT-exempt; a shopper buying it pays VAT on delivery only', async ({
  page,
  request,
  logIn,
  newPage,
  shopper,
}) => {
  const id = await productInStock(request, 26);
  const { title } = await (await request.get(`/api/products/${id}`)).json();

  const admin = await newPage();
  await logIn(ADMIN, admin);
  await admin.goto('/dashboard/products/all');
  await admin.getByRole('searchbox', { name: 'Search products', exact: true }).fill(title);
  await admin
    .getByRole('listitem', { name: title, exact: true })
    .getByRole('button', { name: /^Tax/ })
    .click();
  const dialog = admin.getByRole('dialog', { name: `Tax: ${title}` });
  await dialog.getByLabel('Tax type').selectOption({ label: 'A: exempt' });
  await dialog.getByLabel(/KRA item classification/).fill('bread');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(
    dialog.getByText('An item classification is 4 to 10 digits, as KRA lists it.'),
  ).toBeVisible();
  await dialog.getByLabel(/KRA item classification/).fill('5020230201');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Tax details saved')).toBeVisible();

  await logIn(shopper);
  await addToCart(page, id);
  await goToSummary(page);
  const figures = (
    await page.getByLabel('Order summary').getByRole('definition').allTextContents()
  ).map((t) => Number(t.replace(/[^\d]/g, '')));
  const [, , shipping, , vat] = figures;
  expect(vat).toBe(Math.round(shipping! * 0.16)); // 16 % of delivery, none of the exempt item
});

test('the admin changes the details of a product in the editor, and the shop shows them', async ({
  page,
  request,
  loggedInAdmin: _admin,
}) => {
  // Its stock is saved unchanged: other journeys pick products by their stock.
  const id = await productInStock(request, 25);
  const before = await (await request.get(`/api/products/${id}`)).json();
  await page.goto('/dashboard/products/all');
  await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill(before.title);
  await page
    .getByRole('link', { name: `Edit details: ${before.title}` })
    .first()
    .click();
  await expect(page).toHaveURL(`/dashboard/products/${id}/edit`);
  await expect(page.getByLabel('Product Name')).toHaveValue(before.title);
  await expect(page.getByLabel('Stock')).toHaveValue(String(before.stock));

  const title = `${before.title} Deluxe`;
  const sku = `DUKA-EDIT-${id}`;
  await page.getByLabel('Product Name').fill(title);
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Width (mm)').fill('120');
  await page.getByLabel('Stock').fill('-3');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please correct the fields marked below.')).toBeVisible();
  await expect(page.getByText('Please enter a valid number for stock change.')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue(title); // nothing typed is lost

  await page.getByLabel('Stock').fill(String(before.stock));
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();
  const after = await (await request.get(`/api/products/${id}`)).json();
  expect(after).toMatchObject({ title, sku, stock: before.stock });
  expect(after.dimensions.width).toBe(120);

  await page.getByRole('link', { name: 'View in the shop' }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(sku)).toBeVisible();
});

test('the admin sets one size and colour of a shirt in the editor, sees it on Low Stock, and exports the catalogue', async ({
  page,
  request,
  loggedInAdmin: _admin,
}) => {
  // A demo shirt: sold in sizes and colours.
  const shirts = await (await request.get('/api/products/category/mens-shirts?limit=1')).json();
  const shirt = await (await request.get(`/api/products/${shirts.products[0].id}`)).json();
  const [first, second] = shirt.variants as { id: number; title: string; sku: string }[];
  await page.goto(`/dashboard/products/${shirt.id}/edit`);
  const grid = page.getByRole('region', { name: 'Variants' });
  await expect(grid.getByRole('row')).toHaveCount(shirt.variants.length + 1);
  await expect(page.getByLabel('Stock', { exact: true })).toHaveCount(0); // stock is per variant

  await grid.getByLabel(`Stock of ${first!.title}`).fill('1');
  await grid.getByLabel(`Price (Ksh) of ${second!.title}`).fill('1999');
  await grid.getByLabel(`SKU of ${second!.title}`).fill(first!.sku); // taken
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Please correct the fields marked below.')).toBeVisible();
  await expect(grid.getByText(`already has the SKU ${first!.sku}`)).toBeVisible();
  await grid.getByLabel(`SKU of ${second!.title}`).fill(second!.sku);
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Product saved')).toBeVisible();

  // A new size, added at once, then taken off sale again (nobody ordered it: it is deleted).
  const sizeName = shirt.options[0].name as string;
  const colourName = shirt.options[1].name as string;
  const colour = shirt.options[1].values[0] as string;
  const adder = grid.getByRole('group', { name: 'Add a variant' });
  await adder.getByLabel(sizeName, { exact: true }).fill('XXL');
  await adder.getByLabel(colourName, { exact: true }).fill(colour);
  await adder.getByLabel('Stock of the new variant').fill('4');
  await adder.getByRole('button', { name: 'Add variant' }).click();
  await expect(page.getByText(`XXL / ${colour} added`)).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(shirt.variants.length + 2);
  await expect(grid.getByLabel(`Stock of XXL / ${colour}`)).toHaveValue('4');
  await grid.getByRole('button', { name: `Remove XXL / ${colour}` }).click();
  await expect(page.getByText(`XXL / ${colour} removed`)).toBeVisible();
  await expect(grid.getByRole('row')).toHaveCount(shirt.variants.length + 1);

  await page.goto(`/products/${shirt.id}?variant=${second!.id}`);
  await expect(page.getByTestId('product-price')).toContainText('Ksh 1,999');

  await page.goto('/dashboard/low-stock');
  await page.getByLabel('Units left, at most').selectOption('2');
  await page.getByLabel('Product or SKU').fill(first!.sku);
  await expect(
    page.getByRole('link', { name: `Edit ${shirt.title} (${first!.title})` }),
  ).toBeVisible();

  await page.goto('/dashboard/products/all');
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('duka-products.csv');
  const csv = await (await file.createReadStream()).toArray();
  const text = Buffer.concat(csv).toString('utf8');
  expect(text.split('\r\n')[0]).toMatch(/^Handle,Title,Body \(HTML\),Vendor/);
  expect(text).toContain(`,${first!.sku},`);

  // A merchant's own Shopify file: checked first, one row refused with its line, then imported.
  const handle = `kitenge-shirt-${Date.now()}`;
  const shopifyFile = [
    'Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price',
    `${handle},Kitenge Shirt,<p>Wax print <b>cotton</b></p>,Mitumba Mpya,Mens Shirts,Size,M,${handle}-M,4,1850.00`,
    `${handle},,,,,,L,${handle}-L,2,-1850.00`,
  ].join('\n');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('Choose a CSV file first.')).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles({
    name: 'shopify.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(shopifyFile),
  });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(
    page.getByRole('heading', { name: 'Check finished: nothing was changed' }),
  ).toBeVisible();
  const refused = page.getByRole('table', { name: 'Rows refused' });
  await expect(refused.getByRole('row').nth(1)).toContainText('3');
  await expect(refused).toContainText('A price cannot be negative.');
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible();
  await expect(page.getByText('Created').locator('..')).toContainText('1');
  // In the shop, in its size, with the text of its description.
  await page.goto(`/products?q=${encodeURIComponent('Kitenge Shirt')}`);
  await page
    .getByRole('link', { name: /Kitenge Shirt/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Kitenge Shirt' })).toBeVisible();
  await expect(page.getByText('Wax print cotton')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'M' })).toBeVisible();
});
