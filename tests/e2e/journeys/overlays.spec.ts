// The cart and wishlist overlays open over the page they were opened from and close back to it;
// every modal gives focus back to the control that opened it, whether it is closed with Escape or
// its own button (WCAG 2.4.3).
import type { Locator, Page } from '@playwright/test';
import { discountedProduct } from '../fixtures/shop-pages.ts';
import { expect, test } from '../fixtures/test.ts';

/**
 * Opens a dialog with `opener`, closes it with Escape, then again with `closeButton`; each time
 * the dialog goes and focus is back on the opener.
 */
async function closesBackToOpener(
  page: Page,
  opener: Locator,
  dialogName: string,
  closeButton: string | RegExp,
) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  await opener.click();
  await expect(dialog).toBeVisible();
  await expect(opener).not.toBeFocused(); // focus moved into the dialog
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.press('Enter'); // from the keyboard this time
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: closeButton, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
}

test('the cart overlay opens over the product page, which keeps its state, and closes back to it', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  const id = await discountedProduct(request);
  await page.goto(`/products/${id}`);
  const title = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product successfully added to your cart!')).toBeVisible();
  // Something only this page knows: a quantity chosen and not yet added.
  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2');

  const cartLink = page.getByRole('banner').getByRole('link', { name: 'Cart' });
  await cartLink.click();
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(cart.getByRole('link', { name: title, exact: true }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page).toHaveTitle('Shopping Cart | Duka');
  // Behind it, the product page, not the home page.
  await expect(page.locator('main h1')).toHaveText(title);
  await expect(page.locator('main [aria-roledescription="carousel"]')).toHaveCount(0);

  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
  await expect(cartLink).toBeFocused();
  await expect(page.getByLabel('Quantity', { exact: true })).toHaveValue('2'); // not remounted
  await expect(page).toHaveTitle(`${title} | Duka`);

  // Continue Shopping and the close button come back the same way.
  await cartLink.click();
  await cart.getByRole('button', { name: 'Continue Shopping' }).click();
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/products/${id}$`));
  await expect(cartLink).toBeFocused();
  await closesBackToOpener(page, cartLink, 'Shopping Cart', 'Close dialog');
  await expect(page.locator('main h1')).toHaveText(title);
});

test('the wishlist overlay keeps a filtered catalogue behind it', async ({ page }) => {
  await page.goto('/products?category=laptops&sort=priceDesc');
  const cards = page.getByRole('article');
  await expect(cards.first()).toBeVisible();
  const firstCard = await cards.first().textContent();
  const wishlistLink = page.getByRole('banner').getByRole('link', { name: 'Wishlist' });
  await wishlistLink.click();
  const wishlist = page.getByRole('dialog', { name: 'Wishlist' });
  await expect(wishlist).toContainText('Please log in to view and manage your wishlist.');
  await expect(page.locator('main article').first()).toHaveText(firstCard!);
  // (Its 'Close' for a visitor goes home, SPEC §2.6; Escape and the close button go back.)
  await page.keyboard.press('Escape');
  await expect(wishlist).toBeHidden();
  await expect(page).toHaveURL(/\/products\?category=laptops&sort=priceDesc$/);
  await expect(wishlistLink).toBeFocused();
  await expect(page.getByRole('article').first()).toHaveText(firstCard!);
  await closesBackToOpener(page, wishlistLink, 'Wishlist', 'Close dialog');

  // Opened from further down the page (from the keyboard, without scrolling up to the link), the
  // page stays where it was, open and closed.
  await page.setViewportSize({ width: 1280, height: 500 });
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  await wishlistLink.evaluate((link: HTMLElement) => link.focus({ preventScroll: true }));
  await page.keyboard.press('Enter');
  await expect(wishlist).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(400);
  await page.keyboard.press('Escape');
  await expect(wishlist).toBeHidden();
  await expect(wishlistLink).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(400);
});

test('/cart and /wishlist opened directly show the home page behind them', async ({ page }) => {
  for (const [path, name] of [
    ['/cart', 'Shopping Cart'],
    ['/wishlist', 'Wishlist'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('dialog', { name })).toBeVisible();
    await expect(page.locator('main [aria-roledescription="carousel"]')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/$/);
  }
});

test("the footer's 'You need to log in' modal gives focus back to My Account", async ({ page }) => {
  await page.goto('/about');
  const myAccount = page.getByRole('contentinfo').getByRole('button', { name: 'My Account' });
  await closesBackToOpener(page, myAccount, 'You need to log in', 'Close');
});

test("'Login Required' gives focus back to Add to Cart and to Add to Wishlist", async ({
  page,
}) => {
  await page.goto('/products/12');
  for (const name of ['Add to Cart', 'Add to Wishlist']) {
    await closesBackToOpener(page, page.getByRole('button', { name }), 'Login Required', 'Close');
  }
});

test("'Delete your account?' gives focus back to Delete my account", async ({
  page,
  loggedInShopper: _shopper,
}) => {
  await page.goto('/userprofile/profile');
  // The first of that name: the dialog's own button comes after it.
  const opener = page
    .getByRole('region', { name: 'Your data' })
    .getByRole('button', { name: 'Delete my account' })
    .first();
  await closesBackToOpener(page, opener, 'Delete your account?', 'Cancel');
});

test("the back office's edit modals give focus back to their button", async ({
  page,
  request,
  loggedInAdmin: _admin,
}) => {
  // One seeded product's card, found by its title: the list's first card changes whenever another
  // journey adds a product meanwhile.
  const { title } = (await (await request.get('/api/products/2')).json()) as { title: string };
  await page.goto('/dashboard/products/all');
  await expect(page.getByRole('heading', { name: 'All Products' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products', exact: true }).fill(title);
  const card = page.getByRole('listitem', { name: title, exact: true });
  const dialog = page.getByRole('dialog');
  for (const name of [/^Edit Price/, /^Discount/, /^Stock/]) {
    const opener = card.getByRole('button', { name });
    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    await opener.click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

test("checkout's Cancel opens the cart over the checkout, and closing it goes back there", async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  await page.goto(`/products/${await discountedProduct(request)}`);
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Product successfully added to your cart!')).toBeVisible();
  await page.goto('/checkout');
  await page.getByLabel('Town / area').fill('Nyeri'); // typed, not saved
  const cancel = page.getByRole('button', { name: 'Cancel' });
  await cancel.click();
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  await expect(cart).toBeVisible();
  await expect(page.locator('main h1')).toHaveText('Checkout');
  await page.keyboard.press('Escape');
  await expect(cart).toBeHidden();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByLabel('Town / area')).toHaveValue('Nyeri');
  await expect(cancel).toBeFocused();
});
