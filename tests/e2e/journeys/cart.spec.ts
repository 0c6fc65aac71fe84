import type { APIRequestContext, Page } from '@playwright/test';
import { collectAlerts } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

const ksh = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** What a shopper pays for one, in whole shillings, worked out here from the catalogue. */
async function unitPrice(request: APIRequestContext, id: number): Promise<number> {
  const p = await (await request.get(`/api/products/${id}`)).json();
  return Math.round((p.price * (100 - p.discountPercentage)) / 10_000);
}

async function addFromProductPage(page: Page, productId: number, quantity: number) {
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (let i = 1; i < quantity; i++)
    await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  // The green bar at the bottom.
  await expect(
    page.getByRole('status').filter({ hasText: 'Product successfully added to your cart!' }),
  ).toBeVisible();
}

test('logged out, adding asks the visitor to log in, and so do the cart and the wishlist', async ({
  page,
}) => {
  await page.goto('/products/12');
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  const prompt = page.getByRole('dialog', { name: 'Login Required' });
  await expect(prompt).toContainText('You need to log in to add items to the cart or wishlist.');
  await prompt.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/cart');
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(cart).toContainText('You need to log in');
  await expect(cart).toContainText('Please log in to view and manage your shopping cart.');
  await cart.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/wishlist');
  const wishlist = page.getByRole('dialog', { name: 'Wishlist' });
  await expect(wishlist).toContainText('Please log in to view and manage your wishlist.');
  await wishlist.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('a shopper fills the cart, edits it, moves items to the wishlist and back, and finds it again elsewhere', async ({
  page,
  request,
  loggedInShopper: account,
  logIn,
  newPage,
  allowConsoleErrors,
}) => {
  // Adding what is already in the cart is refused (409), as it checks.
  allowConsoleErrors(/status of 409 .*\/api\/cart\)/);
  const [candles, cooker] = [12, 90]; // the cooker is sold at a discount
  const candlePrice = await unitPrice(request, candles);
  const cookerPrice = await unitPrice(request, cooker);
  const header = page.getByRole('banner');
  await expect(header.getByLabel(/in your cart$/)).toHaveCount(0); // no badge while empty

  await page.goto('/cart');
  await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toContainText(
    'Your cart is empty.',
  );

  await addFromProductPage(page, candles, 2);
  await expect(header.getByLabel('2 items in your cart')).toBeVisible();
  await addFromProductPage(page, cooker, 3);
  await expect(header.getByLabel('5 items in your cart')).toBeVisible();
  // The notice goes away after 2 seconds.
  await expect(page.getByText('Product successfully added to your cart!')).toBeHidden({
    timeout: 4000,
  });

  // Adding it again says so.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Item is already in your cart.' }),
  ).toBeVisible();

  await header.getByRole('link', { name: 'Cart' }).click();
  const modal = page.getByRole('dialog', { name: 'Shopping Cart' });
  const rows = modal.locator('tbody tr');
  const total = modal.getByTestId('cart-total');
  await expect(rows).toHaveCount(2);
  expect((await rows.locator('td:last-child').allTextContents()).map(ksh)).toEqual([
    2 * candlePrice,
    3 * cookerPrice,
  ]);
  await expect(total).toHaveText(`Ksh ${(2 * candlePrice + 3 * cookerPrice).toLocaleString()}`);

  // Remove one; the total and the badge follow.
  await rows
    .filter({ hasText: 'Candle' })
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('Product successfully removed from your cart.')).toBeVisible();
  expect(ksh(await total.textContent())).toBe(3 * cookerPrice);
  await expect(header.getByLabel('3 items in your cart')).toBeVisible();

  // One more of the cooker.
  await rows.nth(0).getByRole('button', { name: 'Increase quantity' }).click();
  await expect(rows.nth(0).getByLabel('Quantity', { exact: true })).toHaveValue('4');
  expect(ksh(await total.textContent())).toBe(4 * cookerPrice);
  await expect(header.getByLabel('4 items in your cart')).toBeVisible();

  // Move it to the wishlist and back.
  const title = (await rows.nth(0).getByRole('link').textContent())!;
  await rows
    .nth(0)
    .getByRole('button', { name: /^Move to wishlist/ })
    .click();
  await expect(modal).toContainText('Your cart is empty.');
  await expect(header.getByLabel('1 item in your wishlist')).toBeVisible();
  await expect(header.getByLabel(/in your cart$/)).toHaveCount(0);
  await modal.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(modal).toBeHidden();
  await header.getByRole('link', { name: 'Wishlist' }).click();
  const wishlist = page.getByRole('dialog', { name: 'Wishlist' });
  await expect(wishlist.getByRole('link', { name: title })).toBeVisible();
  await wishlist.getByRole('button', { name: /^Add to Cart/ }).click();
  await expect(wishlist).toContainText('Your wishlist is empty.');
  await expect(header.getByLabel('1 item in your cart')).toBeVisible();

  // The same cart after a reload, and in another browser where the shopper logs in.
  await page.reload();
  await page.goto('/cart');
  await expect(modal.getByRole('link', { name: title })).toBeVisible();
  await expect(total).toHaveText(`Ksh ${cookerPrice.toLocaleString()}`);
  const elsewhere = await newPage();
  collectAlerts(elsewhere);
  await logIn(account, elsewhere);
  await elsewhere.goto('/cart');
  const otherModal = elsewhere.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(otherModal.getByRole('link', { name: title })).toBeVisible();
  await expect(otherModal.locator('tbody tr')).toHaveCount(1);
  await expect(otherModal.getByTestId('cart-total')).toHaveText(
    `Ksh ${cookerPrice.toLocaleString()}`,
  );
});

