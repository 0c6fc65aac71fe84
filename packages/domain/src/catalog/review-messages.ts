// The review form's texts and limits, without zod: the product page imports them in its first
// load.
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
