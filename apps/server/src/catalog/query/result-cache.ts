// Which products a search found, reused for a few seconds by this instance (SEARCH_CACHE_SECONDS):
// shoppers repeat the same searches, and finding them costs far more than showing them. Only the
// ids and the total are kept; the cards are read fresh each time, so a price or a stock figure is
// never stale, and a product added or renamed shows in search within the same few seconds.
export interface FoundIds {
  ids: number[];
  total: number;
  capped: boolean;
  correctedQuery?: string;
}

const MAX_ENTRIES = 2000;

export class SearchCache<T = FoundIds> {
  private readonly entries = new Map<string, { at: number; found: T }>();
  constructor(private readonly ttlMs: number) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.at >= this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.found;
  }

  set(key: string, found: T): void {
    if (this.ttlMs <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { at: Date.now(), found });
    // The oldest entry goes first (a Map keeps insertion order).
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
