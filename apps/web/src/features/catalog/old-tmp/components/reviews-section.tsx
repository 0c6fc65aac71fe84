import { useQuery } from '@tanstack/react-query';
import { Stars } from '../../../../components/ui/stars.tsx';
import { formatNairobiDate } from '../../../../lib/dates.ts';
import { catalogQueries } from '../../api/catalog-api.ts';
import { WriteReview } from './write-review.tsx';

export function ReviewsSection({ productId }: { productId: number }) {
  const reviews = useQuery(catalogQueries.reviews(productId));
  return (
    <section aria-labelledby="reviews-heading" className="mt-12">
      <h2 id="reviews-heading" className="mb-4 text-xl font-semibold">
        Customer Reviews
      </h2>
      <WriteReview productId={productId} />
      {reviews.isPending ? (
        <p className="text-slate-500">Loading...</p>
      ) : reviews.isError || reviews.data.reviews.length === 0 ? (
        // A failed load only hides the reviews (SPEC §8: logged, not shown).
        <p className="text-slate-600">No reviews yet.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {reviews.data.reviews.map((review) => (
            <li key={review.id} className="rounded-xl border border-slate-200 p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-medium">{review.reviewer_name}</p>
                <time dateTime={review.date} className="text-sm text-slate-500">
                  {formatNairobiDate(review.date)}
                </time>
              </div>
              <Stars rating={review.rating} className="my-1" />
              {review.verified_purchase && (
                <p className="mb-1 text-xs font-semibold text-brand-700">✓ Verified purchase</p>
              )}
              <p className="text-slate-700">{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
