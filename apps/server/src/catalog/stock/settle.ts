// What the triggers (triggers.sql) keep, worked out at once for products whose variants were
// written with the triggers off (a bulk seed, seed/synthetic.ts). A change to a trigger's rule
// is a change here too; counts.test.ts recounts after such a seed.
import { sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';

/**
 * For the products in `ids` (a subquery), set-based: the per-value tallies and the category
 * counters (variant_option_stock), the product row's totals (product_variant_totals) and option
 * keys. Run with the triggers still off: product_totals_kept would overrule the totals.
 */
export async function settleVariants(tx: Db | Tx, ids: SQL): Promise<void> {
  await tx.execute(sql`insert into product_option_stock (product_id, key, in_stock)
    select v.product_id, k, count(*)::int from product_variants v, unnest(v.option_keys) k
    where v.product_id in (${ids}) and v.archived_at is null and v.stock > 0
    group by v.product_id, k`);
  await tx.execute(sql`insert into option_value_counts as c (category_id, key, products)
    select p.category_id, s.key, count(*)::int from product_option_stock s
    join products p on p.id = s.product_id
    where s.product_id in (${ids}) and s.in_stock > 0 group by p.category_id, s.key
    on conflict (category_id, key) do update set products = c.products + excluded.products`);
  await tx.execute(sql`update products p set
      stock = a.stock, price_cents = a.price_cents, discount_bp = a.discount_bp,
      option_keys = coalesce(k.keys, '{}')
    from (select product_id, sum(stock)::int as stock,
            (array_agg(price_cents order by sale_price_cents, position, id))[1] as price_cents,
            (array_agg(discount_bp order by sale_price_cents, position, id))[1] as discount_bp
          from product_variants where product_id in (${ids}) and archived_at is null
          group by product_id) a
    left join (select product_id, array_agg(key order by key) as keys from product_option_stock
               where product_id in (${ids}) and in_stock > 0 group by product_id) k
      on k.product_id = a.product_id
    where p.id = a.product_id`);
}
