// 'Write a review' on the product page, for a logged-in shopper who bought the product and has
// not reviewed it yet (the server says which; it also enforces it).
import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { REVIEW_COMMENT_MAX, REVIEW_MESSAGES } from '@duka/domain/catalog/review-messages';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClass } from '../../../../components/ui/field.tsx';
import { StarPicker } from '../../../../components/ui/star-picker.tsx';
import { FormMessage } from '../../../../components/ui/status.tsx';
import { ApiError } from '../../../../lib/api-client.ts';
import { useAuth } from '../../../../lib/auth-context.ts';
import { catalogQueries } from '../../api/catalog-api.ts';
import { postReview, reviewEligibilityQuery } from '../../api/reviews-api.ts';

export function WriteReview({ productId }: { productId: number }) {
  const { authToken, currentUser } = useAuth();
  const queryClient = useQueryClient();
  const eligibility = useQuery({
    ...reviewEligibilityQuery(productId),
    enabled: !!authToken && !!currentUser,
  });
  const [open, setOpen] = useState(false);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ rating?: string; comment?: string; form?: string }>({});
  const [sending, setSending] = useState(false);
  const [thanks, setThanks] = useState(false);

  if (thanks) return <FormMessage kind="success">{REVIEW_MESSAGES.thanks}</FormMessage>;
  if (!eligibility.data?.can_review) return null;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const text = comment.trim();
    const found = {
      ...(rating < 1 ? { rating: REVIEW_MESSAGES.rating } : {}),
      ...(text === ''
        ? { comment: REVIEW_MESSAGES.commentRequired }
        : text.length > REVIEW_COMMENT_MAX
          ? { comment: REVIEW_MESSAGES.commentTooLong }
          : {}),
    };
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      await postReview({ product_id: productId, rating, comment: text });
      setThanks(true);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: catalogQueries.reviews(productId).queryKey }),
        queryClient.invalidateQueries({ queryKey: catalogQueries.product(productId).queryKey }),
      ]);
    } catch (err) {
      setErrors(
        err instanceof ApiError
          ? { ...err.fields, form: err.message }
          : { form: 'Your review could not be sent. Please try again.' },
      );
    } finally {
      setSending(false);
    }
  };

  if (!open) {
    return (
      <Button variant="secondary" className="mb-6" onClick={() => setOpen(true)}>
        Write a review
      </Button>
    );
  }
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="write-review-heading"
      className="mb-8 max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6"
    >
      <h3 id="write-review-heading" className="text-lg font-semibold">
        Write a review
      </h3>
      {errors.form && <FormMessage kind="error">{errors.form}</FormMessage>}
      <div>
        <p className="mb-1 text-sm font-medium text-slate-700">Your rating</p>
        <StarPicker
          value={rating}
          onChange={(stars) => {
            setRating(stars);
            setErrors(({ rating: _fixed, ...rest }) => rest);
          }}
          label="Your rating"
          invalid={!!errors.rating}
        />
        {errors.rating && <p className="mt-1 text-sm text-red-600">{errors.rating}</p>}
      </div>
      <div>
        <label htmlFor="review-comment" className="mb-1 block text-sm font-medium text-slate-700">
          Comment
        </label>
        <textarea
          id="review-comment"
          rows={4}
          maxLength={REVIEW_COMMENT_MAX}
          value={comment}
          onChange={(e) => {
            setComment(e.target.value);
            setErrors(({ comment: _fixed, ...rest }) => rest);
          }}
          aria-invalid={!!errors.comment}
          className={inputClass}
        />
        {errors.comment && <p className="mt-1 text-sm text-red-600">{errors.comment}</p>}
      </div>
      <div className="flex gap-3">
        <Button type="submit" disabled={sending}>
          {sending ? 'Submitting...' : 'Submit Review'}
        </Button>
        <Button variant="ghost" onClick={() => setOpen(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