test('a failed change stays on screen with a notice, and the next load shows the truth', async ({
  page,
  loggedInShopper: _shopper,
  allowConsoleErrors,
}) => {
  // The cart change it makes fail (503).
  allowConsoleErrors(/status of 503 .*\/api\/cart\//);
  await addFromProductPage(page, 41, 1);
  await page.route('**/api/cart/*', (route) =>
    route.request().method() === 'DELETE'
      ? route.fulfill({ status: 503, body: '' })
      : route.continue(),
  );
  await page.goto('/cart');
  const modal = page.getByRole('dialog', { name: 'Shopping Cart' });
  await modal.getByRole('button', { name: /^Remove/ }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to remove item from cart.' }),
  ).toBeVisible();
  await expect(modal).toContainText('Your cart is empty.'); // not undone

  // Opening the cart again reads it from the server, where the line still is.
  await page.unroute('**/api/cart/*');
  await modal.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(modal).toBeHidden();
  await page.getByRole('banner').getByRole('link', { name: 'Cart' }).click();
  await expect(modal.locator('tbody tr')).toHaveCount(1);
});

test('a shopper whose session has ended is sent to log in on adding', async ({
  page,
  loggedInShopper: _shopper,
  allowConsoleErrors,
}) => {
  // Its ended session is refused (401), refresh included.
  allowConsoleErrors(/status of 401 .*\/api\/(cart|wishlist|refresh)\)/);
  await page.goto('/products/41');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The page's own calls done first: one of them meeting the dead tokens would log out before
  // the click this journey is about.
  await page.waitForLoadState('networkidle');
  // Both tokens stop working (as after a revoked session).
  await page.evaluate(() => {
    sessionStorage.setItem('token', 'expired');
    sessionStorage.setItem('refresh_token', 'revoked');
  });
  await page.getByRole('button', { name: 'Add to Wishlist' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(
    page.getByRole('alert').filter({ hasText: 'You need to log in to add items to the wishlist.' }),
  ).toBeVisible();
});

test('on a phone the cart is a list of cards with the total in sight', async ({
  page,
  loggedInShopper: _shopper,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const id of [12, 41, 5]) await addFromProductPage(page, id, 1);
  await page.goto('/cart');
  const modal = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(
    modal.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem'),
  ).toHaveCount(3);
  await expect(modal.getByRole('table')).toBeHidden();
  await expect(modal.getByTestId('cart-total')).toBeInViewport();
  await expect(modal.getByRole('button', { name: 'Checkout' })).toBeInViewport();
});

test('one cart line stops at the per-order cap, and says so', async ({
  page,
  request,
  loggedInShopper: me,
  apiAuth,
}) => {
  // A demo product with more stock than the cap (10 by default).
  const { products } = await (await request.get('/api/products?sort=stock&limit=1')).json();
  const plenty = products[0];
  expect(plenty.stock).toBeGreaterThan(10);
  const headers = await apiAuth(me);
  const added = await request.post('/api/cart', {
    headers,
    data: { product_id: plenty.id, quantity: 10 },
  });
  expect(added.status()).toBe(201);
  const over = await request.patch(`/api/cart/${plenty.id}`, { headers, data: { quantity: 11 } });
  expect(over.status()).toBe(422);
  expect((await over.json()).error).toBe('You can buy at most 10 of this item per order.');

  await page.goto('/cart');
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  // The cart draws its lines twice (phone and desktop layouts); the visible one counts.
  await expect(cart.getByLabel('Quantity', { exact: true }).filter({ visible: true })).toHaveValue(
    '10',
  );
  await expect(
    cart.getByRole('button', { name: 'Increase quantity' }).filter({ visible: true }),
  ).toBeDisabled();
  await expect(cart).toContainText('You can buy at most 10 of this item per order.');
});
