// The demo catalogue: written by us (catalog-data.ts), with artwork drawn on this machine so the
// shop works offline (each image 800 px with its 160, 400 and 800 px width copies; drawn after
// the shop is up, demo-images.ts), reviews on most products and listing dates spread over ten
// months.
import { count } from 'drizzle-orm';
import { percentToBasisPoints, shillingsToCents } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { categories, productImages, products, reviews } from '../db/schema.ts';
import { insertVariants } from '../catalog/variants.ts';
import { startingStock } from '../catalog/stock/index.ts';
import { CATEGORY_SEEDS, PRODUCT_SEEDS } from './catalog-data.ts';
import { imageNamesOf, skuOf } from './demo-images.ts';
import { createRandom } from './random.ts';
import { demoVariantsOf } from './demo-variants.ts';
import { reviewDrafts } from './reviews.ts';

const DAY_MS = 86_400_000;

export interface DemoSeedOptions {
  now?: Date;
  log?: (message: string) => void;
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
            ...startingStock(seed.stock),
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
