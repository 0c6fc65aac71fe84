import { useSyncExternalStore } from 'react';
import { getAccessToken, subscribeTokens } from './session-tokens.ts';

/** The access token of this tab's session, re-rendering when it changes. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeTokens, getAccessToken, () => null);
}
