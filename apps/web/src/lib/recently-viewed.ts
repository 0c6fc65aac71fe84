// Products the signed-in shopper has looked at in this browser, newest first, for 'related
// products' in the account area. Nothing is remembered for a visitor who is not signed in, and
// log-out forgets the list (a page still on screen after log-out cannot write it again).
import { getAccessToken } from './session-tokens.ts';

const KEY = 'duka:recently-viewed';
const MAX = 12;

export interface Viewed {
  id: number;
  category: string;
}

export function recentlyViewed(): Viewed[] {
  try {
    const parsed: unknown = JSON.parse(window.localStorage.getItem(KEY) ?? '[]');
    return Array.isArray(parsed)
      ? parsed.filter(
          (v): v is Viewed => typeof v?.id === 'number' && typeof v?.category === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export function rememberViewed(item: Viewed): void {
  if (!getAccessToken()) return;
  try {
    const next = [item, ...recentlyViewed().filter((v) => v.id !== item.id)].slice(0, MAX);
    window.localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: nothing to remember, nothing lost.
  }
}

/** Log-out: the next person at this browser does not see what this one looked at. */
export function forgetViewed(): void {
  try {
    window.localStorage.removeItem(KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}
