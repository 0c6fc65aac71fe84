// Writing a review and asking whether one may (buyers only, once).
import { queryOptions } from '@tanstack/react-query';
import type { Review, ReviewCreate, ReviewEligibility } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const reviewEligibilityQuery = (productId: number) =>
  queryOptions({
    queryKey: ['reviews', productId, 'eligibility'],
    queryFn: () => api<ReviewEligibility>(`/reviews/eligibility/${productId}`),
    retry: false,
  });

export const postReview = (input: ReviewCreate) =>
  api<Review>('/reviews', { method: 'POST', body: input });
