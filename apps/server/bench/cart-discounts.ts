// `npm run bench:discounts` (issue 36): how long a cart's discounts take to work out with 50 live
// promotions of every kind — the engine alone, and as checkout runs it (the live promotions read
// from the database, then the engine) on embedded PGlite. Goal: under 5 ms a cart.
//   BENCH_ITERATIONS=2000 engine runs per cart size; a tenth of that through the database
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  evaluatePromotions,
  promotionInputSchema,
  type PromotionLine,
  type PromotionRule,
} from '@duka/domain';
import type { PricedCartLine } from '../src/cart/repo.ts';
import { cartPromotions } from '../src/checkout/discounts.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { livePromotions } from '../src/promotions/live.ts';
import { promotions } from '../src/promotions/schema.ts';
import { columnsOf } from '../src/promotions/stored.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 2_000);
const PROMOTIONS = 50;
const CATEGORIES = ['shoes', 'laptops', 'phones', 'kitchen', 'beauty'];
const BRANDS = ['Bata', 'HP', 'Tecno', 'Ramtons', 'Nivea'];

/** 50 live promotions: ten of each kind, on the order or on a category, brand or products. */
function bodies() {
  return Array.from({ length: PROMOTIONS }, (_, i) => {
    const target = [
      undefined,
      { categories: [CATEGORIES[i % 5]!] },
      { brands: [BRANDS[i % 5]!] },
      { product_ids: [1 + (i % 20), 2 + (i % 20)] },
    ][i % 4];
    const common = {
      name: `Offer ${i + 1}`,
      // One needs the code the shopper typed; a few stack, one is exclusive.
      code: i === 0 ? 'BENCH0' : undefined,
      applies_to: target,
      min_order: i % 3 === 0 ? 1_000 : undefined,
      usage_limit: i % 2 === 0 ? 1_000 : undefined,
      per_customer_limit: i % 4 === 0 ? 3 : undefined,
      combinable: i % 7 === 0 && i !== 49,
      exclusive: i === 49,
    };
    switch (i % 5) {
      case 0:
        return { ...common, type: 'percent_off', value: 5 + (i % 30) };
      case 1:
        return { ...common, type: 'amount_off', value: 100 + i * 10 };
      case 2:
        return {
          ...common,
          applies_to: undefined,
          type: 'free_delivery',
          counties: i % 2 ? ['047'] : undefined,
        };
      case 3:
        return {
          ...common,
          type: 'buy_x_get_y',
          buy_quantity: 2,
          get_quantity: 1,
          get_percent: 100,
        };
      default:
        return {
          ...common,
          code: undefined,
          applies_to: { product_ids: [1 + (i % 20), 3 + (i % 20)] },
          type: 'sale_price',
          value: 20,
          quantity_cap: 500,
        };
    }
  }).map((body) => promotionInputSchema.parse(body));
}

function cart(size: number): PricedCartLine[] {
  return Array.from({ length: size }, (_, i) => ({
    productId: 1 + i,
    variantId: 1 + i,
    title: `Product ${i + 1}`,
    variantTitle: '',
    sku: `SKU-${i + 1}`,
    taxType: i % 4 === 0 ? 'A' : 'B',
    image: '',
    quantity: 1 + (i % 3),
    priceCents: 150_000 + i * 1_000,
    salePriceCents: 150_000 + i * 1_000,
    stock: 100,
    category: CATEGORIES[i % 5]!,
    brand: BRANDS[(i + 2) % 5]!,
  }));
}

const engineLine = (l: PricedCartLine): PromotionLine => ({
  key: String(l.variantId),
  productId: l.productId,
  variantId: l.variantId,
  category: l.category,
  brand: l.brand,
  unitPriceCents: l.salePriceCents,
  quantity: l.quantity,
  taxType: l.taxType,
});

function figures(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return `median ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms, max ${at(1).toFixed(3)} ms`;
}

function time(runs: number, fn: () => unknown): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    times.push(performance.now() - started);
  }
  return times;
}

async function timeAsync(runs: number, fn: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await fn();
    times.push(performance.now() - started);
  }
  return times;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-bench-discounts-'));
const database = await openDatabase({ dataDir });
try {
  await migrateDatabase(database);
  // Straight into the table: the admin API would refuse targets that this empty catalogue lacks.
  await database.db.insert(promotions).values(bodies().map(columnsOf));
  const now = new Date();
  const rules: PromotionRule[] = await livePromotions(database.db, now, {
    userId: 1,
    code: 'BENCH0',
    exceptOrderIds: [],
  });
  console.log(`${rules.length} live promotions (the coupon BENCH0 typed)`);
  for (const size of [5, 20, 50]) {
    const lines = cart(size);
    const input = {
      lines: lines.map(engineLine),
      delivery: { countyCode: '047', feeCents: 30_000 },
      promotions: rules,
      couponCode: 'BENCH0',
      context: { now, isFirstOrder: false },
    };
    time(200, () => evaluatePromotions(input)); // warm-up
    const engine = time(ITERATIONS, () => evaluatePromotions(input));
    const query = {
      userId: 1,
      lines,
      delivery: { countyCode: '047', feeCents: 30_000 },
      code: 'BENCH0',
      exceptOrderIds: [],
      now,
    };
    await timeAsync(20, () => cartPromotions(database.db, query));
    const whole = await timeAsync(Math.max(50, ITERATIONS / 10), () =>
      cartPromotions(database.db, query),
    );
    const given = evaluatePromotions(input).applied.length;
    console.log(`cart of ${String(size).padStart(2)} lines (${given} promotions applied)`);
    console.log(`  engine alone:                 ${figures(engine)}`);
    console.log(`  read from PGlite + engine:    ${figures(whole)}`);
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
