// The back office's screens against the real server: admin rights, the route and API walls for
// shoppers, the dashboard, contacts, orders, payments, reviews and search.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { collectAlerts } from '../fixtures/accounts.ts';
import { paidOrder } from '../fixtures/orders.ts';
import { expect, test } from '../fixtures/test.ts';

const ADMIN_SCREENS = [
  '/dashboard/dashboardAdmin',
  '/dashboard/orders',
  '/dashboard/reviews',
  '/dashboard/customers',
  '/dashboard/payments',
  '/dashboard/contacts',
  '/dashboard/delivery',
  '/dashboard/products/all',
  '/search?q=a',
];

/**
 * Customers are listed oldest first: a new one is on the last page, or near it. After each page
 * change the list is read only once that page's rows are on screen (not the last page's, kept
 * while the next one loads).
 */
/** The Is_Admin cell of a Customers row (after Id, Username, Email, Orders and Total Spent). */
const isAdminCell = (row: Locator) => row.getByRole('cell').nth(5);

async function customerRow(page: Page, email: string) {
  const list = page.getByRole('region', { name: 'All Customers' });
  const settled = () => expect(list).not.toHaveAttribute('aria-busy', 'true');
  const pager = page.getByRole('navigation', { name: 'Customers pages' });
  await expect(list.getByRole('row').nth(1)).toBeVisible();
  const pages = await pager.getByRole('button', { name: /^Page \d+$/ }).allTextContents();
  const last = Math.max(1, ...pages.map(Number));
  if (last > 1) {
    await pager.getByRole('button', { name: `Page ${last}`, exact: true }).click();
    await settled();
  }
  const row = list.getByRole('row').filter({ hasText: email });
  for (let p = last; p > 1 && !(await row.isVisible()); p--) {
    await pager.getByRole('button', { name: 'Previous' }).click();
    await expect(pager.getByRole('button', { name: `Page ${p - 1}`, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await settled();
  }
  await expect(row).toBeVisible();
  return row;
}

test('the admin makes a shopper an admin and revokes it, and the shopper sees the back office only in between', async ({
  page,
  alerts: _alerts,
  shopper,
  logIn,
  newPage,
}) => {
  const shopperPage = await newPage();
  collectAlerts(shopperPage);
  await logIn(shopper, shopperPage);
  await shopperPage.goto('/dashboard/dashboardAdmin');
  await expect(shopperPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();

  await logIn(ADMIN);
  // The admin header's search finds the new account.
  await page.goto('/dashboard/dashboardAdmin');
  await page
    .getByRole('searchbox', { name: 'Search products, customers and orders' })
    .fill(`  ${shopper.email} `);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=/);
  expect(new URL(page.url()).searchParams.get('q')).toBe(shopper.email);
  await expect(page.getByRole('region', { name: 'Customers' })).toContainText(shopper.username);

  await page.getByRole('banner').getByRole('link', { name: 'My Account' }).click();
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Customers' })
    .click();
  await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
  await expect(page.getByText('Total Customers')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'All Customers' })).toBeVisible();

  let row = await customerRow(page, shopper.email);
  // Id, Username, Email, Orders, Total Spent, Is_Admin: a new shopper has bought nothing yet.
  await expect(row.getByRole('cell').nth(3)).toHaveText('0');
  await expect(row.getByRole('cell').nth(4)).toHaveText('Ksh 0');
  await expect(isAdminCell(row)).toHaveText('No');
  await row.getByRole('button', { name: /^Make Admin/ }).click();
  await expect(isAdminCell(row)).toHaveText('Yes');
  await expect(page.getByText(`${shopper.username} is now an admin.`)).toBeVisible();

  // A change of role ends the person's sessions: the shopper's tab is signed out, and the back
  // office opens once they log in again.
  await shopperPage.goto('/dashboard/dashboardAdmin');
  await expect(shopperPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await logIn(shopper, shopperPage);
  await shopperPage.goto('/dashboard/dashboardAdmin');
  await expect(shopperPage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(shopperPage.getByRole('navigation', { name: 'Back office' })).toBeVisible();

  // The row reflects the server, also after a reload.
  await page.reload();
  row = await customerRow(page, shopper.email);
  await expect(isAdminCell(row)).toHaveText('Yes');
  await row.getByRole('button', { name: /^Revoke Admin/ }).click();
  await expect(isAdminCell(row)).toHaveText('No');
  await expect(row.getByRole('button', { name: /^Make Admin/ })).toBeVisible();

  await shopperPage.reload();
  await expect(shopperPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(shopperPage.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
});

test('a shopper who types the back office addresses gets no admin screen, and the admin API answers 403', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  // Whatever the pages ask of the admin API, the server must refuse: no admin data reaches them.
  const adminCalls: string[] = [];
  page.on('response', (res) => {
    const { pathname } = new URL(res.url());
    if (pathname.startsWith('/api/admin/')) adminCalls.push(`${res.status()} ${pathname}`);
  });
  for (const path of ADMIN_SCREENS) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Back office' })).toHaveCount(0);
    await page.waitForLoadState('networkidle');
  }
  expect(adminCalls.filter((call) => !call.startsWith('403 '))).toEqual([]);

  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  expect(token).toBeTruthy();
  const headers = { authorization: `Bearer ${token}` };
  for (const path of [
    '/api/admin/dashboard',
    '/api/admin/orders',
    '/api/admin/reviews',
    '/api/admin/users',
    '/api/admin/customers/summary',
    '/api/admin/payments',
    '/api/admin/contacts',
    '/api/admin/pickup-points',
    '/api/admin/search?q=a',
  ]) {
    const res = await request.get(path, { headers });
    expect(res.status(), path).toBe(403);
  }
  const me = await (await request.get('/api/current_user', { headers })).json();
  const selfPromotion = await request.patch(`/api/admin/users/${me.id}`, {
    headers,
    data: { is_admin: true },
  });
  expect(selfPromotion.status()).toBe(403);
  const move = await request.patch('/api/admin/orders/1/status', {
    headers,
    data: { status: 'processing' },
  });
  expect(move.status()).toBe(403);
  // Without a token at all: 401.
  expect((await request.get('/api/admin/orders')).status()).toBe(401);
});

test('an order shows on Orders, moves from paid to processing, and its payment is listed', async ({
  page,
  request,
  shopper,
  apiAuth,
  loggedInAdmin: _admin,
}) => {
  const orderId = await paidOrder(request, await apiAuth(shopper), shopper.email);

  await page.goto('/dashboard/orders');
  await expect(page.getByRole('heading', { name: 'Orders' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: shopper.email });
  await expect(row).toContainText(`Order ${orderId}`);
  await expect(row).toContainText('Kenyatta Avenue 12');
  // Kenyan amounts and dates (issue 33), not the specification's 'Kshs' and MM/DD/YYYY.
  await expect(row).toContainText(/Ksh [\d,]+/);
  await expect(row).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(page.getByText('Total of this page:')).toBeVisible();

  const control = row.getByLabel(`New status for order ${orderId}`);
  // Only the moves the lifecycle allows from 'paid' are offered.
  await expect(control.locator('option')).toHaveText(['Processing', 'Refunded']);
  await control.selectOption({ label: 'Processing' });
  await row.getByRole('button', { name: `Update order ${orderId}` }).click();
  await expect(row.getByText('Processing', { exact: true })).toBeVisible();
  await expect(page.getByText(`Order ${orderId} is now processing.`)).toBeVisible();
  await expect(row.getByLabel(`New status for order ${orderId}`).locator('option')).toHaveText([
    'Shipped',
    'Refunded',
  ]);

  const adminToken = await page.evaluate(() => sessionStorage.getItem('token'));
  const listed = await (
    await request.get('/api/admin/orders?limit=100', {
      headers: { authorization: `Bearer ${adminToken}` },
    })
  ).json();
  expect(listed.orders.find((o: { id: number }) => o.id === orderId).status).toBe('processing');

  // The books: today's processing orders as CSV, this one with its payment receipt.
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Africa/Nairobi' }).format(new Date());
  await page.getByLabel('Status', { exact: true }).selectOption({ label: 'Processing' });
  const exporter = page.getByRole('form', { name: 'Export orders' });
  await exporter.getByLabel('From').fill(today);
  await exporter.getByLabel('To').fill(today);
  const download = page.waitForEvent('download');
  await exporter.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('duka-orders.csv');
  const csv = readFileSync((await file.path())!, 'utf8');
  expect(csv.split('\r\n')[0]).toMatch(/^Order,Date,Status,Customer,Email,/);
  const line = csv.split('\r\n').find((l) => l.startsWith(`${orderId},`));
  expect(line).toContain(`,processing,`);
  expect(line).toContain(shopper.email);
  expect(line).toMatch(/,SBXTXN[^,]*,/);

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Payments' })
    .click();
  await expect(page.getByRole('heading', { name: 'Payments', exact: true })).toBeVisible();
  const payment = page
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name: String(orderId), exact: true }) });
  await expect(payment).toContainText('Kenyatta Avenue 12');
  await expect(payment).toContainText('Paid');
  await expect(payment).toContainText(/SBXTXN/);
});

