// The synonyms in force: the admin's saved list (search_synonyms), or the built-in one until the
// admin saves. Saving bumps a version that every instance reads with its catalogue signature
// (understanding.ts), so the change applies everywhere within a second.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchSynonyms } from '../schema.ts';
import { BUILT_IN_SYNONYMS, type Synonym } from './built-in-synonyms.ts';
import type { SynonymMap } from './interpret.ts';
import { plain, singular, wordsOf } from './words.ts';
import type { AuditTrail } from '../../audit/trail.ts';

export interface SavedSynonyms {
  synonyms: Synonym[];
  /** 0 while the built-in list applies. */
  version: number;
}

export async function readSynonyms(db: Db): Promise<SavedSynonyms> {
  const [row] = await db.select().from(searchSynonyms).where(eq(searchSynonyms.id, 1));
  return row
    ? { synonyms: row.entries, version: row.version }
    : { synonyms: [...BUILT_IN_SYNONYMS], version: 0 };
}

/** Replaces the list; terms and words are kept in lower case, without accents. */
export async function saveSynonyms(
  db: Db,
  list: Synonym[],
  audit?: AuditTrail,
): Promise<SavedSynonyms> {
  const entries = list.map((s) => ({
    term: wordsOf(s.term).join(' '),
    words: [...new Set(s.words.map((w) => wordsOf(w).join(' ')))].filter(Boolean),
  }));
  return db.transaction(async (tx) => {
    const before = await readSynonyms(tx);
    const [row] = await tx
      .insert(searchSynonyms)
      .values({ id: 1, entries, version: 1 })
      .onConflictDoUpdate({
        target: searchSynonyms.id,
        set: { entries, version: sql`${searchSynonyms.version} + 1`, updatedAt: sql`now()` },
      })
      .returning();
    await audit?.record(tx, {
      action: 'search.synonyms.update',
      entity: 'search_synonyms',
      entityId: null,
      before: { synonyms: before.synonyms },
      after: { synonyms: row!.entries },
    });
    return { synonyms: row!.entries, version: row!.version };
  });
}

/** The lookup interpret() uses: a term as typed (and in its singular) → singular words. */
export function synonymMap(list: readonly Synonym[]): SynonymMap {
  const map = new Map<string, string[]>();
  for (const { term, words } of list) {
    const key = plain(term);
    const meant = words.flatMap((w) => wordsOf(w).map(singular));
    for (const k of new Set([key, singular(key)])) {
      map.set(k, [...new Set([...(map.get(k) ?? []), ...meant])]);
    }
  }
  return map;
}
