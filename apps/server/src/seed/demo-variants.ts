// The demo catalogue's sizes and colours (issue 21): shoes in sizes, dresses and shirts in S–XL and
// two or three colours, their stock shared out with some combinations sold out. Deterministic.
import type { ProductCreateParsed, VariantInput } from '@duka/domain';
import type { ProductSeed } from './catalog-data.ts';

const SHOE_SIZES: Record<string, string[]> = {
  'mens-shoes': ['38', '39', '40', '41', '42', '43', '44', '45'],
  'womens-shoes': ['36', '37', '38', '39', '40', '41'],
};
const CLOTHES_SIZES = ['S', 'M', 'L', 'XL'];
const CLOTHES = new Set(['womens-dresses', 'mens-shirts']);
const COLOURS = ['Black', 'Navy', 'Maroon', 'White', 'Olive', 'Mustard'];

export interface DemoVariants {
  options: ProductCreateParsed['options'];
  variants: VariantInput[];
}

/** Two or three colours, a different set for each product. */
function coloursOf(index: number): string[] {
  const n = index % 2 === 0 ? 2 : 3;
  return Array.from({ length: n }, (_, i) => COLOURS[(index + i * 2) % COLOURS.length]!);
}

/**
 * The product's options and variants, or null for a product sold as it is. The seed's stock is
 * shared out over the combinations; every fourth one (counting from the product's index) is sold
 * out, and a product out of stock stays out of stock in every size.
 */
export function demoVariantsOf(seed: ProductSeed, index: number): DemoVariants | null {
  const shoeSizes = SHOE_SIZES[seed.category];
  const options: DemoVariants['options'] = shoeSizes
    ? [{ name: 'Size', values: shoeSizes }]
    : CLOTHES.has(seed.category)
      ? [
          { name: 'Size', values: CLOTHES_SIZES },
          { name: 'Colour', values: coloursOf(index) },
        ]
      : [];
  if (options.length === 0) return null;
  const combinations = options.reduce<Record<string, string>[]>(
    (acc, option) => acc.flatMap((c) => option.values.map((v) => ({ ...c, [option.name]: v }))),
    [{}],
  );
  const onSale = combinations.map((_, i) => seed.stock > 0 && (i + index) % 4 !== 3);
  const sellable = onSale.filter(Boolean).length;
  let left = seed.stock;
  const variants = combinations.map((combination, i) => {
    const share = onSale[i] ? Math.max(1, Math.floor(seed.stock / sellable)) : 0;
    const stock = Math.min(share, left);
    left -= stock;
    return { options: combination, stock };
  });
  // Whatever the even shares left over goes to the first combination on sale.
  const first = variants.find((_, i) => onSale[i]);
  if (first) first.stock += left;
  return { options, variants };
}
