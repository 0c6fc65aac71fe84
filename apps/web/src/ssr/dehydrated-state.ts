// The server's query cache travels to the browser inside the page as JSON (a data block, not a
// script: the Content-Security-Policy allows no inline scripts). Errors keep their ApiError shape,
// so a product that does not exist shows 'Product not found' on both sides of hydration.
import { dehydrate, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api-client.ts';

export const STATE_ELEMENT_ID = 'duka-state';

interface SerialisedApiError {
  $apiError: { status: number; message: string; code: string; fields: Record<string, string> };
}

export function serialiseState(client: QueryClient): string {
  const state = dehydrate(client, {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' ||
      (query.state.status === 'error' && query.state.error instanceof ApiError),
  });
  const json = JSON.stringify(state, (_key, value: unknown) =>
    value instanceof ApiError
      ? ({
          $apiError: {
            status: value.status,
            message: value.message,
            code: value.code,
            fields: value.fields,
          },
        } satisfies SerialisedApiError)
      : value,
  );
  // Safe inside <script type="application/json">: no '</script>' or comment can be formed.
  return json.replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/**
 * Parsed without a reviver, which would be called for every value of every product on the page:
 * an error can only be a query's `error` or `fetchFailureReason`, revived there.
 */
export function restoreState(client: QueryClient, json: string): void {
  const state = JSON.parse(json) as DehydratedState;
  for (const { state: query } of state.queries) {
    query.error = revived(query.error);
    query.fetchFailureReason = revived(query.fetchFailureReason);
  }
  hydrate(client, state);
}

function revived<T>(value: T): T {
  if (!value || typeof value !== 'object' || !('$apiError' in value)) return value;
  const e = (value as SerialisedApiError).$apiError;
  return new ApiError(e.status, e.message, e.code, e.fields) as T;
}
