// Search that understands: suggestions in the header's box (by keyboard on a desktop, by touch on
// a phone), a Swahili word, and a typo the shop corrects out loud.
import { expect, test } from '../fixtures/test.ts';

test("type 'lap' in the header, pick the suggestion with the keyboard, land on the laptops", async ({
  page,
}) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('lap');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list.getByRole('option').first()).toHaveText(/^Laptops\s*Category$/);
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  await box.press('ArrowDown');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?category=laptops$/);
  await expect(page.getByLabel('Category')).toHaveValue('laptops');
  await expect(page.getByText(/^10 products/)).toBeVisible();
  await expect(list).toBeHidden();

  // Escape closes the list and leaves what was typed; Enter then searches as before.
  await box.fill('sofa');
  await expect(list.getByRole('option').first()).toBeVisible();
  await box.press('Escape');
  await expect(list).toBeHidden();
  await expect(box).toHaveValue('sofa');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=sofa$/);
  await expect(page.getByRole('article').first()).toContainText('Sofa');
});

test("search 'viatu' finds shoes, and 'kiondu' shows the results for kiondo", async ({ page }) => {
  await page.goto('/');
  const box = page.getByRole('combobox', { name: 'Search products' });
  await box.fill('viatu');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page).toHaveURL(/\/products\?q=viatu$/);
  await expect(page.getByText(/^20 products/)).toBeVisible();
  const titles = page.getByRole('article').getByRole('heading');
  await expect(titles).toHaveCount(8);
  await expect(
    titles.filter({ hasText: /shoe|sneaker|boot|loafer|sandal|heel|slipper/i }),
  ).not.toHaveCount(0);

  await box.fill('kiondu');
  await box.press('Enter');
  await expect(page.getByText('Showing results for kiondo')).toBeVisible();
  await expect(titles).toHaveText(['Kitui Sisal Kiondo Basket, Large']);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('a suggestion is tapped from the list under the box', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search products' });
    await box.fill('sams');
    const samsung = page.getByRole('option', { name: /^Samsung\s*Brand$/ });
    await expect(samsung).toBeVisible();
    const target = await samsung.boundingBox();
    expect(target!.height).toBeGreaterThanOrEqual(44);
    await samsung.tap();
    await expect(page).toHaveURL(/\/products\?brand=Samsung$/);
    await expect(page.getByRole('article').first()).toContainText('Samsung');
  });
});

test('the admin adds a search word; a bad line is named and nothing typed is lost', async ({
  page,
  loggedInAdmin: _admin,
}) => {
  await page.goto('/dashboard/dashboardAdmin');
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Search words' })
    .click();
  await expect(page.getByRole('heading', { name: 'Search words', level: 1 })).toBeVisible();
  const words = page.getByLabel('Words and what they mean');
  await expect(words).toHaveValue(/^viatu: shoe$/m);

  const before = await words.inputValue();
  await words.fill(`${before}\nkabati wardrobe`);
  await page.getByRole('button', { name: 'Save' }).click();
  const lines = before.split('\n').length;
  await expect(page.getByRole('alert')).toHaveText(
    `Line ${lines + 1}: Write the word, a colon, then what it means, e.g. viatu: shoe`,
  );
  await expect(words).toHaveValue(`${before}\nkabati wardrobe`);

  await words.fill(`${before}\nkiti cha starehe: chesterfield`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Search words saved')).toBeVisible();

  // Search uses it within about a second.
  await expect
    .poll(
      async () => {
        await page.goto(`/products?q=${encodeURIComponent('kiti cha starehe')}`);
        return page.getByRole('article').getByRole('heading').allTextContents();
      },
      { timeout: 10_000 },
    )
    .toContain('Mahogany 3-Seater Chesterfield Sofa');
});