test('the dashboard shows its three cards, the Sales Report chart and recent orders', async ({
  page,
  request,
  shopper,
  apiAuth,
  loggedInAdmin: _admin,
}) => {
  const orderId = await paidOrder(request, await apiAuth(shopper), shopper.email);
  await page.goto('/dashboard/dashboardAdmin');
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  const summary = page.getByRole('region', { name: 'Summary' });
  for (const label of ['Earnings', 'Orders', 'SignUps']) {
    await expect(summary.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(summary.getByText(/^Ksh [\d,]+$/)).toBeVisible();

  const report = page.getByRole('region', { name: 'Sales Report' });
  await expect(report.locator('svg.recharts-surface').first()).toBeVisible();
  await expect(report.getByText('Sales (Ksh)')).toBeVisible();
  await expect(report.locator('.recharts-line-curve')).toBeVisible();

  const recent = page.getByRole('table', { name: 'Recent Orders' });
  const row = recent.getByRole('row').filter({ hasText: shopper.username });
  await expect(row.getByRole('cell').first()).toHaveText(String(orderId));
  // Two of one product: one line, quantity 2, so no '+N more'.
  await expect(row.getByRole('cell').nth(4)).toHaveText('2');
  await expect(row).not.toContainText('more');
  await expect(row).toContainText('Paid');
});

test('the contacts screen filters by search text and sorts by name', async ({
  page,
  request,
  loggedInAdmin: _admin,
}) => {
  const tag = randomBytes(3).toString('hex');
  for (const name of [`Zuberi ${tag}`, `Amani ${tag}`]) {
    const res = await request.post('/api/contact', {
      data: {
        name,
        email: `${name.split(' ')[0]!.toLowerCase()}.${tag}@example.co.ke`,
        phone: '0712345678',
        message: `Hello from ${name}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/dashboard/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts' })).toBeVisible();
  const to = page.getByLabel('To', { exact: true });
  await expect(to).toHaveValue(/^\d{4}-\d{2}-\d{2}$/); // today, in Nairobi

  const search = page.getByPlaceholder('Search contacts...');
  const dataRows = page
    .getByRole('table', { name: 'Contacts' })
    .getByRole('row')
    .filter({
      has: page.getByRole('cell'),
    });
  await search.fill(`zuberi ${tag}`);
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(dataRows).toHaveCount(1);
  await expect(dataRows.first()).toContainText(`Zuberi ${tag}`);
  await expect(dataRows.first()).toContainText(`Hello from Zuberi ${tag}`);

  await search.fill(tag);
  await search.press('Enter');
  await expect(dataRows).toHaveCount(2);
  // Default: by date, oldest first.
  const dateHeader = page.getByRole('columnheader', { name: /Date/ });
  await expect(dateHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(dataRows.first()).toContainText(`Zuberi ${tag}`);

  await page.getByRole('button', { name: 'Name', exact: true }).click();
  const nameHeader = page.getByRole('columnheader', { name: /Name/ });
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(nameHeader).toContainText('▲');
  await expect(dataRows.first()).toContainText(`Amani ${tag}`);
  await page.getByRole('button', { name: 'Name', exact: true }).click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(nameHeader).toContainText('▼');
  await expect(dataRows.first()).toContainText(`Zuberi ${tag}`);

  // A day range before the messages were sent finds nothing.
  await page.getByLabel('From', { exact: true }).fill('2020-01-01');
  await to.fill('2020-01-31');
  await page.getByRole('button', { name: 'Filter' }).click();
  await expect(page.getByText('No contacts found')).toBeVisible();
});

test('reviews are listed six a page with half-star ratings and a pager that stops at the ends', async ({
  page,
  loggedInAdmin: _admin,
}) => {
  await page.goto('/dashboard/reviews');
  await expect(page.getByRole('heading', { name: 'Reviews', level: 1 })).toBeVisible();
  const cards = page.getByRole('article');
  await expect(cards).toHaveCount(6);
  await expect(cards.first().getByRole('img', { name: /^Rated [\d.]+ out of 5$/ })).toBeVisible();
  await expect(cards.first().getByRole('link')).toHaveAttribute('href', /^\/products\/\d+$/);
  const showing = page.getByText(/^Showing \d+ to \d+ of \d+ entries$/);
  await expect(showing).toHaveText(/^Showing 1 to 6 of \d+ entries$/);

  const pager = page.getByRole('navigation', { name: 'Reviews pages' });
  await expect(pager.getByRole('button', { name: 'First' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Next' }).click();
  await expect(showing).toHaveText(/^Showing 7 to 12 of \d+ entries$/);
  await pager.getByRole('button', { name: 'Last' }).click();
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'Last' })).toBeDisabled();
  await expect(pager.getByRole('button', { name: 'First' })).toBeEnabled();
});
