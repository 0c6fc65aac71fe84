// The pictures an import named by address, fetched after the import in the background (a job,
// so one instance fetches each once, and a restart carries on): fetched under the public-https
// policy, checked and re-encoded like an upload, and added to their product. Each failure
// becomes a warning on its import, with the CSV line that named it.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productImages, productImportImages, productImports, products } from '../schema.ts';
import { mapLimit } from '../../lib/map-limit.ts';
import { processUpload } from '../../uploads/image.ts';
import { fetchRemoteImage, type RemoteFetchPolicy } from '../../uploads/remote-image.ts';
import { storeUpload } from '../../uploads/store.ts';
import { lockStock } from '../stock/index.ts';
import { IMPORT_PLACEHOLDER_IMAGE } from './write.ts';
import { MAX_IMPORTED_IMAGES } from './plan.ts';

export interface ImageFetchDeps {
  db: Db;
  /** DATA_DIR/uploads. */
  uploadDir: string;
  policy: RemoteFetchPolicy;
}

async function warn(db: Db, importId: string, line: number, message: string) {
  const warning = JSON.stringify([{ line, column: 'Image Src', message }]);
  await db
    .update(productImports)
    .set({ warnings: sql`${productImports.warnings} || ${warning}::jsonb` })
    .where(eq(productImports.id, importId));
}

/** Fetches up to `max` waiting pictures, four at a time; answers how many it tried. */
export async function fetchImportImages(deps: ImageFetchDeps, max = 24): Promise<number> {
  const { db } = deps;
  const waiting = await db
    .select()
    .from(productImportImages)
    .where(eq(productImportImages.status, 'pending'))
    .orderBy(asc(productImportImages.id))
    .limit(max);
  // A product's pictures one after the other, so they keep the file's order; products side by side.
  const byProduct = new Map<number, (typeof waiting)[number][]>();
  for (const job of waiting)
    byProduct.set(job.productId, [...(byProduct.get(job.productId) ?? []), job]);
  await mapLimit([...byProduct.values()], 4, async (jobs) => {
    for (const job of jobs) await fetchOne(deps, job);
  });
  return waiting.length;
}

type Job = typeof productImportImages.$inferSelect;

async function fetchOne(deps: ImageFetchDeps, job: Job): Promise<void> {
  const { db } = deps;
  let url: string;
  try {
    const bytes = await fetchRemoteImage(job.sourceUrl, deps.policy);
    const image = await processUpload(bytes, { maxBytes: deps.policy.maxBytes });
    url = `/uploads/${(await storeUpload(deps.uploadDir, image.webp)).fileName}`;
  } catch (err) {
    await db
      .update(productImportImages)
      .set({ status: 'failed', attempts: job.attempts + 1 })
      .where(eq(productImportImages.id, job.id));
    await warn(
      db,
      job.importId,
      job.line,
      `The image could not be used: ${(err as Error).message}`,
    );
    return;
  }
  await db.transaction(async (tx) => {
    await lockStock(tx, [job.productId]);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(productImages)
      .where(eq(productImages.productId, job.productId));
    if (n < MAX_IMPORTED_IMAGES) {
      await tx
        .insert(productImages)
        .values({ productId: job.productId, position: n, url, sourceUrl: job.sourceUrl });
      // The first picture replaces the placeholder the product was made with.
      await tx
        .update(products)
        .set({ thumbnail: url })
        .where(
          and(eq(products.id, job.productId), eq(products.thumbnail, IMPORT_PLACEHOLDER_IMAGE)),
        );
    }
    await tx
      .update(productImportImages)
      .set({ status: 'done', attempts: job.attempts + 1 })
      .where(eq(productImportImages.id, job.id));
  });
}
