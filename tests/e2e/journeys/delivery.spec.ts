// Delivery across Kenya (issue 22): the admin prices a county and adds a pickup point on the
// Delivery screen; shoppers see the fee and dates as they choose and in Summary; an order paid on
// delivery is confirmed at once and becomes paid when the admin records the money. Each journey
// uses counties no other journey touches (the shop is shared).
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';
import { ADMIN } from '../playwright.config.ts';
import { addToCart, productInStock } from '../fixtures/checkout.ts';
import { paidOrder } from '../fixtures/orders.ts';

async function fillAddress(page: Page) {
  await page.goto('/checkout');
  await page.getByLabel('First Name').fill('Ekai');
  await page.getByLabel('Last Name').fill('Lokwang');
  await page.getByLabel('Street Address').fill('Kanamkemer Road 2');
  await page.getByLabel('Town / area').fill('Lodwar');
}

async function toSummary(page: Page) {
  await page.getByRole('button', { name: 'Proceed' }).click();
  await page.getByLabel('Email').fill('ekai.lokwang@example.co.ke');
  await page.getByRole('button', { name: 'Save Payment Info' }).click();
  await expect(page.getByRole('heading', { name: 'Summary' })).toBeVisible();
}

const shippingRow = (page: Page) => page.getByLabel('Order summary');

test('the admin prices a county on the Delivery screen and a shopper there pays that fee in Summary', async ({
  page,
  request,
  logIn,
  newPage,
  shopper,
}) => {
  // The admin: Turkana costs Ksh 800 and takes 4-7 days.
  const admin = await newPage();
  await logIn(ADMIN, admin);
  await admin.goto('/dashboard/delivery');
  await expect(admin.getByRole('heading', { name: 'Delivery', exact: true })).toBeVisible();
  // A few letters find the county among the 47.
  await admin.getByLabel('Find a county').fill('tur');
  await expect(
    admin.getByRole('table', { name: 'Delivery by county' }).getByRole('row'),
  ).toHaveCount(
    2, // the header and Turkana
  );
  await admin.getByLabel('Find a county').fill('zzz');
  await expect(admin.getByText('No county matches “zzz”.')).toBeVisible();
  await admin.getByLabel('Find a county').fill('023');
  await admin.getByRole('button', { name: 'Edit Turkana' }).click();
  const editor = admin.getByRole('form', { name: 'Edit Turkana' });
  await editor.getByLabel('Fee (Ksh)').fill('-5');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(editor.getByText('Enter a fee from Ksh 0 to Ksh 100,000.')).toBeVisible();
  await editor.getByLabel('Fee (Ksh)').fill('800');
  await editor.getByLabel('Fewest days').fill('4');
  await editor.getByLabel('Most days').fill('7');
  await editor.getByRole('button', { name: 'Save' }).click();
  await expect(admin.getByText('Turkana saved')).toBeVisible();
  await expect(admin.getByRole('row', { name: /Turkana/ })).toContainText('Ksh 800');

  // The shopper in Lodwar.
  await logIn(shopper);
  await addToCart(page, await productInStock(request, 20));
  await fillAddress(page);
  await page.getByLabel('County').selectOption({ label: 'Turkana' });
  await expect(page.getByText(/Delivery to Turkana: Ksh 800, expected/)).toBeVisible();
  // With a county the zip code is optional.
  await expect(page.getByLabel('Zip Code (optional)')).toBeVisible();
  await page.getByLabel('Save this address for next time').check();
  await toSummary(page);
  await expect(shippingRow(page)).toContainText('Ksh 800');
  await expect(page.getByText('Turkana County')).toBeVisible();
  await expect(
    page.getByText('1-2 business days to process, then 4-7 business days to deliver.'),
  ).toBeVisible();

  // Next time the address is offered, county and all.
  await page.goto('/checkout');
  await page.getByLabel('Street Address').fill('Somewhere else');
  await page.getByLabel('County').selectOption({ label: 'Mombasa' });
  await page
    .getByLabel('Saved addresses')
    .selectOption({ label: 'Ekai Lokwang, Kanamkemer Road 2, Lodwar (default)' });
  await expect(page.getByLabel('Street Address')).toHaveValue('Kanamkemer Road 2');
  await expect(page.getByLabel('County')).toHaveValue('023');
});

test('a shopper collects from a pickup point the admin added', async ({
  page,
  request,
  logIn,
  newPage,
  shopper,
}) => {
  const admin = await newPage();
  await logIn(ADMIN, admin);
  await admin.goto('/dashboard/delivery');
  const form = admin.getByRole('form', { name: 'Add a pickup point' });
  const name = `Nanyuki Post Office ${Date.now()}`;
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('County').selectOption({ label: 'Laikipia' });
  await form.getByLabel('Address').fill('Kenyatta Highway, Nanyuki');
  await form.getByLabel('Opening hours').fill('Mon-Sat 8:00-17:00');
  await form.getByLabel('Fee (Ksh)').fill('120');
  await form.getByRole('button', { name: 'Add Pickup Point' }).click();
  await expect(admin.getByText(`${name} saved`)).toBeVisible();
  await expect(admin.getByRole('row', { name: new RegExp(name) })).toContainText('Laikipia');

  await logIn(shopper);
  await addToCart(page, await productInStock(request, 21));
  await fillAddress(page);
  await page.getByRole('radio', { name: 'Pickup point' }).check();
  await page.getByLabel('County').selectOption({ label: 'Laikipia' });
  await page
    .getByRole('combobox', { name: 'Pickup Point' })
    .selectOption({ label: `${name}, Kenyatta Highway, Nanyuki (Mon-Sat 8:00-17:00) · Ksh 120` });
  await expect(page.getByText(new RegExp(`Delivery to ${name}: Ksh 120`))).toBeVisible();
  await toSummary(page);
  await expect(shippingRow(page)).toContainText('Ksh 120');
  const pickup = page.getByRole('region', { name: 'Pickup point' });
  await expect(pickup).toContainText(name);
  await expect(pickup).toContainText('Mon-Sat 8:00-17:00');
});

