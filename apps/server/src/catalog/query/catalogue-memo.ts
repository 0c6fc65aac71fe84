// What this instance learnt about a search that holds while the catalogue's generation and size
// stand (understanding.ts reads them at most a second ago): which products a search matches never
// depends on prices, stock or ratings, so how many there are, or whether there are more than a
// count reads, need not be asked of the database again. Bounded; the oldest entry goes first.
import type { Db } from '../../db/client.ts';
import { catalogueVersion } from './understanding.ts';

const MAX_ENTRIES = 5000;

export class CatalogueMemo<T> {
  private readonly byDb = new WeakMap<Db, Map<string, { version: string; value: T }>>();

  /** The value remembered for `key`, if the catalogue has not changed since. */
  get(db: Db, key: string): T | undefined {
    const entry = this.byDb.get(db)?.get(key);
    const version = catalogueVersion(db);
    return entry && version !== undefined && entry.version === version ? entry.value : undefined;
  }

  /** Remembers `value` for the catalogue as this instance last read it (if it has read it). */
  set(db: Db, key: string, value: T): void {
    const version = catalogueVersion(db);
    if (version === undefined) return;
    let map = this.byDb.get(db);
    if (!map) this.byDb.set(db, (map = new Map()));
    map.delete(key);
    map.set(key, { version, value });
    if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
  }
}
