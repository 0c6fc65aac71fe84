// Reviews by buyers: only a shopper with a paid order containing the product may write one, once;
// the product's rating and review count are recomputed in the same transaction, under the
// product's row lock, so two reviews at once cannot leave a stale average.
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  REVIEW_MESSAGES,
  type ReviewCreate,
  type ReviewEligibility,
  type Review,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { products, reviews } from './schema.ts';
import { conflict, forbidden, found } from '../lib/http-error.ts';
import { toReview } from './mappers.ts';
import type { AuditTrail } from '../audit/trail.ts';

/**
 * Asks the orders domain whether the shopper bought the product (wired in app.ts): the e-mail
 * they gave at checkout for it, or null.
 */
export type HasBought = (tx: Db | Tx, userId: number, productId: number) => Promise<string | null>;

export interface Reviewer {
  id: number;
  username: string;
  /** Null for an account made by phone sign-in: the e-mail of the order that bought it then. */
  email: string | null;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The average of the visible reviews (two decimals) and their count, written on the product. */
export async function recomputeRating(tx: Tx, productId: number): Promise<void> {
  await tx
    .update(products)
    .set({
      rating: sql`coalesce((select round(avg(${reviews.rating})::numeric, 2)::float8 from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.hiddenAt} is null), 0)`,
      reviewCount: sql`(select count(*)::int from ${reviews} where ${reviews.productId} = ${productId} and ${reviews.hiddenAt} is null)`,
    })
    .where(eq(products.id, productId));
}

async function lockProduct(tx: Tx, productId: number) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(eq(products.id, productId))
    .for('update');
  return found(row, `The product ${productId}`);
}

async function reviewOf(db: Db | Tx, userId: number, productId: number) {
  const [row] = await db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.userId, userId), eq(reviews.productId, productId)));
  return row;
}

export async function writeReview(
  deps: { db: Db; hasBought: HasBought },
  reviewer: Reviewer,
  input: ReviewCreate,
): Promise<Review> {
  try {
    return await deps.db.transaction(async (tx) => {
      await lockProduct(tx, input.product_id);
      const buyerEmail = await deps.hasBought(tx, reviewer.id, input.product_id);
      if (!buyerEmail) throw forbidden(REVIEW_MESSAGES.notABuyer);
      if (await reviewOf(tx, reviewer.id, input.product_id)) {
        throw conflict(REVIEW_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
      }
      const [row] = await tx
        .insert(reviews)
        .values({
          productId: input.product_id,
          userId: reviewer.id,
          reviewerName: reviewer.username,
          reviewerEmail: reviewer.email ?? buyerEmail,
          rating: input.rating,
          comment: input.comment,
          verifiedPurchase: true,
        })
        .returning();
      await recomputeRating(tx, input.product_id);
      return toReview(row!);
    });
  } catch (err) {
    // The unique index catches a second review that raced the check above.
    if (isUniqueViolation(err)) throw conflict(REVIEW_MESSAGES.alreadyReviewed, 'ALREADY_REVIEWED');
    throw err;
  }
}

export async function reviewEligibility(
  deps: { db: Db; hasBought: HasBought },
  userId: number,
  productId: number,
): Promise<ReviewEligibility> {
  if (await reviewOf(deps.db, userId, productId)) {
    return { can_review: false, reason: 'already-reviewed' };
  }
  if (!(await deps.hasBought(deps.db, userId, productId))) {
    return { can_review: false, reason: 'not-bought' };
  }
  return { can_review: true, reason: null };
}

/** An administrator hides a review (or shows it again); the product's rating follows. */
export async function setReviewHidden(
  db: Db,
  id: number,
  hidden: boolean,
  audit?: AuditTrail,
): Promise<Review> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(reviews).where(eq(reviews.id, id));
    const review = found(current, `The review ${id}`);
    await lockProduct(tx, review.productId);
    const [row] = await tx
      .update(reviews)
      .set({ hiddenAt: hidden ? (review.hiddenAt ?? new Date()) : null })
      .where(eq(reviews.id, id))
      .returning();
    await recomputeRating(tx, review.productId);
    // Hidden as it was (the review sent back as the list gave it): nothing to record.
    if ((review.hiddenAt !== null) === hidden) return toReview(row!);
    await audit?.record(tx, {
      action: hidden ? 'review.hide' : 'review.show',
      entity: 'review',
      entityId: id,
      before: { hidden: review.hiddenAt !== null },
      after: { hidden, product_id: review.productId },
    });
    return toReview(row!);
  });
}

/** A person's reviews, for their data export. */
export async function reviewsBy(db: Db, userId: number): Promise<Review[]> {
  const rows = await db.select().from(reviews).where(eq(reviews.userId, userId));
  return rows.map(toReview);
}

/** Erasure: the person's reviews go, and the ratings of what they reviewed are recomputed. */
export async function forgetReviewer(tx: Tx, userId: number): Promise<void> {
  const gone = await tx
    .delete(reviews)
    .where(eq(reviews.userId, userId))
    .returning({ productId: reviews.productId });
  const productIds = [...new Set(gone.map((g) => g.productId))].sort((a, b) => a - b);
  if (productIds.length === 0) return;
  await tx
    .select({ id: products.id })
    .from(products)
    .where(inArray(products.id, productIds))
    .for('update');
  for (const productId of productIds) await recomputeRating(tx, productId);
}
