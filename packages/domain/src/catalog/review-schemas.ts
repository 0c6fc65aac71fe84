import { z } from 'zod';
import { int32 } from '../common/schemas.ts';

/** Messages of the review form and its answers. */
export const REVIEW_MESSAGES = {
  rating: 'Choose a rating from 1 to 5 stars',
  commentRequired: 'Please write a comment',
  commentTooLong: 'A comment can be at most 2,000 characters',
  notABuyer: 'Only shoppers who bought this product can review it.',
  alreadyReviewed: 'You have already reviewed this product.',
  thanks: 'Thank you for your review!',
} as const;

export const REVIEW_COMMENT_MAX = 2000;

/** POST /api/reviews. */
export const reviewCreateSchema = z.object({
  product_id: int32('product_id must be a product id').positive('product_id must be a product id'),
  rating: z
    .number({ error: REVIEW_MESSAGES.rating })
    .int(REVIEW_MESSAGES.rating)
    .min(1, REVIEW_MESSAGES.rating)
    .max(5, REVIEW_MESSAGES.rating),
  comment: z
    .string({ error: REVIEW_MESSAGES.commentRequired })
    .trim()
    .min(1, REVIEW_MESSAGES.commentRequired)
    .max(REVIEW_COMMENT_MAX, REVIEW_MESSAGES.commentTooLong),
});
export type ReviewCreate = z.infer<typeof reviewCreateSchema>;

/** Whether the logged-in shopper may review a product, and if not, why. */
export const reviewEligibilitySchema = z.object({
  can_review: z.boolean(),
  reason: z.enum(['not-bought', 'already-reviewed']).nullable(),
});
export type ReviewEligibility = z.infer<typeof reviewEligibilitySchema>;

/** PATCH /api/admin/reviews/{id}. */
export const reviewVisibilitySchema = z.object({
  hidden: z.boolean({ error: 'hidden must be true or false' }),
});
