// Placing the order refuses rather than surprises (decision 032): when the cart's code no longer
// applies (422 COUPON_REFUSED) or an offer ran out meanwhile (409 OFFER_CHANGED), the way to pay
// shows the server's words and step 3's summary is read again, so the new total is on screen.
import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { checkoutQueries } from './checkout-api.ts';

const REFUSALS = new Set(['COUPON_REFUSED', 'OFFER_CHANGED']);

export function isOfferRefusal(err: unknown): err is ApiError {
  return err instanceof ApiError && REFUSALS.has(err.code);
}

/** Call with a failed payment start's error: a refused offer refreshes the summary. */
export function useRefreshOnOfferRefusal(): (err: unknown) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (err: unknown) => {
      if (isOfferRefusal(err))
        void queryClient.invalidateQueries({ queryKey: checkoutQueries.summary().queryKey });
    },
    [queryClient],
  );
}
