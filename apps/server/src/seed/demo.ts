// The demo catalogue: written by us (catalog-data.ts), with artwork rendered at seed time so the
// shop works offline (each image 800 px with its 160, 400 and 800 px width copies), reviews on most products and listing dates spread over ten months.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { percentToBasisPoints, shillingsToCents } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { categories, productImages, products, reviews } from '../db/schema.ts';
import { mapLimit } from '../lib/map-limit.ts';
import { storeWithWidths } from '../uploads/widths.ts';
import { insertVariants } from '../catalog/variants.ts';
import { encodeArtwork, renderProductPixels } from './artwork.ts';
import { withImageCache } from './image-cache.ts';
import { CATEGORY_SEEDS, PRODUCT_SEEDS, type ProductSeed } from './catalog-data.ts';
import { createRandom } from './random.ts';
import { demoVariantsOf } from './demo-variants.ts';
import { reviewDrafts } from './reviews.ts';

const DAY_MS = 86_400_000;

export interface DemoSeedOptions {
  /** Where images are written (DATA_DIR/images); omit to skip rendering (API tests). */
  imagesDir?: string | undefined;
  /** Pictures drawn once for a whole test run (DEMO_IMAGE_CACHE_DIR, image-cache.ts). */
  imageCacheDir?: string | undefined;
  now?: Date;
  log?: (message: string) => void;
}

function skuOf(seed: ProductSeed, index: number): string {
  const prefix = seed.category
    .replace(/[^a-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  const brand = seed.brand
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, 'X');
  return `${prefix}-${brand}-${String(index + 1).padStart(4, '0')}`;
}

export function imageCountOf(index: number): number {
  return 2 + (index % 3); // 2, 3 or 4 images
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

const imageNamesOf = (sku: string, index: number) =>
  Array.from({ length: imageCountOf(index) }, (_, n) => `${sku}-${n + 1}.webp`);

/**
 * Draws every demo product's pictures (with their width copies) into `imagesDir/products`, or
 * copies them from this run's cache (image-cache.ts). Says which it did and how long it took.
 */
export async function drawDemoImages(
  imagesDir: string,
  imageCacheDir?: string | undefined,
): Promise<string> {
  const dir = path.join(imagesDir, 'products');
  const categoryBySlug = new Map(CATEGORY_SEEDS.map((c) => [c.slug, c]));
  const jobs = PRODUCT_SEEDS.flatMap((seed, index) =>
    imageNamesOf(skuOf(seed, index), index).map((name, variant) => ({ seed, name, variant })),
  );
  const started = Date.now();
  const how = await withImageCache(imageCacheDir, dir, (into) =>
    mapLimit(jobs, 4, async ({ seed, name, variant }) => {
      // An image left by an earlier run is kept; start-up gives it any width copy it lacks.
      if (await exists(path.join(into, name))) return;
      const category = categoryBySlug.get(seed.category)!;
      const pixels = await renderProductPixels({
        title: seed.title,
        brand: seed.brand,
        categoryName: category.name,
        colors: category.colors,
        variant,
      });
      await storeWithWidths(into, name, await encodeArtwork(pixels), pixels);
    }).then(() => undefined),
  );
  return `${how} ${jobs.length} product images in ${Date.now() - started} ms`;
}

export async function seedDemoCatalog(db: Db, options: DemoSeedOptions = {}): Promise<number> {
  const [existing] = await db.select({ n: count() }).from(products);
  if ((existing?.n ?? 0) > 0) return 0;
  const now = options.now ?? new Date();
  const random = createRandom(20_241_122);
  const plans = PRODUCT_SEEDS.map((seed, index) => {
    const sku = skuOf(seed, index);
    const imageNames = imageNamesOf(sku, index);
    const createdAt = new Date(now.getTime() - random.int(2, 300) * DAY_MS - random.int(0, DAY_MS));
    const reviewCount = index % 9 === 4 ? 0 : random.int(3, 9);
    const drafts = reviewDrafts(
      seed.quality,
      seed.quality >= 4.9 ? Math.max(reviewCount, 6) : reviewCount,
      random,
    );
    return { seed, sku, imageNames, createdAt, drafts };
  });

  if (options.imagesDir) {
    const drawn = await drawDemoImages(options.imagesDir, options.imageCacheDir);
    options.log?.(drawn);
  }

  await db.transaction(async (tx) => {
    const categoryRows = await tx
      .insert(categories)
      .values(CATEGORY_SEEDS.map((c) => ({ slug: c.slug, name: c.name })))
      .returning();
    const categoryId = new Map(categoryRows.map((c) => [c.slug, c.id]));

    const inserted = await tx
      .insert(products)
      .values(
        plans.map(({ seed, sku, imageNames, createdAt, drafts }) => {
          const ratingSum = drafts.reduce((sum, d) => sum + d.rating, 0);
          return {
            title: seed.title,
            description: seed.description,
            categoryId: categoryId.get(seed.category)!,
            brand: seed.brand,
            sku,
            priceCents: shillingsToCents(seed.priceKsh),
            discountBp: percentToBasisPoints(seed.discountPercent),
            stock: seed.stock,
            rating: drafts.length ? Math.round((ratingSum / drafts.length) * 100) / 100 : 0,
            reviewCount: drafts.length,
            thumbnail: `/images/products/${imageNames[0]}`,
            tags: [...seed.tags],
            weightGrams: seed.weightGrams,
            widthMm: seed.dimensionsMm.width,
            heightMm: seed.dimensionsMm.height,
            depthMm: seed.dimensionsMm.depth,
            warrantyInformation: seed.warrantyInformation,
            shippingInformation: seed.shippingInformation,
            returnPolicy: seed.returnPolicy,
            createdAt,
            updatedAt: createdAt,
          };
        }),
      )
      .returning({ id: products.id });

    const imageRows = plans.flatMap((plan, i) =>
      plan.imageNames.map((name, position) => ({
        productId: inserted[i]!.id,
        position,
        url: `/images/products/${name}`,
      })),
    );
    await tx.insert(productImages).values(imageRows);

    // Shoes in sizes, dresses and shirts in sizes and colours.
    for (const [i, plan] of plans.entries()) {
      const sizes = demoVariantsOf(plan.seed, i);
      if (!sizes) continue;
      await insertVariants(tx, inserted[i]!.id, {
        productSku: plan.sku,
        price: shillingsToCents(plan.seed.priceKsh),
        discountPercentage: plan.seed.discountPercent,
        ...sizes,
      });
    }

    const reviewRows = plans.flatMap((plan, i) =>
      plan.drafts.map((d) => ({
        productId: inserted[i]!.id,
        reviewerName: d.reviewerName,
        reviewerEmail: d.reviewerEmail,
        rating: d.rating,
        comment: d.comment,
        createdAt: new Date(
          Math.min(plan.createdAt.getTime() + d.daysAfterListing * DAY_MS, now.getTime()),
        ),
      })),
    );
    if (reviewRows.length) await tx.insert(reviews).values(reviewRows);
  });
  options.log?.(`seeded ${plans.length} products in ${CATEGORY_SEEDS.length} categories`);
  return plans.length;
}
