// A shop that has just started (its demo pictures still being drawn in the background, issue 33)
// shows every picture on the home page and the catalogue: none broken, none answered with an
// error, whichever of the background and the shopper's request draws it first.
import { expect, test } from '../fixtures/test.ts';

test('a shopper on a shop that just started sees every product picture', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/images/') && response.status() >= 400) {
      refused.push(`${response.status()} ${response.url()}`);
    }
  });

  for (const address of ['/', '/products']) {
    await page.goto(address);
    const pictures = page.locator('main img[src*="/images/products/"]');
    await expect(pictures.first()).toBeVisible();
    const count = await pictures.count();
    expect(count).toBeGreaterThan(3);
    for (let i = 0; i < count; i++) {
      const picture = pictures.nth(i);
      await picture.scrollIntoViewIfNeeded();
      await expect
        .poll(() => picture.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0))
        .toBe(true);
    }
  }
  expect(refused).toEqual([]);
});
