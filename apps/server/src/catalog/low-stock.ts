// The back office's low-stock list (issue 21): every variant on sale running out, the fewest
// first, so the merchant reorders the size that is going before it is gone.
import { and, asc, count, eq, ilike, isNull, lte, or } from 'drizzle-orm';
import type { LowStockPage } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { products, productVariants } from './schema.ts';
import { paged, type PageRequest } from '../lib/paged.ts';
import { likePattern } from '../lib/sql.ts';

export function lowStock(
  db: Db,
  query: PageRequest & { threshold: number; q?: string | undefined },
): Promise<LowStockPage> {
  const like = query.q ? likePattern(query.q) : undefined;
  const running = and(
    isNull(productVariants.archivedAt),
    lte(productVariants.stock, query.threshold),
    like ? or(ilike(products.title, like), ilike(productVariants.sku, like)) : undefined,
  );
  return paged(
    'items',
    query,
    db
      .select({
        productId: products.id,
        title: products.title,
        variantId: productVariants.id,
        variant: productVariants.title,
        sku: productVariants.sku,
        stock: productVariants.stock,
      })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(running)
      .orderBy(asc(productVariants.stock), asc(productVariants.id)),
    db
      .select({ n: count() })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(running),
    (row) => row,
  );
}
