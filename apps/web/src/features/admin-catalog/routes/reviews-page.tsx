// Every review (SPEC §2.14): two columns of cards, 6 a page; each names its product by title,
// where the specification shows its id (issue 33).
import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { HalfStars } from '../../../components/ui/half-stars.tsx';
import { NumberedPager } from '../../../components/ui/numbered-pager.tsx';
import { EmptyText, ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDate } from '../../../lib/dates.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { adminReviewsQuery, setReviewHidden } from '../api/reviews-admin-api.ts';

const PAGE_SIZE = 6;

/** 'Showing X to Y of N entries', with X = Y = 0 when there are none. */
export function showingText(skip: number, shown: number, total: number): string {
  const from = shown === 0 ? 0 : skip + 1;
  return `Showing ${from} to ${skip + shown} of ${total} entries`;
}

export default function ReviewsPage() {
  useDocumentTitle('Reviews');
  const [page, setPage] = useState(1);
  const reviews = useQuery(adminReviewsQuery(page, PAGE_SIZE));
  const queryClient = useQueryClient();
  // Hiding takes a review off the product page and out of its rating (the server recomputes it).
  const visibility = useMutation({
    mutationFn: ({ id, hidden }: { id: number; hidden: boolean }) => setReviewHidden(id, hidden),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin', 'reviews'] }),
  });

  return (
    <div className="mx-auto max-w-6xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Reviews</h1>
      {reviews.isPending ? (
        <LoadingText />
      ) : reviews.isError ? (
        <ErrorText>Error: {reviews.error.message}</ErrorText>
      ) : reviews.data.total === 0 ? (
        <EmptyText>No reviews yet.</EmptyText>
      ) : (
        <>
          <ul className="grid gap-4 md:grid-cols-2">
            {reviews.data.reviews.map((review) => (
              <li key={review.id}>
                <article
                  className={`flex h-full flex-col gap-3 rounded-xl border border-slate-200 p-5 shadow-sm ${review.hidden ? 'bg-slate-50 opacity-75' : 'bg-white'}`}
                >
                  <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
                    <div className="min-w-0">
                      <h2 className="font-semibold text-slate-900">{review.reviewer_name}</h2>
                      <p className="text-sm wrap-anywhere text-slate-500">
                        {review.reviewer_email}
                      </p>
                    </div>
                    <HalfStars rating={review.rating} size={24} />
                  </header>
                  <p className="flex-1 text-slate-700">{review.comment}</p>
                  <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
                    {review.verified_purchase && (
                      <span className="text-brand-700">✓ Verified purchase</span>
                    )}
                    {review.hidden && (
                      <span className="rounded bg-slate-200 px-2 py-0.5 text-slate-700">
                        Hidden
                      </span>
                    )}
                    <Button
                      variant="secondary"
                      className="ml-auto !px-3 !py-1"
                      disabled={visibility.isPending}
                      onClick={() => visibility.mutate({ id: review.id, hidden: !review.hidden })}
                    >
                      {review.hidden ? 'Show review' : 'Hide review'}
                    </Button>
                  </div>
                  <footer className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 pt-3 text-sm text-slate-500">
                    <span>
                      Product:{' '}
                      <Link
                        to={`/products/${review.product_id}`}
                        className="font-medium text-brand-700 hover:underline"
                      >
                        {review.product_title}
                      </Link>
                    </span>
                    <time dateTime={review.date}>{formatNairobiDate(review.date)}</time>
                  </footer>
                </article>
              </li>
            ))}
          </ul>
          <div className="mt-6 flex flex-col items-center gap-3 md:flex-row md:justify-between">
            <p className="text-sm text-slate-600" aria-live="polite">
              {showingText(reviews.data.skip, reviews.data.reviews.length, reviews.data.total)}
            </p>
            <NumberedPager
              page={page}
              pageCount={Math.ceil(reviews.data.total / PAGE_SIZE)}
              onPageChange={setPage}
              windowSize={5}
              ends
              label="Reviews pages"
            />
          </div>
        </>
      )}
    </div>
  );
}
