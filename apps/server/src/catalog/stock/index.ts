// Stock has one owner: this module is the only code that writes it, and the rest of the server
// calls it through this file (test/architecture/stock-owner.test.ts, which lists the one other
// writer: the benchmark seed's bulk inserts in SQL, seed/synthetic.ts). It owns:
// - product_variants.stock, the units that can still be sold. Orders take and give it back
//   (take-and-return.ts): an unpaid order's reservation is stock already taken, so there is no
//   reservation row. The merchant counts it (set-stock.ts), for a variant or for a product sold
//   as it is. A new product or variant starts with startingStock (set-stock.ts) in its insert,
//   whose other columns are the caller's.
// - products.stock: the sum over the product's variants on sale (for a product sold as it is, its
//   one variant's), and the facets of option values in stock (product_option_stock,
//   option_value_counts, products.option_keys). Both are kept by the triggers below.
// - The lock order (lock.ts): a product's row, then its variants. Whoever writes a product's
//   variants locks it with lockStock first.
// It does not own a variant's other columns (price, discount, SKU, option values, archiving, in
// admin-service.ts, variant-edits.ts, variants.ts and import/write.ts), though their writes move
// the product's totals through the same triggers: the cheapest price, the sum of what is on sale.
//
// The triggers, in triggers.sql as the migrated database has them (triggers.test.ts compares):
// - product_default_variants: a product inserted alone gets its one variant, with its stock.
// - product_single_variant_synced: a product sold as it is, its stock (or price, discount, SKU)
//   written on its row, gets it on its variant.
// - product_variant_totals, and product_variants_inserted once per insert statement: a variant's
//   change sets its product's totals (the stock's sum, the cheapest price and discount).
// - product_totals_kept: a product in several variants keeps its totals when a statement writes
//   others on its row.
// - variant_option_stock (with product_variants_inserted, product_option_counts_moved,
//   product_option_counts_deleted, option_counts_truncated): the facet counters.
// settle.ts does their work at once for a bulk seed that wrote variants with the triggers off.
export { lockStock } from './lock.ts';
export { returnStock, takeStock, type StockLine } from './take-and-return.ts';
export { setStockOfProduct, setStockOfVariant, startingStock } from './set-stock.ts';
export { settleVariants } from './settle.ts';
