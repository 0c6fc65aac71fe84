// Catalogue constants, free of zod so the web app's first load does not carry the schemas.

export const PRODUCT_SORTS = [
  'priceAsc',
  'priceDesc',
  'titleAsc',
  'titleDesc',
  'newest',
  'stock',
  'rating',
] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** SPEC §9: the home page's category tiles, in this order. */
export const HOME_CATEGORY_TILES = [
  'furniture',
  'home-decoration',
  'mens-shoes',
  'womens-dresses',
  'laptops',
] as const;

/** SPEC §9: Top Picks are the products rated above this. */
export const TOP_PICK_MIN_RATING = 4.8;
