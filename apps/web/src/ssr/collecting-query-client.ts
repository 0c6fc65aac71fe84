// The server renders a page in passes: each pass notes the queries its components ask for, the
// missing ones are fetched, and the next pass renders with their data. So the server needs no
// list of what each page loads: it loads what the page's own components ask for.
import {
  QueryClient,
  skipToken,
  type DefaultError,
  type DefaultedQueryObserverOptions,
  type QueryKey,
  type QueryObserverOptions,
} from '@tanstack/react-query';

type AnyOptions = DefaultedQueryObserverOptions<unknown, DefaultError, unknown, unknown, QueryKey>;

export class CollectingQueryClient extends QueryClient {
  readonly #asked = new Map<string, AnyOptions>();

  constructor() {
    // One try: the answer comes from this process, and a page must not wait on retries.
    super({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  }

  override defaultQueryOptions<
    TQueryFnData = unknown,
    TError = DefaultError,
    TData = TQueryFnData,
    TQueryData = TQueryFnData,
    TQueryKey extends QueryKey = QueryKey,
    TPageParam = never,
  >(
    options:
      | QueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey, TPageParam>
      | DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey>,
  ): DefaultedQueryObserverOptions<TQueryFnData, TError, TData, TQueryData, TQueryKey> {
    const defaulted = super.defaultQueryOptions(options);
    // Only what the browser would fetch at once: enabled, with a query function.
    if (defaulted.enabled === true || defaulted.enabled === undefined) {
      if (defaulted.queryFn && defaulted.queryFn !== skipToken) {
        this.#asked.set(defaulted.queryHash, defaulted as unknown as AnyOptions);
      }
    }
    return defaulted;
  }

  /** Fetches what the last pass asked for and does not have; false when nothing was missing. */
  async fetchMissing(): Promise<boolean> {
    // A query answered, even with an error, is not asked again: the page renders what it got.
    const missing = [...this.#asked.values()].filter(
      (options) =>
        !['success', 'error'].includes(this.getQueryState(options.queryKey)?.status ?? ''),
    );
    this.#asked.clear();
    if (missing.length === 0) return false;
    await Promise.all(missing.map((options) => this.prefetchQuery(options)));
    return true;
  }
}
