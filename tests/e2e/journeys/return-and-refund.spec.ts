// Returns (issue 34): a shopper whose order of two items was delivered returns one of them from
// the order's page; the admin approves it on the Returns screen, marks it received (back to
// stock), and the sandbox refund confirms at once; the shopper's order page then shows the return
// received and the money back.
import type { APIRequestContext } from '@playwright/test';
import { payInSandbox } from '../fixtures/orders.ts';
import { expect, test } from '../fixtures/test.ts';
import { ADMIN } from '../playwright.config.ts';

/** A folder to keep screenshots of the pages in, at desktop and phone widths (for a person). */
const SCREENS = process.env.E2E_SCREENS;

interface Product {
  id: number;
  title: string;
  returnPolicy: string;
  variants: { id: number; stock: number; title: string }[];
}

/** Two well-stocked demo products that may be returned, each with its best-stocked variant. */
async function twoReturnable(request: APIRequestContext) {
  const list = await (await request.get('/api/products?sort=stock&limit=30')).json();
  const found: { product: Product; variantId: number }[] = [];
  for (const { id } of list.products as { id: number }[]) {
    const product = (await (await request.get(`/api/products/${id}`)).json()) as Product;
    if (/no return/i.test(product.returnPolicy)) continue;
    const variant = product.variants.toSorted((a, b) => b.stock - a.stock)[0]!;
    if (variant.stock < 3) continue;
    found.push({ product, variantId: variant.id });
    if (found.length === 2) return found;
  }
  throw new Error('The demo catalogue has no two returnable products in stock');
}

/** An order of both, paid through the sandbox and delivered by the admin's moves. */
async function deliveredOrder(
  request: APIRequestContext,
  headers: { authorization: string },
  admin: { authorization: string },
  email: string,
  lines: { product: Product; variantId: number }[],
) {
  const post = async (path: string, data: unknown) => {
    const res = await request.post(path, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  for (const { product, variantId } of lines) {
    await post('/api/cart', { product_id: product.id, variant_id: variantId, quantity: 1 });
  }
  await post('/api/shipping', {
    name: 'Achieng Otieno',
    street_address: 'Oginga Odinga Street 4',
    city: 'Kisumu',
    zip_code: '40100',
  });
  await post('/api/payment', { email });
  const { paymentId, order_id: orderId } = await post('/api/create-payment', {});
  await payInSandbox(request, headers, paymentId);
  for (const status of ['processing', 'shipped', 'delivered']) {
    const moved = await request.patch(`/api/admin/orders/${orderId}`, {
      headers: admin,
      data: { status },
    });
    expect(moved.status(), await moved.text()).toBe(200);
  }
  return orderId as number;
}

test('a shopper returns one of two items, the admin approves and receives it, and the refund shows', async ({
  page,
  request,
  apiAuth,
  logIn,
  shopper,
  newPage,
}) => {
  const lines = await twoReturnable(request);
  const admin = await apiAuth(ADMIN);
  const orderId = await deliveredOrder(
    request,
    await apiAuth(shopper),
    admin,
    shopper.email,
    lines,
  );
  const [kept, returned] = lines as [(typeof lines)[0], (typeof lines)[0]];

  await logIn(shopper);
  await page.goto(`/userprofile/orders/${orderId}`);
  const returns = page.getByRole('region', { name: 'Returns' });
  await returns.getByRole('button', { name: 'Return or exchange items' }).click();
  const form = page.getByRole('form', { name: 'Return or exchange items' });
  await expect(form.getByRole('checkbox')).toHaveCount(2);

  // Nothing chosen: the form says so, and keeps what was typed.
  await form.getByLabel('Why are you returning it?').fill('It does not fit the room.');
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(form.getByText('Choose at least one item to return.')).toBeVisible();
  await expect(form.getByLabel('Why are you returning it?')).toHaveValue(
    'It does not fit the room.',
  );

  await form.getByRole('checkbox', { name: new RegExp(escape(returned.product.title)) }).check();
  await expect(form.getByRole('radio', { name: 'A refund, the way I paid' })).toBeChecked();
  if (SCREENS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENS}/return-form-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await form.getByRole('button', { name: 'Send return request' }).click();
  await expect(page.getByText(/^Return #\d+ sent\./)).toBeVisible();
  const item = returns.getByRole('listitem').filter({ hasText: /Return #\d+/ });
  await expect(item).toContainText('Requested');
  await expect(item).toContainText(`1 × ${returned.product.title}`);
  await expect(item).not.toContainText(kept.product.title);
  const returnId = Number((await item.textContent())!.match(/Return #(\d+)/)![1]);
  // The order's other line may still be returned.
  await expect(returns.getByRole('button', { name: 'Return or exchange items' })).toBeVisible();

  // The admin, on the Returns screen.
  const office = await newPage({ viewport: { width: 1280, height: 900 } });
  office.on('dialog', (d) => void d.accept());
  await logIn(ADMIN, office);
  await office.goto('/dashboard/dashboardAdmin');
  await office
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Returns' })
    .click();
  await office.getByRole('combobox', { name: 'Status' }).selectOption('requested');
  await expect(office.getByRole('link', { name: `Return #${returnId}` }).first()).toBeVisible();
  if (SCREENS) await office.screenshot({ path: `${SCREENS}/returns-list-desktop.png` });
  await office
    .getByRole('link', { name: `Return #${returnId}` })
    .first()
    .click();
  await expect(office.getByRole('heading', { name: `Return #${returnId}` })).toBeVisible();
  await office.getByRole('button', { name: 'Approve' }).click();
  await expect(office.getByText(`Return #${returnId} is approved.`)).toBeVisible();
  await expect(
    office.getByRole('checkbox', { name: new RegExp(escape(returned.product.title)) }),
  ).toBeChecked();
  if (SCREENS) {
    await office.setViewportSize({ width: 390, height: 844 });
    await office.screenshot({ path: `${SCREENS}/return-approved-phone.png`, fullPage: true });
    await office.setViewportSize({ width: 1280, height: 900 });
  }
  await office.getByRole('button', { name: 'Mark received' }).click();
  await expect(office.getByText(`Return #${returnId} is received.`)).toBeVisible();
  const refunds = office.getByRole('region', { name: 'Refunds' });
  await expect(refunds).toContainText('Confirmed');
  await expect(office.getByText('Back to stock')).toBeVisible();
  if (SCREENS) {
    await office.screenshot({ path: `${SCREENS}/return-admin-desktop.png`, fullPage: true });
    await office.setViewportSize({ width: 390, height: 844 });
    await office.screenshot({ path: `${SCREENS}/return-admin-phone.png`, fullPage: true });
  }
  const refundText = (await refunds.getByRole('listitem').first().textContent())!;
  const amount = refundText.match(/Ksh [\d,]+/)![0];

  // The shopper sees it received and the money back.
  await page.reload();
  const done = page
    .getByRole('region', { name: 'Returns' })
    .getByRole('listitem')
    .filter({ hasText: `Return #${returnId}` });
  await expect(done).toContainText('Received');
  await expect(done).toContainText(`Refund ${amount}: refunded`);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(1280);
  if (SCREENS) {
    await page.screenshot({ path: `${SCREENS}/return-refunded-desktop.png`, fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SCREENS}/return-refunded-phone.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  }
});

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
