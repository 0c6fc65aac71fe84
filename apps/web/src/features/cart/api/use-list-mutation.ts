// The optimistic machinery shared by every cart and wishlist change (SPEC §4): the cached lists
// change first; a failed call shows a notice and leaves the change on screen, but marks the lists
// stale so that the next screen to load them shows the server's truth.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { QUANTITY_CAP_CODE } from '@duka/domain/cart/quantity-cap';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { useCartText } from '../text.ts';

export type ListKey = 'cart' | 'wishlist';
const LISTS: ListKey[] = ['cart', 'wishlist'];

/** Changes a cached list in place; a list not loaded yet is left alone (it will be fetched). */
export type Edit = <T>(key: ListKey, change: (lines: T[]) => T[]) => void;

export interface ListMutation<V, R> {
  request: (vars: V) => Promise<R>;
  /** What the screen shows at once, before the server answers. */
  optimistic: (vars: V, edit: Edit) => void;
  /** Puts the server's answer in place of the stand-in, when there is one. */
  confirmed?: (data: R, edit: Edit) => void;
  /** The notices, in the page's language. */
  success?: string;
  failure: string;
  /** For adds: what a shopper whose session has ended is told, on the way to /login. */
  loggedOut?: string;
}

function editOf(queryClient: QueryClient): Edit {
  return <T>(key: ListKey, change: (lines: T[]) => T[]) =>
    queryClient.setQueryData<T[]>([key], (lines) => (lines ? change(lines) : lines));
}

/**
 * The server's own words for a refusal it explains (already there, out of stock, gone), put in the
 * page's language by `translate`.
 */
export function messageOf(
  err: unknown,
  fallback: string,
  translate: (err: ApiError) => string = (err) => err.message,
): string {
  return err instanceof ApiError && [404, 409, 422].includes(err.status)
    ? translate(err)
    : fallback;
}

/**
 * The server's refusal in the page's language. The cap's names its number ('at most 10'), so it is
 * said from the cart's catalogue; the others are known by their English sentence.
 */
function useRefusalText(): (err: ApiError) => string {
  const t = useCartText();
  const serverText = useMessageText();
  return (err) => {
    const cap = err.code === QUANTITY_CAP_CODE ? /\d+/.exec(err.message)?.[0] : undefined;
    return cap ? t('cartLines.quantityCap', { cap: Number(cap) }) : serverText(err.message);
  };
}

export function useListMutation<V, R>(m: ListMutation<V, R>) {
  const queryClient = useQueryClient();
  const notice = useNotice();
  const navigate = useNavigate();
  const refusalText = useRefusalText();
  const edit = editOf(queryClient);
  return useMutation({
    mutationFn: m.request,
    onMutate: async (vars: V) => {
      // A fetch already under way would overwrite the change with what it read before.
      await Promise.all(LISTS.map((key) => queryClient.cancelQueries({ queryKey: [key] })));
      const unloaded = LISTS.filter((key) => queryClient.getQueryData([key]) === undefined);
      m.optimistic(vars, edit);
      return { unloaded };
    },
    onSuccess: (data) => {
      m.confirmed?.(data, edit);
      if (m.success) notice('success', m.success);
      void queryClient.invalidateQueries({ queryKey: ['checkout'] });
    },
    onError: (err) => {
      for (const key of LISTS)
        void queryClient.invalidateQueries({ queryKey: [key], refetchType: 'none' });
      if (m.loggedOut && err instanceof ApiError && err.status === 401) {
        notice('error', m.loggedOut);
        void navigate('/login');
        return;
      }
      notice('error', messageOf(err, m.failure, refusalText));
    },
    onSettled: (_data, _err, _vars, context) => {
      for (const key of context?.unloaded ?? [])
        void queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
