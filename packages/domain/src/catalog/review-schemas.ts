import { z } from 'zod';
import { int32 } from '../common/schemas.ts';
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from './review-messages.ts';

export { REVIEW_COMMENT_MAX, REVIEW_MESSAGES };

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
