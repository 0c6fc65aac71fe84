// No tap is lost (issue 38): on a phone, a server-rendered product page shows 'Add to Cart' seconds
// before its scripts answer. A tap in between is held (the button says it is busy) and made once
// the page has hydrated, so the line is in the cart.
import { expect, test } from '../fixtures/test.ts';

// A service worker would answer the page's code from its cache, past the route that holds it back.
test.use({ serviceWorkers: 'block' });

test('a tap on Add to Cart the moment it appears, on a CPU six times slower, puts the line in the cart', async ({
  page,
  loggedInShopper: _shopper,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });

  // The page's code is held back until the tap has been made: the tap surely comes before the
  // page answers, however fast this machine is.
  let releaseCode!: () => void;
  const tapped = new Promise<void>((resolve) => (releaseCode = resolve));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await tapped;
    await route.continue();
  });

  // Not the fixture's goto, which waits for hydration: the raw navigation, until the first bytes.
  await page.mainFrame().goto('/products/12', { waitUntil: 'commit' });
  const add = page.getByRole('button', { name: 'Add to Cart' });
  await add.click();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(
    false,
  );
  await expect(add).toHaveAttribute('aria-busy', 'true');
  releaseCode();

  await expect(
    page.getByRole('status').filter({ hasText: 'Product successfully added to your cart!' }),
  ).toBeVisible({ timeout: 30_000 });
  await expect(add).not.toHaveAttribute('aria-busy');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

  await page.goto('/cart');
  const cart = page.getByRole('dialog', { name: 'Shopping Cart' });
  const title = await page.request
    .get('/api/products/12')
    .then(async (res) => (await res.json()).title as string);
  // One line, of one: the held tap was made once.
  const rows = cart.locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(title);
  await expect(rows.getByLabel('Quantity', { exact: true })).toHaveValue('1');
});
