// Which words of a search to look up in the trigram index. The index intersects one posting list
// per trigram of every word, so a query such as 'Tecno Heritage Backpack 471-C' reads the long
// lists of three common words to find what '471-c' alone would have found in a tenth of the time.
// PostgreSQL's own statistics tell common words from rare ones: ANALYZE keeps a sample of 1,000
// titles for search_text (the migration catalogue_counts_and_search), and a word found in none of them is rare (under about
// 0.3 % of the catalogue). When a search has rare words and common ones, only the rare ones are
// looked up; the common ones are checked on the few rows found. The sample is read once a few
// minutes per process: it only steers the plan, never what matches.
// When every word is common, each is looked up by the three of its letters that the fewest sampled
// titles hold, if at most a quarter more titles hold them than the word (withPieces): 'dress
// heritage' then reads two posting lists instead of nine ('dre', 'rit'; 8.7 → 2.6 ms at a million
// products).
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../lib/sql.ts';
import type { SearchTerms } from './title-match.ts';

const REFRESH_MS = 5 * 60_000;
interface Sample {
  at: number;
  titles: Promise<string[]>;
  /** Each common word's piece (or none) as this sample tells. */
  pieces: Map<string, string | null>;
  /** Whether each word looked at is in a sampled title: searches repeat their words. */
  common: Map<string, boolean>;
}
const samples = new WeakMap<Db, Sample>();
/** Words whose piece, or whether common, an instance keeps: searches repeat their words. */
const MAX_PIECES = 10_000;

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

function sampleOf(db: Db): Sample {
  const cached = samples.get(db);
  if (cached && Date.now() - cached.at < REFRESH_MS) return cached;
  const sample: Sample = {
    at: Date.now(),
    titles: readSample(db).catch(() => []),
    pieces: new Map(),
    common: new Map(),
  };
  samples.set(db, sample);
  return sample;
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
  const sample = sampleOf(db);
  const titles = await sample.titles;
  if (titles.length < 100) return terms;
  // Three characters make a trigram: shorter words cannot be looked up anyway.
  const rare = terms.words.filter((w) => {
    const word = roughlyNormalised(w);
    return word.length >= 3 && !isCommon(word, sample, titles);
  });
  if (rare.length === terms.words.length) return terms;
  if (rare.length > 0) return { ...terms, indexed: new Set(rare) };
  return withPieces(terms, sample, titles);
}

/** What `compute` gives for `word`, kept in `memo` (emptied when full: words come and go). */
function kept<T>(memo: Map<string, T>, word: string, compute: () => T): T {
  let value = memo.get(word);
  if (value === undefined) {
    if (memo.size >= MAX_PIECES) memo.clear();
    value = compute();
    memo.set(word, value);
  }
  return value;
}

/** Is the word in a sampled title? A rare word is looked for in every one of them. */
const isCommon = (word: string, sample: Sample, titles: readonly string[]) =>
  kept(sample.common, word, () => titles.some((title) => title.includes(word)));

/** Every word common: each looked up by its narrowest piece, where the sample vouches for one. */
function withPieces(terms: SearchTerms, sample: Sample, titles: string[]): SearchTerms {
  const pieces = new Map<string, string>();
  for (const w of terms.words) {
    const piece = kept(
      sample.pieces,
      w,
      () => narrowestPiece(roughlyNormalised(w), titles) ?? null,
    );
    if (piece !== null) pieces.set(w, piece);
  }
  return pieces.size === 0 ? terms : { ...terms, pieces };
}

/**
 * The three letters or digits of `word` that the fewest sampled titles hold, when they are held by
 * at most a quarter more titles than the word itself: then looking them up finds few titles the
 * word is not in. A word of three or fewer has no narrower piece.
 */
export function narrowestPiece(word: string, titles: readonly string[]): string | undefined {
  if (word.length <= 3) return undefined;
  const holding = (text: string) => titles.reduce((n, t) => (t.includes(text) ? n + 1 : n), 0);
  const ofWord = holding(word);
  if (ofWord === 0) return undefined;
  let best: { piece: string; titles: number } | undefined;
  for (let i = 0; i + 3 <= word.length; i++) {
    const piece = word.slice(i, i + 3);
    if (!/^[a-z0-9]{3}$/.test(piece)) continue;
    const n = holding(piece);
    if (!best || n < best.titles) best = { piece, titles: n };
  }
  return best && best.titles <= ofWord + Math.max(1, ofWord / 4) ? best.piece : undefined;
}
