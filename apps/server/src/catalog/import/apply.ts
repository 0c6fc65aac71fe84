// Applying an import's plan (plan.ts) to the catalogue: a product is matched by its Handle, a
// variant by its SKU or else its option values, so the same file imported twice changes nothing.
// Products go in batches, each batch one transaction with the matched products locked first
// (catalog/stock/lock.ts's order) and each product in a savepoint of its own: one product that
// fails is reported and rolled back, the rest of its batch is kept. A dry run only reads: what
// each product would do is worked out from the shop as it is (changes.ts), nothing is written.
import type { Db, Tx } from '../../db/client.ts';
import { productImportImages } from '../schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { lockStock } from '../stock/index.ts';
import { changeOf, type ProductChange } from './changes.ts';
import { loadExisting } from './existing.ts';
import type { ImportIssue, PlannedProduct } from './plan.ts';
import { writeCreation, writeUpdate, type ImageToFetch } from './write.ts';

const BATCH = 25;
/**
 * A dry run reads more products a query: it holds no locks and writes nothing. Not many more:
 * on PGlite a query runs on this thread, and a longer one holds the event loop.
 */
const DRY_RUN_BATCH = 200;

export interface ApplyOptions {
  importId: string;
  dryRun: boolean;
  /** The shop's own address: an Image Src on it is one of its own pictures, not fetched. */
  origin: string;
  onProgress?: (products: number) => Promise<void>;
  /** Where a product that fails in the database is logged (the request's log: its id is on it). */
  log?: { error(obj: unknown, msg?: string): void };
  requestId?: string;
}

export interface ApplyOutcome {
  created: number;
  updated: number;
  unchanged: number;
  errors: ImportIssue[];
  warnings: ImportIssue[];
  imagesQueued: number;
}

interface ProductOutcome {
  kind: ProductChange['kind'];
  errors: ImportIssue[];
  warnings: ImportIssue[];
  /** Pictures queued (or, on a dry run, that would be) to fetch. */
  images: number;
}

/**
 * Why a product was not saved. A refusal meant for people (a SKU taken) is said as it is; the
 * database's own errors name tables, SQL and values, so they go to the log and the admin gets
 * the request id to ask about.
 */
function notSaved(err: unknown, product: PlannedProduct, options: ApplyOptions): ImportIssue {
  const { line } = product;
  if (err instanceof HttpError) return { line, column: null, message: `Not saved: ${err.message}` };
  options.log?.error(
    { err, importId: options.importId, line, handle: product.handle },
    'an imported product could not be saved',
  );
  const logged = options.requestId
    ? `The error was logged with request id ${options.requestId}.`
    : 'The error was logged.';
  return { line, column: null, message: `This product could not be saved. ${logged}` };
}

async function write(tx: Tx, change: ProductChange): Promise<ImageToFetch[]> {
  if (change.kind === 'created') return writeCreation(tx, change.plan, change.own, change.remote);
  if (change.kind === 'updated') return writeUpdate(tx, change.update);
  return [];
}

const skusOf = (batch: PlannedProduct[]) =>
  batch.flatMap((p) => p.variants.flatMap((v) => (v.sku ? [v.sku] : [])));

async function applyBatch(
  tx: Tx,
  batch: PlannedProduct[],
  options: ApplyOptions,
): Promise<ProductOutcome[]> {
  const existing = await loadExisting(
    tx,
    batch.map((p) => p.handle),
    skusOf(batch),
    (ids) => lockStock(tx, ids),
  );
  const outcomes: ProductOutcome[] = [];
  const fetch: ImageToFetch[] = [];
  for (const product of batch) {
    // The event loop's turn: on PGlite each product's queries run on this thread.
    await new Promise(setImmediate);
    const change = changeOf(product, existing, options.origin);
    const { kind, errors, warnings } = change;
    if (kind === 'failed' || kind === 'unchanged') {
      outcomes.push({ kind, errors, warnings, images: 0 });
      continue;
    }
    try {
      const images = await tx.transaction((sp) => write(sp, change));
      fetch.push(...images);
      outcomes.push({ kind, errors, warnings, images: images.length });
    } catch (err) {
      const failed = [...errors, notSaved(err, product, options)];
      outcomes.push({ kind: 'failed', errors: failed, warnings, images: 0 });
    }
  }
  if (fetch.length > 0) {
    await tx.insert(productImportImages).values(
      fetch.map((f) => ({
        importId: options.importId,
        productId: f.productId,
        position: f.position,
        sourceUrl: f.src,
        line: f.line,
      })),
    );
  }
  return outcomes;
}

/** What a dry run reports: each product's change as the shop is now, read without a lock. */
async function checkBatch(
  db: Db,
  batch: PlannedProduct[],
  options: ApplyOptions,
): Promise<ProductOutcome[]> {
  const existing = await loadExisting(
    db,
    batch.map((p) => p.handle),
    skusOf(batch),
  );
  return batch.map((product) => {
    const change = changeOf(product, existing, options.origin);
    const images =
      change.kind === 'created'
        ? change.remote.length
        : change.kind === 'failed'
          ? 0
          : change.update.fetch.length;
    return { kind: change.kind, errors: change.errors, warnings: change.warnings, images };
  });
}

/** Applies the plan a batch at a time; with `dryRun`, only reads. */
export async function applyImport(
  db: Db,
  plan: PlannedProduct[],
  options: ApplyOptions,
): Promise<ApplyOutcome> {
  const total: ApplyOutcome = {
    created: 0,
    updated: 0,
    unchanged: 0,
    errors: [],
    warnings: [],
    imagesQueued: 0,
  };
  const size = options.dryRun ? DRY_RUN_BATCH : BATCH;
  for (let start = 0; start < plan.length; start += size) {
    const batch = plan.slice(start, start + size);
    const outcomes = options.dryRun
      ? await checkBatch(db, batch, options)
      : await db.transaction((tx) => applyBatch(tx, batch, options));
    for (const o of outcomes) {
      if (o.kind !== 'failed') total[o.kind]++;
      total.errors.push(...o.errors);
      total.warnings.push(...o.warnings);
      total.imagesQueued += o.images;
    }
    await options.onProgress?.(Math.min(plan.length, start + size));
    await new Promise(setImmediate);
  }
  return total;
}
