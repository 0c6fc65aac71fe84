// Which words of a search to look up in the trigram index. The index intersects one posting list
// per trigram of every word, so a query such as 'Tecno Heritage Backpack 471-C' reads the long
// lists of three common words to find what '471-c' alone would have found in a tenth of the time.
// PostgreSQL's own statistics tell common words from rare ones: ANALYZE keeps a sample of 1,000
// titles for search_text (the migration catalogue_counts_and_search), and a word found in none of them is rare (under about
// 0.3 % of the catalogue). When a search has rare words and common ones, only the rare ones are
// looked up; the common ones are checked on the few rows found. The sample is read once a few
// minutes per process: it only steers the plan, never what matches.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import type { SearchTerms } from './title-match.ts';

const REFRESH_MS = 5 * 60_000;
const samples = new WeakMap<Db, { at: number; titles: Promise<string[]> }>();

async function readSample(db: Db): Promise<string[]> {
  const rows = await queryRows<{ titles: string[] | null }>(
    db,
    sql`select coalesce(histogram_bounds::text::text[], '{}')
        || coalesce(most_common_vals::text::text[], '{}') as titles
      from pg_stats
      where schemaname = current_schema() and tablename = 'products' and attname = 'search_text'`,
  );
  return rows[0]?.titles ?? [];
}

function sampleOf(db: Db): Promise<string[]> {
  const cached = samples.get(db);
  if (cached && Date.now() - cached.at < REFRESH_MS) return cached.titles;
  const titles = readSample(db).catch(() => []);
  samples.set(db, { at: Date.now(), titles });
  return titles;
}

/** Close to duka_search_text (unaccent, lower case): good enough to estimate with. */
const roughlyNormalised = (word: string) =>
  word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Can the trigram index look this word up? Only a run of three letters or digits makes a
 * trigram; without one, PostgreSQL would read the whole index. Counted on plain ASCII, which
 * every locale's trigrams include.
 */
export const hasTrigram = (word: string) => /[a-z0-9]{3}/.test(roughlyNormalised(word));

/**
 * The terms with only the words that have a trigram to look up (of those chosen already): for a
 * statement planned without its values, which cannot tell for itself.
 */
export function withTrigramWords(terms: SearchTerms): SearchTerms {
  const chosen = terms.words.filter((w) => !terms.indexed || terms.indexed.has(w));
  const looked = chosen.filter(hasTrigram);
  return looked.length === terms.words.length ? terms : { ...terms, indexed: new Set(looked) };
}

/** The terms, with the words to look up in the index when only some are worth it. */
export async function withIndexedWords(db: Db, terms: SearchTerms): Promise<SearchTerms> {
  if (terms.words.length < 2) return terms;
  const sample = await sampleOf(db);
  if (sample.length < 100) return terms;
  // Three characters make a trigram: shorter words cannot be looked up anyway.
  const rare = terms.words.filter((w) => {
    const word = roughlyNormalised(w);
    return word.length >= 3 && !sample.some((title) => title.includes(word));
  });
  if (rare.length === 0 || rare.length === terms.words.length) return terms;
  return { ...terms, indexed: new Set(rare) };
}
