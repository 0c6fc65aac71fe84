// Staff with roles, two-step sign-in and the audit log (issue 25), in the browser.
import { mailTo, PASSWORD } from '../fixtures/accounts.ts';
import { paidOrder } from '../fixtures/orders.ts';
import { expect, test } from '../fixtures/test.ts';
import { ADMIN, MAILBOX_URL } from '../playwright.config.ts';
import { totp } from '../fixtures/totp.ts';

test('the owner invites a packer, who ships an order but cannot change a price', async ({
  page,
  request,
  shopper,
  apiAuth,
  newPage,
  loggedInAdmin: _admin,
}) => {
  const email = `packer-${Date.now()}@example.co.ke`;
  await page.goto('/dashboard/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Fulfilment' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(page.getByText(`${email}, as Fulfilment`)).toBeVisible();

  await expect.poll(async () => (await mailTo(request, MAILBOX_URL, email)).length).toBe(1);
  const [mail] = await mailTo(request, MAILBOX_URL, email);
  expect(mail!.subject).toBe('You are invited to run a Duka shop');
  const link = /(http\S+\/staff-invite\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

  const packer = await newPage();
  packer.on('dialog', (dialog) => void dialog.accept());
  await packer.goto(link);
  await expect(packer.getByText('as Fulfilment')).toBeVisible();
  await packer.getByLabel('Username').fill(`packer${Date.now()}`);
  await packer.getByLabel('Phone Number').fill('0712345678');
  await packer.getByLabel('Choose a password').fill(PASSWORD);
  await packer.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(packer).toHaveURL(/\/login$/);
  await expect(packer.getByText(`Log in as ${email} to start.`)).toBeVisible();
  await packer.getByLabel('Email').fill(email);
  await packer.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await packer.getByRole('button', { name: 'Log In' }).click();
  await expect(packer).toHaveURL(/\/dashboard\/dashboardAdmin$/);

  // The back office shows the packer only their job.
  const nav = packer.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
  await expect(nav.getByRole('button', { name: /Products/ })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Staff' })).toHaveCount(0);

  const orderId = await paidOrder(request, await apiAuth(shopper), shopper.email);
  await packer.goto('/dashboard/orders');
  const row = packer.getByRole('row').filter({ hasText: shopper.email });
  // Refunds are not the packer's either: not offered (the order could be refunded by the owner).
  await expect(row.getByRole('option', { name: 'Processing' })).toHaveCount(1);
  await expect(row.getByRole('option', { name: 'Refunded' })).toHaveCount(0);
  await row.getByLabel(`New status for order ${orderId}`).selectOption({ label: 'Processing' });
  await row.getByRole('button', { name: `Update order ${orderId}` }).click();
  await expect(packer.getByText(`Order ${orderId} is now processing.`)).toBeVisible();
  // Customers' messages and tax receipts are other people's jobs.
  await expect(packer.getByRole('button', { name: /^Notifications/ })).toHaveCount(0);
  await packer.goto(`/dashboard/orders/${orderId}`);
  await expect(packer.getByRole('button', { name: 'Print packing slip' })).toBeVisible();
  await expect(packer.getByRole('link', { name: 'Receipt' })).toHaveCount(0);

  // A price is not the packer's to change: the server says no, whatever the screen shows.
  const token = await packer.evaluate(() => sessionStorage.getItem('token'));
  const priceChange = await request.patch('/api/products/1', {
    headers: { authorization: `Bearer ${token}` },
    data: { price: 100 },
  });
  expect(priceChange.status()).toBe(403);
  expect((await priceChange.json()).error).toBe('Your role does not allow this.');
});

test('a manager turns on two-step sign-in and then logs in with a code', async ({
  page,
  request,
  shopper,
  apiAuth,
  alerts,
  logIn,
  allowConsoleErrors,
}) => {
  // A wrong code is refused (400), as it checks.
  allowConsoleErrors(/status of 400 .*\/api\/login\/2fa\)/);
  // Made a manager by the owner ('Make Admin').
  const owner = await apiAuth(ADMIN);
  const me = await (
    await request.get('/api/current_user', { headers: await apiAuth(shopper) })
  ).json();
  const made = await request.patch(`/api/admin/users/${me.id}`, {
    headers: owner,
    data: { is_admin: true },
  });
  expect(made.status()).toBe(200);

  await logIn(shopper);
  await page.goto('/dashboard/security');
  await page.getByRole('button', { name: 'Set up two-step sign-in' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.getByLabel('Code from the app').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(
    page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(page.getByRole('button', { name: 'Turn off two-step sign-in' })).toBeVisible();

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('button', { name: 'Logout' })
    .click();
  await page.goto('/login');
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(shopper.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText(/That code is not right/)).toBeVisible();
  // The code of the next 30 seconds: the one used to turn it on cannot be used again.
  await page.getByLabel('Code').fill(totp(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard\/dashboardAdmin$/);
  await expect.poll(() => alerts.filter((a) => a === 'Login success').length).toBe(2);
});

test("the owner looks up a product's price history and the audit log", async ({
  page,
  request,
  apiAuth,
  loggedInAdmin: _admin,
}) => {
  const owner = await apiAuth(ADMIN);
  const product = await (await request.get('/api/products/2')).json();
  const changed = await request.patch('/api/products/2', {
    headers: owner,
    data: { price: product.price + 1000 },
  });
  expect(changed.status(), await changed.text()).toBe(200);

  await page.goto('/dashboard/products/2/edit');
  const history = page.getByRole('region', { name: 'Price history' });
  await expect(
    history.getByText(new RegExp(`Price .+ → .+ by ${ADMIN.email}`)).first(),
  ).toBeVisible();
  // The back office's dark sidebar runs the whole height of a long page, down to the footer.
  const sidebar = await page.locator('aside:has(nav[aria-label="Back office"])').boundingBox();
  const footer = await page.locator('footer').boundingBox();
  expect(Math.round(sidebar!.y + sidebar!.height)).toBe(Math.round(footer!.y));
  expect(sidebar!.height).toBeGreaterThan(page.viewportSize()!.height);
  await history.getByRole('link', { name: 'Every change of this product' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log' })).toBeVisible();
  // In words (issue 33): the action, the product by its title, the prices in shillings.
  const row = page.getByRole('row').filter({ hasText: 'Price changed' }).first();
  await expect(row).toContainText(ADMIN.email);
  await expect(row).toContainText(product.title);
  const ksh = (cents: number) => `Ksh ${Math.round(cents / 100).toLocaleString('en-KE')}`;
  await expect(row).toContainText(`Price: ${ksh(product.price)} → ${ksh(product.price + 1000)}`);
});
