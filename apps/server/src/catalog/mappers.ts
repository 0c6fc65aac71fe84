import {
  basisPointsToPercent,
  type Product,
  type ProductSummary,
  type ProductVariant,
  type PublicReview,
  type Review,
} from '@duka/domain';
import type { products, reviews } from './schema.ts';
import type { OptionRow, VariantRow } from './repo.ts';
import type { FlashSaleFields } from './flash-sales.ts';

/** A product as its page shows it: every column but the search ones. */
type ProductRow = Omit<typeof products.$inferSelect, 'searchText' | 'searchWords'>;
/** A product as a card shows it. */
type CardRow = Pick<
  ProductRow,
  | 'id'
  | 'title'
  | 'titleSw'
  | 'brand'
  | 'priceCents'
  | 'discountBp'
  | 'rating'
  | 'reviewCount'
  | 'stock'
  | 'thumbnail'
  | 'createdAt'
>;

export function availabilityOf(stock: number): string {
  if (stock <= 0) return 'Out of Stock';
  if (stock < 10) return 'Low Stock';
  return 'In Stock';
}

const roundedRating = (rating: number) => Math.round(rating * 100) / 100;

/** Adds a flash sale's fields to what `to` says, when one is on (written one by one, as below). */
function withSale<T extends FlashSaleFields>(to: T, sale: FlashSaleFields | undefined): T {
  if (sale?.sale_price !== undefined) to.sale_price = sale.sale_price;
  if (sale?.sale_ends_at !== undefined) to.sale_ends_at = sale.sale_ends_at;
  return to;
}

export function toProductSummary(
  row: CardRow,
  categorySlug: string,
  sale?: FlashSaleFields,
): ProductSummary {
  const summary: ProductSummary = {
    id: row.id,
    title: row.title,
    category: categorySlug,
    brand: row.brand,
    price: row.priceCents,
    discountPercentage: basisPointsToPercent(row.discountBp),
    rating: roundedRating(row.rating),
    reviewCount: row.reviewCount,
    stock: row.stock,
    thumbnail: row.thumbnail,
    createdAt: row.createdAt.toISOString(),
    title_sw: row.titleSw,
  };
  return withSale(summary, sale);
}

/** A variant as the API shows it: its option values named after the product's options. */
export function toVariant(
  row: VariantRow,
  options: OptionRow[],
  sale?: FlashSaleFields,
): ProductVariant {
  const values = [row.option1, row.option2, row.option3];
  const named: Record<string, string> = {};
  options.forEach((option, i) => {
    const value = values[i];
    if (value != null) named[option.name] = value;
  });
  const variant: ProductVariant = {
    id: row.id,
    sku: row.sku,
    title: row.title,
    options: named,
    price: row.priceCents,
    discountPercentage: basisPointsToPercent(row.discountBp),
    stock: row.stock,
    ...(row.image ? { image: row.image } : {}),
  };
  return withSale(variant, sale);
}

/** A product page's flash sales: the product's (its card price's) and each variant's. */
export interface ProductSales {
  product?: FlashSaleFields;
  variant?: (row: VariantRow) => FlashSaleFields;
}

export function toProduct(
  row: ProductRow,
  category: { slug: string; name: string },
  images: string[],
  options: OptionRow[],
  variants: VariantRow[],
  sales: ProductSales = {},
): Product {
  // Every field written out: spreading the summary in made this 20 times slower (V8).
  const product: Product = {
    id: row.id,
    title: row.title,
    category: category.slug,
    brand: row.brand,
    price: row.priceCents,
    discountPercentage: basisPointsToPercent(row.discountBp),
    rating: roundedRating(row.rating),
    reviewCount: row.reviewCount,
    stock: row.stock,
    thumbnail: row.thumbnail,
    createdAt: row.createdAt.toISOString(),
    title_sw: row.titleSw,
    categoryName: category.name,
    description: row.description,
    description_sw: row.descriptionSw,
    sku: row.sku,
    images: images.length > 0 ? images : [row.thumbnail].filter(Boolean),
    tags: row.tags,
    weight: row.weightGrams,
    dimensions: { width: row.widthMm, height: row.heightMm, depth: row.depthMm },
    warrantyInformation: row.warrantyInformation,
    shippingInformation: row.shippingInformation,
    availabilityStatus: availabilityOf(row.stock),
    returnPolicy: row.returnPolicy,
    options,
    variants: variants.map((v) => toVariant(v, options, sales.variant?.(v))),
  };
  return withSale(product, sales.product);
}

export function toPublicReview(row: typeof reviews.$inferSelect): PublicReview {
  const { reviewer_email: _email, hidden: _hidden, ...rest } = toReview(row);
  return rest;
}

export function toReview(row: typeof reviews.$inferSelect): Review {
  return {
    id: row.id,
    reviewer_name: row.reviewerName,
    reviewer_email: row.reviewerEmail,
    rating: row.rating,
    comment: row.comment,
    product_id: row.productId,
    verified_purchase: row.verifiedPurchase,
    hidden: row.hiddenAt !== null,
    date: row.createdAt.toISOString(),
  };
}
