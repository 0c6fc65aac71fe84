// The catalogue with 1,000 products on a flash sale (issue 36): the first products of every
// category, so that each category page the benchmark asks for is all sale cards. Made straight in
// the promotions table for the time of its workload, then removed.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../src/db/client.ts';
import { promotions } from '../src/promotions/schema.ts';

export const SALE_PRODUCTS = 1_000;

/** Puts SALE_PRODUCTS products on sale at 20 % off; answers how to take the sale off again. */
export async function startFlashSale(
  db: Db,
  origin: string,
  refreshSeconds: number,
  category: string,
) {
  const { rows } = (await db.execute(sql`
    with categories_used as (select count(distinct category_id)::int as n from products)
    select id::int from (
      select id, row_number() over (partition by category_id order by id) as place from products
    ) ranked, categories_used
    where place <= ceil(${SALE_PRODUCTS}::numeric / n)
    order by place, id
    limit ${SALE_PRODUCTS}`)) as unknown as { rows: { id: number }[] };
  const [made] = await db
    .insert(promotions)
    .values({
      name: 'Benchmark flash sale',
      type: 'sale_price',
      percentBp: 2_000,
      appliesTo: {
        product_ids: rows.map((r) => r.id),
        variant_ids: [],
        categories: [],
        brands: [],
      },
    })
    .returning({ id: promotions.id });
  // Each instance reads the sales once per interval: wait for it, then check a page shows them.
  await new Promise((resolve) => setTimeout(resolve, (refreshSeconds + 1) * 1000));
  const res = await fetch(`${origin}/api/products?category=${category}&limit=8`);
  const page = (await res.json()) as { products: { sale_price?: number }[] };
  if (page.products.length === 0 || page.products.some((p) => p.sale_price === undefined)) {
    throw new Error(`the flash sale does not show on every card of ${category}'s first page`);
  }
  return async () => {
    await db.delete(promotions).where(eq(promotions.id, made!.id));
  };
}
