import { expect, test, type Page } from '@playwright/test';
import { collectAlerts, createShopper, logInViaUi } from '../fixtures/accounts.ts';

const ksh = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function addFromProductPage(page: Page, productId: number, quantity: number) {
  await page.goto(`/products/${productId}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (let i = 1; i < quantity; i++)
    await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue(String(quantity));
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product successfully added to your cart!' }),
  ).toBeVisible();
}

test('logged out, the cart and wishlist ask the visitor to log in', async ({ page }) => {
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
  browser,
  request,
}) => {
  collectAlerts(page);
  const account = await createShopper(request);
  await logInViaUi(page, account.email, account.password);
  const header = page.getByRole('banner');
  await expect(header.getByLabel(/items in your cart/)).toHaveCount(0); // no badge while empty

  await page.goto('/cart');
  await expect(page.getByRole('dialog', { name: 'Shopping Cart' })).toContainText(
    'Your cart is empty.',
  );

  await addFromProductPage(page, 12, 2);
  await expect(header.getByLabel('2 items in your cart')).toBeVisible();
  await addFromProductPage(page, 31, 3);
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
  await expect(rows).toHaveCount(2);
  const subtotals = async () => (await rows.locator('td:last-child').allTextContents()).map(ksh);
  const [first, second] = await subtotals();
  expect(ksh(await modal.getByTestId('cart-total').textContent())).toBe(first! + second!);

  // Remove one; the total follows.
  await rows
    .nth(0)
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('Product successfully removed from your cart.')).toBeVisible();
  expect(ksh(await modal.getByTestId('cart-total').textContent())).toBe(second);
  await expect(header.getByLabel('3 items in your cart')).toBeVisible();

  // Move it to the wishlist and back.
  const title = (await rows.nth(0).getByRole('link').textContent())!;
  await rows
    .nth(0)
    .getByRole('button', { name: /^Move to wishlist/ })
    .click();
  await expect(modal).toContainText('Your cart is empty.');
  await expect(header.getByLabel('1 items in your wishlist')).toBeVisible();
  await modal.getByRole('button', { name: 'Continue Shopping' }).click();
  await header.getByRole('link', { name: 'Wishlist' }).click();
  const wishlist = page.getByRole('dialog', { name: 'Wishlist' });
  await expect(wishlist.getByRole('link', { name: title })).toBeVisible();
  await wishlist.getByRole('button', { name: /^Add to Cart/ }).click();
  await expect(wishlist).toContainText('Your wishlist is empty.');
  await expect(header.getByLabel('1 items in your cart')).toBeVisible();

  // The same cart after a reload, and in another browser where the shopper logs in.
  await page.reload();
  await page.goto('/cart');
  await expect(
    page.getByRole('dialog', { name: 'Shopping Cart' }).getByRole('link', { name: title }),
  ).toBeVisible();
  const other = await browser.newContext();
  const second_ = await other.newPage();
  collectAlerts(second_);
  await logInViaUi(second_, account.email, account.password);
  await second_.goto('/cart');
  const otherModal = second_.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(otherModal.getByRole('link', { name: title })).toBeVisible();
  await expect(otherModal.locator('tbody tr')).toHaveCount(1);
  await other.close();
});
