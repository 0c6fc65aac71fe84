// Choosing a size and a colour on the product page (issue 21): which variant a choice names,
// which values can still be chosen, and what is missing. Pure, for the page and its tests.
import type { Product, ProductVariant } from './schemas.ts';

/** The values chosen so far, by option name: { Size: '42' }. */
export type VariantChoice = Readonly<Record<string, string>>;

type Chooseable = Pick<Product, 'options' | 'variants'>;

/** The choice a link names (`?variant=12`), or nothing chosen. */
export function choiceFromVariantId(product: Chooseable, variantId: number | null): VariantChoice {
  const variant = product.variants.find((v) => v.id === variantId);
  return variant ? { ...variant.options } : {};
}

/** The variant the choice names: a product without options has just the one. */
export function chosenVariant(
  product: Chooseable,
  choice: VariantChoice,
): ProductVariant | undefined {
  if (product.options.length === 0) return product.variants[0];
  return product.variants.find((v) =>
    product.options.every((o) => v.options[o.name] === choice[o.name]),
  );
}

/** The first option not chosen yet ('Size'), for 'Please choose a size.' */
export function missingOption(product: Chooseable, choice: VariantChoice): string | undefined {
  return product.options.find((o) => choice[o.name] === undefined)?.name;
}

/** Variants in stock that agree with the values chosen for the options before `index`. */
function inStockAfter(product: Chooseable, choice: VariantChoice, index: number) {
  const before = product.options.slice(0, index);
  return product.variants.filter(
    (v) =>
      v.stock > 0 &&
      before.every((o) => choice[o.name] === undefined || v.options[o.name] === choice[o.name]),
  );
}

/**
 * Whether a value can be chosen: some variant in stock has it, together with the values chosen
 * for the options before it (Size before Colour: a colour is sold out in the chosen size).
 */
export function isValueAvailable(
  product: Chooseable,
  choice: VariantChoice,
  optionName: string,
  value: string,
): boolean {
  const index = product.options.findIndex((o) => o.name === optionName);
  return inStockAfter(product, choice, index).some((v) => v.options[optionName] === value);
}

/**
 * The choice after picking `value`: the options before it stay, and a later option's value stays
 * only while a variant in stock still has it with everything chosen before.
 */
export function pick(
  product: Chooseable,
  choice: VariantChoice,
  optionName: string,
  value: string,
): VariantChoice {
  const index = product.options.findIndex((o) => o.name === optionName);
  const next: Record<string, string> = {};
  product.options.forEach((o, i) => {
    if (i < index && choice[o.name] !== undefined) next[o.name] = choice[o.name]!;
  });
  next[optionName] = value;
  for (const later of product.options.slice(index + 1)) {
    const kept = choice[later.name];
    if (kept !== undefined && isValueAvailable(product, next, later.name, kept)) {
      next[later.name] = kept;
    }
  }
  return next;
}

/** A line as people read it: 'Trail runner (42 / Black)'; the title alone without options. */
export function withVariant(title: string, variant: string | null | undefined): string {
  return variant ? `${title} (${variant})` : title;
}

const CLOTHING_SIZES = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** Values in the order a shopper expects: S before M before XL, 39 before 41, else A to Z. */
export function compareOptionValues(a: string, b: string): number {
  const [i, j] = [CLOTHING_SIZES.indexOf(a.toUpperCase()), CLOTHING_SIZES.indexOf(b.toUpperCase())];
  if (i >= 0 && j >= 0) return i - j;
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
}

/** Option names as facets list them: Size, then Colour, then the rest from A to Z. */
export function compareOptionNames(a: string, b: string): number {
  const rank = (name: string) =>
    ['size', 'colour', 'color'].indexOf(name.toLowerCase()) + 1 || Number.MAX_SAFE_INTEGER;
  return rank(a) - rank(b) || a.localeCompare(b);
}
