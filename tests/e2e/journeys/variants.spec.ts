// Sizes and colours (issue 21): the product page's option groups, the choice in the address, and
// the chosen variant carried into the cart.
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../fixtures/test.ts';

interface Variant {
  id: number;
  sku: string;
  title: string;
  options: Record<string, string>;
  stock: number;
}
interface ProductWithVariants {
  id: number;
  title: string;
  options: { name: string; values: string[] }[];
  variants: Variant[];
}

/** A demo dress whose first size has a colour sold out, and a colour on sale in another size. */
async function dressWithASoldOutColour(request: APIRequestContext) {
  const page = await (await request.get('/api/products/category/womens-dresses?limit=10')).json();
  for (const { id } of page.products as { id: number }[]) {
    const p = (await (await request.get(`/api/products/${id}`)).json()) as ProductWithVariants;
    const [size, colour] = p.options;
    if (!size || !colour) continue;
    const first = size.values[0]!;
    const soldOut = p.variants.find((v) => v.options.Size === first && v.stock === 0);
    const onSale = p.variants.find((v) => v.options.Size !== first && v.stock > 1);
    if (soldOut && onSale) return { p, first, soldOut, onSale };
  }
  throw new Error('The demo catalogue has no dress with a sold-out colour');
}

test('a shopper chooses a size and colour, the link keeps the choice, and the cart holds that variant', async ({
  page,
  request,
  loggedInShopper: _shopper,
}) => {
  const { p, first, soldOut, onSale } = await dressWithASoldOutColour(request);
  await page.goto(`/products/${p.id}`);
  const sizes = page.getByRole('radiogroup', { name: 'Size' });
  const colours = page.getByRole('radiogroup', { name: /^Colour/ });
  await expect(sizes.getByRole('radio')).toHaveCount(4);

  // Nothing chosen yet: Add to Cart asks for the size, at the size.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(sizes).toHaveAccessibleDescription('Please choose a size.');
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose a size.' })).toBeVisible();

  // The first size: the colour sold out in it cannot be chosen, and says so.
  await sizes.getByRole('radio', { name: first, exact: true }).check({ force: true });
  await expect(page.getByRole('alert').filter({ hasText: 'Please choose' })).toHaveCount(0);
  await expect(
    colours.getByRole('radio', { name: `${soldOut.options.Colour} (sold out)` }),
  ).toBeDisabled();

  // Another size and a colour on sale: price, stock and SKU follow, the address names it.
  await sizes
    .getByRole('radio', { name: onSale.options.Size!, exact: true })
    .check({ force: true });
  await colours.getByRole('radio', { name: onSale.options.Colour!, exact: true }).check({
    force: true,
  });
  await expect(page).toHaveURL(new RegExp(`\\?variant=${onSale.id}$`));
  await expect(page.getByTestId('product-sku')).toHaveText(onSale.sku);
  await expect(page.getByText(`Stock: ${onSale.stock}`)).toBeVisible();

  // The link opens on the same choice.
  await page.reload();
  await expect(sizes.getByRole('radio', { name: onSale.options.Size!, exact: true })).toBeChecked();
  await expect(
    colours.getByRole('radio', { name: onSale.options.Colour!, exact: true }),
  ).toBeChecked();

  await page.getByRole('button', { name: 'Increase quantity' }).click();
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Product successfully added to your cart!' }),
  ).toBeVisible();
  await page.goto('/cart');
  const line = page.getByRole('row').filter({ hasText: p.title });
  await expect(line.getByTestId('line-variant')).toHaveText(onSale.title);
  await expect(line.getByLabel('Quantity', { exact: true })).toHaveValue('2');
  await line.getByRole('link', { name: p.title }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${p.id}\\?variant=${onSale.id}$`));
});

test('a shopper narrows a category to one size, with the count of each', async ({
  page,
  request,
}) => {
  const facets = (await (
    await request.get('/api/products/options?category=mens-shoes')
  ).json()) as { name: string; values: { value: string; count: number }[] }[];
  const size = facets.find((f) => f.name === 'Size')!.values.at(-1)!;
  await page.goto('/products?category=mens-shoes');
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('button')).toHaveCount(8); // 38 … 45
  await sizes
    .getByRole('button', {
      name: `${size.value}, ${size.count} ${size.count === 1 ? 'product' : 'products'}`,
    })
    .click();
  await expect(page).toHaveURL(new RegExp(`option=Size%3A${size.value}`));
  await expect(sizes.getByRole('button', { name: new RegExp(`^${size.value}`) })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(
    page.getByText(`${size.count} ${size.count === 1 ? 'product' : 'products'}`),
  ).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(Math.min(size.count, 8));
  // Pressed again, the filter goes.
  await sizes.getByRole('button', { name: new RegExp(`^${size.value}`) }).click();
  await expect(page).not.toHaveURL(/option=/);
});