test('a shopper pays on delivery; the admin records the cash and the order is paid', async ({
  page,
  request,
  logIn,
  newPage,
  shopper,
  apiAuth,
}) => {
  // Garissa offers pay on delivery.
  const auth = await apiAuth(ADMIN);
  const set = await request.patch('/api/admin/delivery/counties/007', {
    headers: auth,
    data: { pay_on_delivery: true, pay_on_delivery_max: 1_000_000 },
  });
  expect(set.status()).toBe(200);

  await logIn(shopper);
  await addToCart(page, await productInStock(request, 22));
  await fillAddress(page);
  await page.getByLabel('County').selectOption({ label: 'Garissa' });
  await toSummary(page);
  await page.getByRole('button', { name: 'Pay on delivery' }).click();
  await expect(page).toHaveURL(/\/ordercomplete\?order=\d+/);
  await expect(page.getByText(/You pay Ksh [\d,]+ when your order is delivered/)).toBeVisible();
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  // The admin finds it awaiting payment on delivery and records the cash.
  const admin = await newPage();
  await logIn(ADMIN, admin);
  await admin.goto('/dashboard/orders');
  const row = admin.getByRole('row', { name: new RegExp(`Order ${orderId}\\b`) });
  await expect(row.getByText('Pay on delivery').first()).toBeVisible();
  await row.getByRole('button', { name: `Record payment of order ${orderId}` }).click();
  await expect(admin.getByText(`Order ${orderId} is now paid.`)).toBeVisible();
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();

  // The shopper sees it paid.
  await page.goto(`/ordercomplete?order=${orderId}`);
  await expect(page.getByText(/You pay Ksh/)).toHaveCount(0);
});

test('the admin ships an order with its tracking number; the shopper sees it on the order page and at /track; the packing slip prints', async ({
  page,
  request,
  logIn,
  newPage,
  shopper,
  apiAuth,
  allowConsoleErrors,
}) => {
  // A look-up with the wrong phone finds nothing (404), as it checks.
  allowConsoleErrors(/status of 404 .*\/api\/track\?/);
  const headers = await apiAuth(shopper);
  const orderId = await paidOrder(request, headers, shopper.email, {
    productId: await productInStock(request, 23),
    quantity: 1,
  });

  const admin = await newPage();
  await logIn(ADMIN, admin);
  await admin.goto(`/dashboard/orders/${orderId}`);
  await expect(admin.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible();
  const slip = admin.getByRole('region', { name: `Packing slip · Order no. ${orderId}` });
  await expect(slip.getByRole('table', { name: 'What to pack' })).toBeVisible();
  // Printed, the slip is the whole page: no sidebar, no money, no controls.
  await admin.emulateMedia({ media: 'print' });
  await expect(slip).toBeVisible();
  await expect(admin.getByRole('navigation', { name: 'Back office' })).toBeHidden();
  await expect(admin.getByRole('heading', { name: 'Payments' })).toBeHidden();
  await admin.emulateMedia({ media: 'screen' });

  // Processing, then shipped with a courier and tracking number.
  const status = admin.getByLabel(`New status for order ${orderId}`);
  await status.selectOption({ label: 'Processing' });
  await admin.getByRole('button', { name: `Update order ${orderId}` }).click();
  await expect(admin.getByText(`Order ${orderId} is now processing.`)).toBeVisible();
  await status.selectOption({ label: 'Shipped' });
  await admin.getByLabel('Courier').fill('G4S');
  await admin.getByLabel('Tracking number').fill('G4S-KE-90210');
  await admin.getByRole('button', { name: `Update order ${orderId}` }).click();
  await expect(admin.getByText(`Order ${orderId} is now shipped.`)).toBeVisible();
  const timeline = admin.getByRole('list', { name: `Timeline of order ${orderId}` });
  await expect(timeline).toContainText('G4S, tracking number G4S-KE-90210');
  await expect(timeline).toContainText(ADMIN.email);

  // The shopper's order page.
  await logIn(shopper);
  await page.goto('/userprofile/orderhistory');
  await page.getByRole('link', { name: `View order no. ${orderId}` }).click();
  await expect(page.getByRole('heading', { name: `Order no. ${orderId}` })).toBeVisible();
  await expect(page.getByText('G4S-KE-90210', { exact: true })).toBeVisible();
  const progress = page.getByRole('list', { name: `Progress of order ${orderId}` });
  await expect(progress.getByRole('listitem')).toHaveCount(4); // awaiting payment, paid, processing, shipped
  await expect(progress.getByRole('listitem').last()).toContainText('Shipped');

  // Anyone with the number and the phone, logged out.
  const visitor = await newPage();
  await visitor.goto('/track');
  await visitor.getByLabel('Order number').fill(String(orderId));
  await visitor.getByLabel('Phone number').fill('0799 999 999');
  await visitor.getByRole('button', { name: 'Track' }).click();
  await expect(visitor.getByText('No order matches this number and phone.')).toBeVisible();
  await visitor.getByLabel('Phone number').fill('0712 345 678'); // the account's (fixtures/accounts.ts)
  await visitor.getByRole('button', { name: 'Track' }).click();
  const tracked = visitor.getByRole('list', { name: `Progress of order ${orderId}` });
  await expect(tracked.getByRole('listitem').last()).toContainText('Shipped');
  // The timeline and nothing else: not the tracking number, not the address.
  await expect(visitor.getByText('G4S-KE-90210')).toHaveCount(0);
});
