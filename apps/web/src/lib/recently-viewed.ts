// Products this browser has looked at, newest first, for 'related products' in the account area.
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
