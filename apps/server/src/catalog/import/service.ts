// One import from start to end: recorded first (so its progress can be followed from any
// instance), planned, applied a batch at a time, and its outcome kept.
import { and, count, eq, getTableColumns } from 'drizzle-orm';
import { IMPORT_ISSUES_LISTED, type ProductImport } from '@duka/domain';
import type { Db } from '../../db/client.ts';
import { productImportImages, productImports } from '../schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { AuditTrail } from '../../audit/trail.ts';
import { applyImport, type ApplyOptions } from './apply.ts';
import { planImportInSlices } from './plan.ts';

export interface ImportRequest {
  id: string;
  userId: number;
  dryRun: boolean;
  origin: string;
  csv: Buffer;
  audit?: AuditTrail;
  /** The request's log and id: a product the database refuses is logged there, by that id. */
  log?: ApplyOptions['log'];
  requestId?: string;
}

type Row = typeof productImports.$inferSelect;

async function view(db: Db, row: Row): Promise<ProductImport> {
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(productImportImages)
    .where(
      and(eq(productImportImages.importId, row.id), eq(productImportImages.status, 'pending')),
    );
  return {
    id: row.id,
    status: row.status as ProductImport['status'],
    dry_run: row.dryRun,
    total_rows: row.totalRows,
    processed_rows: row.processedRows,
    created: row.created,
    updated: row.updated,
    unchanged: row.unchanged,
    errors: row.errors,
    warnings: row.warnings,
    error_count: row.errorCount,
    warning_count: row.warningCount,
    images_pending: n,
  };
}

export async function runImport(db: Db, request: ImportRequest): Promise<ProductImport> {
  const inserted = await db
    .insert(productImports)
    .values({ id: request.id, userId: request.userId, dryRun: request.dryRun })
    .onConflictDoNothing()
    .returning({ id: productImports.id });
  if (inserted.length === 0) {
    throw new HttpError(409, 'IMPORT_EXISTS', 'An import with this id has already been made.');
  }
  const where = eq(productImports.id, request.id);
  try {
    const plan = await planImportInSlices(request.csv);
    await db.update(productImports).set({ totalRows: plan.rows }).where(where);
    const outcome = await applyImport(db, plan.products, {
      importId: request.id,
      dryRun: request.dryRun,
      origin: request.origin,
      log: request.log,
      requestId: request.requestId,
      onProgress: async (done) => {
        const processedRows = Math.round((plan.rows * done) / plan.products.length);
        await db.update(productImports).set({ processedRows }).where(where);
      },
    });
    const byLine = (a: { line: number }, b: { line: number }) => a.line - b.line;
    const errors = [...plan.errors, ...outcome.errors].sort(byLine);
    const warnings = [...plan.warnings, ...outcome.warnings].sort(byLine);
    // The lists are at hand: read back, 100,000 errors are megabytes of JSON parsed again.
    const { errors: _errors, warnings: _warnings, ...counts } = getTableColumns(productImports);
    const row = await db.transaction(async (tx) => {
      const [done] = await tx
        .update(productImports)
        .set({
          status: 'done',
          processedRows: plan.rows,
          created: outcome.created,
          updated: outcome.updated,
          unchanged: outcome.unchanged,
          errors: errors.slice(0, IMPORT_ISSUES_LISTED),
          warnings: warnings.slice(0, IMPORT_ISSUES_LISTED),
          errorCount: errors.length,
          warningCount: warnings.length,
          finishedAt: new Date(),
        })
        .where(where)
        .returning(counts);
      // One row for the import (its counts); what each product row did is kept on the import.
      if (!request.dryRun) {
        await request.audit?.record(tx, {
          action: 'product.import',
          entity: 'product_import',
          entityId: request.id,
          after: {
            rows: plan.rows,
            created: outcome.created,
            updated: outcome.updated,
            unchanged: outcome.unchanged,
            refused: errors.length,
          },
        });
      }
      return done!;
    });
    return view(db, {
      ...row,
      errors: errors.slice(0, IMPORT_ISSUES_LISTED),
      warnings: warnings.slice(0, IMPORT_ISSUES_LISTED),
    });
  } catch (err) {
    await db.update(productImports).set({ status: 'failed', finishedAt: new Date() }).where(where);
    throw err;
  }
}

export async function importStatus(db: Db, id: string): Promise<ProductImport | undefined> {
  const [row] = await db.select().from(productImports).where(eq(productImports.id, id));
  return row ? view(db, row) : undefined;
}
