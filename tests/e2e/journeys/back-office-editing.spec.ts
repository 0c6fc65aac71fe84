// The back office without dead ends (issue 33): the stock of a product sold in sizes set per size
// from All Products, a courier and tracking number given to an order shipped without them, the
// bell that opens on the first click after other screens, and screens in Kenyan words and dates.
import { randomBytes } from 'node:crypto';
import { ADMIN, MAILBOX_URL } from '../playwright.config.ts';
import { mailTo } from '../fixtures/accounts.ts';
import { paidOrder } from '../fixtures/orders.ts';
import { expect, test } from '../fixtures/test.ts';

test("the admin sets each size's stock of a product sold in sizes from All Products", async ({
  page,
  request,
  apiAuth,
  alerts,
  loggedInAdmin: _admin,
}) => {
  const headers = await apiAuth(ADMIN);
  const title = `Kikoi shirt ${randomBytes(3).toString('hex')}`;
  const made = await request.post('/api/products', {
    headers,
    data: {
      title,
      brand: 'Kikoi Co',
      description: 'A cotton shirt woven on the coast.',
      category: 'mens-shirts',
      price: 180_000,
      images: ['/images/products/FUR-MTI-0001-1.webp'],
      options: [{ name: 'Size', values: ['S', 'M', 'L'] }],
      variants: [
        { options: { Size: 'S' }, stock: 2 },
        { options: { Size: 'M' }, stock: 5 },
        { options: { Size: 'L' }, stock: 1 },
      ],
    },
  });
  expect(made.status(), await made.text()).toBe(201);
  const { id } = (await made.json()).product;

  await page.goto('/dashboard/products/all');
  await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill(title);
  const card = page.getByRole('listitem', { name: title });
  await expect(card).toContainText('Stock: 8');
  await card.getByRole('button', { name: /^Stock/ }).click();

  // One number per size, each labelled; a bad one gets the specification's alert.
  const dialog = page.getByRole('dialog', { name: `Stock: ${title}` });
  await expect(dialog.getByRole('spinbutton')).toHaveCount(3);
  await expect(dialog.getByLabel('Units in stock of M')).toHaveValue('5');
  await dialog.getByLabel('Units in stock of S').fill('-1');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect.poll(() => alerts).toContain('Please enter a valid number for stock change.');
  await dialog.getByLabel('Units in stock of S').fill('12');
  await dialog.getByLabel('Units in stock of L').fill('0');
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(page.getByText('Product updated successfully!')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText('Stock: 17');

  const product = await (await request.get(`/api/products/${id}`)).json();
  expect(product.variants.map((v: { title: string; stock: number }) => [v.title, v.stock])).toEqual(
    [
      ['S', 12],
      ['M', 5],
      ['L', 0],
    ],
  );
});

test('an order shipped without a courier gets one and a tracking number; the shopper is e-mailed', async ({
  page,
  request,
  shopper,
  apiAuth,
  loggedInAdmin: _admin,
}) => {
  const orderId = await paidOrder(request, await apiAuth(shopper), shopper.email);
  const headers = await apiAuth(ADMIN);
  for (const status of ['processing', 'shipped']) {
    const moved = await request.patch(`/api/admin/orders/${orderId}`, {
      headers,
      data: { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }

  await page.goto(`/dashboard/orders/${orderId}`);
  const card = page.getByRole('form', { name: 'Courier and tracking number' });
  await card.getByLabel('Courier').fill('G4S');
  await card.getByLabel('Tracking number').fill('KE-4471-2291');
  await card.getByRole('button', { name: 'Save courier and tracking' }).click();
  await expect(page.getByText(/Saved\. .* is e-mailed how to follow the order\./)).toBeVisible();
  // The packing slip shows them at once; the form starts again from what was saved.
  const slip = page.getByRole('region', { name: /Packing slip/ });
  await expect(slip).toContainText('Courier: G4S');
  await expect(slip).toContainText('Tracking number: KE-4471-2291');
  await expect(card.getByRole('button', { name: 'Save courier and tracking' })).toBeDisabled();
  // Its payments in words, its date in Nairobi's.
  await expect(page.getByText(/^PayPal · paid · Ksh [\d,]+/)).toBeVisible();
  await expect(page.getByText(/^Ordered \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/)).toBeVisible();

  await expect
    .poll(async () => (await mailTo(request, MAILBOX_URL, shopper.email)).map((m) => m.subject))
    .toContain(`Your Duka order #${orderId}: how to follow it`);
  const mail = (await mailTo(request, MAILBOX_URL, shopper.email)).find((m) =>
    m.subject.endsWith('how to follow it'),
  );
  expect(mail!.text).toContain('Courier: G4S. Tracking number: KE-4471-2291.');

  // The audit log says what happened in words.
  await page.goto('/dashboard/audit');
  await page.getByLabel('Action').selectOption('order.shipment.update');
  await page.getByLabel('Record id').fill(String(orderId));
  await page.getByRole('button', { name: 'Filter' }).click();
  const row = page.getByRole('row').filter({ hasText: 'Courier or tracking number changed' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Order ${orderId}`);
  await expect(row).toContainText('Tracking number: — → KE-4471-2291');
});

test('the bell opens on the first click after the Orders and Contacts screens', async ({
  page,
  loggedInAdmin: _admin,
}) => {
  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { name: 'Orders', level: 1 })).toBeVisible();
  await page.goto('/dashboard/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  // Read down the list, as an admin does: the page is left scrolled.
  await page.mouse.wheel(0, 3000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.goto('/dashboard/dashboardAdmin');
  await expect(page.getByRole('heading', { name: 'Recent Orders' })).toBeVisible();

  await page.getByRole('button', { name: /^Notifications/ }).click();
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeVisible();
  // It stays open: nothing but a scroll of the reader's own closes it.
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  await page.mouse.wheel(0, 400);
  await expect(page.getByRole('region', { name: 'Notifications' })).toBeHidden();
});

test('the orders list writes Kenyan dates and Ksh, and the audit log filters by words', async ({
  page,
  loggedInAdmin: _admin,
}) => {
  await page.goto('/dashboard/orders');
  const table = page.getByRole('table', { name: 'Orders' });
  await expect(table).toBeVisible();
  const text = (await table.textContent()) ?? '';
  expect(text).not.toMatch(/\d{2}\/\d{2}\/\d{4}/);
  expect(text).not.toContain('Kshs');
  await expect(table.getByText(/^\d{1,2} [A-Z][a-z]{2} \d{4}$/).first()).toBeVisible();
  await expect(table.getByText(/^Ksh [\d,]+$/).first()).toBeVisible();

  await page.goto('/dashboard/audit');
  await expect(page.getByLabel('Action')).toHaveJSProperty('tagName', 'SELECT');
  await page.getByLabel('Record type').selectOption({ label: 'Account' });
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/entity=user/);
  const log = page.getByRole('table', { name: 'Audit log' });
  await expect(log.getByText('Signed in').first()).toBeVisible();
  expect(await log.textContent()).not.toContain('staff.sign_in');
});
