// Text search over product titles. Every word of the query must occur in the title, in any order,
// as a substring, ignoring case and accents (SPEC §5's substring rule, applied per word). With the
// catalogue's default order the best matches come first, in three tiers:
//   0. the exact title;  1. every word a whole word or the start of one;  2. the other matches.
// Titles are compared through products.search_text (duka_search_text: unaccent, then lower case)
// and products.search_words (its full-text words, 'simple' configuration). The query's words go
// through the same function inside the SQL, so both sides are normalised alike; with parameters
// bound at planning time the planner sees constant patterns and picks its indexes accordingly.
import { and, not, sql, type SQL } from 'drizzle-orm';
import { products } from '../schema.ts';

/** A searched query: its distinct words, and the whole query with white space collapsed. */
export interface SearchTerms {
  words: string[];
  phrase: string;
  /**
   * The words to look up in the trigram index (word-stats.ts); the others are checked on the
   * rows it finds. Every word when undefined.
   */
  indexed?: ReadonlySet<string>;
  /**
   * For a looked-up word, three letters of it to look it up by instead (word-stats.ts): the index
   * then reads one list for the word rather than one per trigram, and the word itself is checked
   * on the rows found.
   */
  pieces?: ReadonlyMap<string, string>;
}

/** What of a query is searched: no title is longer, and each word costs an index lookup. */
export const QUERY_BOUNDS = { characters: 120, words: 12 };

/** The words of a query, split on white space; undefined for a blank query. */
export function searchTerms(q: string | undefined): SearchTerms | undefined {
  const split = [...(q ?? '').trim()]
    .slice(0, QUERY_BOUNDS.characters)
    .join('')
    .split(/\s+/u)
    .filter(Boolean)
    .slice(0, QUERY_BOUNDS.words);
  if (split.length === 0) return undefined;
  return { words: [...new Set(split)], phrase: split.join(' ') };
}

/** The columns searched: the products table's, or the same names in a subquery or CTE. */
export interface SearchColumns {
  text: SQL;
  words: SQL;
}
export const productSearchColumns: SearchColumns = {
  text: sql`${products.searchText}`,
  words: sql`${products.searchWords}`,
};

const normalised = (text: string) => sql`duka_search_text(${text})`;

/**
 * How what is computed from the query's words is written. `folded`: as it is, for a statement
 * planned with its values, where PostgreSQL computes it once while planning (and sees a constant
 * pattern to estimate with). `oncePerRun`: as a subquery, for a statement with a generic plan,
 * which would otherwise compute it again for every row it reads (unaccent and to_tsquery on each
 * of a walk's 2,000 rows).
 */
export type Computed = (value: SQL) => SQL;
export const folded: Computed = (value) => value;
export const oncePerRun: Computed = (value) => sql`(select ${value})`;

/** The normalised word, with LIKE's own characters (\ % _) escaped to be matched literally. */
const escaped = (word: string) =>
  sql`replace(replace(replace(${normalised(word)}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;

/** '%word%': the titles holding the word. */
const containsPattern = (word: string): SQL => sql`'%' || ${escaped(word)} || '%'`;

/**
 * '%piece%' for titles that may hold the word, when the piece is part of the normalised word (it
 * always should be; if it were not, the word's own pattern keeps the results right).
 */
const piecePattern = (word: string, piece: string): SQL =>
  sql`'%' || (case when strpos(${normalised(word)}, ${piece}::text) > 0 then ${piece}::text
    else ${escaped(word)} end) || '%'`;

/**
 * Every word is a substring of the title: the rule that decides what matches. `lookup`: the
 * trigram index should find them (LIKE, the index's operator, for the indexed words); otherwise
 * they are tested on rows found another way (strpos(): the same rule, and cheaper to plan, as
 * PostgreSQL estimates a LIKE against its whole sample of titles).
 */
export function matchesAllWords(
  terms: SearchTerms,
  on = productSearchColumns,
  lookup = true,
  computed = folded,
): SQL {
  const contains = (w: string) => sql`strpos(${on.text}, ${computed(normalised(w))}) > 0`;
  return and(
    ...terms.words.map((w) => {
      if (!lookup || (terms.indexed && !terms.indexed.has(w))) return contains(w);
      const piece = terms.pieces?.get(w);
      return piece === undefined
        ? sql`${on.text} like ${computed(containsPattern(w))}`
        : sql`${on.text} like ${computed(piecePattern(w, piece))} and ${contains(w)}`;
    }),
  )!;
}

/** Tier 0: the title is the query, ignoring case, accents and repeated spaces. */
export function isExactTitle(
  terms: SearchTerms,
  on = productSearchColumns,
  computed = folded,
): SQL {
  return sql`${on.text} = ${computed(normalised(terms.phrase))}`;
}

/** A word can only begin a word of the title if it has a letter or a digit. */
const hasWordCharacter = (word: string) => /[\p{L}\p{N}]/u.test(word);

/**
 * Tier 1: every word is a whole word of the title or the start of one ('sof' and 'sofa' for
 * 'Sofa Bed'), by a full-text prefix query. Undefined when a word has nothing a word is made of
 * (such as '%'): then no title can qualify, and asking would only make PostgreSQL complain.
 */
export function startsTitleWords(
  terms: SearchTerms,
  on = productSearchColumns,
  computed = folded,
): SQL | undefined {
  if (!terms.words.every(hasWordCharacter)) return undefined;
  // Each word quoted as a tsquery literal (' doubled, \ escaped) after normalising, then ':*'.
  const quoted = terms.words.map(
    (w) => sql`'''' || replace(replace(${normalised(w)}, '\\', '\\\\'), '''', '''''') || ''':*'`,
  );
  const query = sql.join(quoted, sql` || ' & ' || `);
  return sql`${on.words} @@ ${computed(sql`to_tsquery('simple'::regconfig, ${query})`)}`;
}

/** The conditions of the tiers, in order; each excludes the ones before it. */
export function rankTiers(terms: SearchTerms, on = productSearchColumns, computed = folded): SQL[] {
  const exact = isExactTitle(terms, on, computed);
  const prefix = startsTitleWords(terms, on, computed);
  if (!prefix) return [exact, not(exact)];
  return [exact, and(prefix, not(exact))!, and(not(prefix), not(exact))!];
}

/** Best match first, as an ORDER BY: the tiers, then catalogue order. */
export function bestMatchOrder(
  terms: SearchTerms,
  on: SearchColumns,
  id: SQL,
  computed = folded,
): SQL {
  const prefix = startsTitleWords(terms, on, computed);
  return sql.join(
    [sql`${isExactTitle(terms, on, computed)} desc`, ...(prefix ? [sql`${prefix} desc`] : []), id],
    sql`, `,
  );
}
