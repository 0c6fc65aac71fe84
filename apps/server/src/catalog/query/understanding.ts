// Each instance's view of what queries can mean: the vocabulary (categories, brands, title words)
// and the synonyms. Built once, then kept fresh by one small query at most once a second (the
// catalogue's generation and size, the synonyms' version): synonyms are re-read as soon as they
// change, the vocabulary at most once a minute while the catalogue changes (reading title words
// samples up to 10,000 products). Searches never wait for a refresh, only for the first build.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { categories, catalogGeneration, productCounts, searchSynonyms } from '../schema.ts';
import { queryRows } from '../../lib/sql.ts';
import { categoryKeys, type SynonymMap, type Vocabulary } from './interpret.ts';
import { readSynonyms, synonymMap } from './synonyms.ts';
import { wordsOf } from './words.ts';

export interface Understanding {
  vocabulary: Vocabulary;
  synonyms: SynonymMap;
}

const CHECK_MS = 1000;
const VOCABULARY_MIN_AGE_MS = 60_000;
/** Titles read for their words: all of a small catalogue, a sample of a large one. */
const WORD_SAMPLE = 10_000;
/** Category and brand words outrank any title word when correcting a typo. */
const NAMED = Number.MAX_SAFE_INTEGER;

interface Signature {
  generation: number;
  products: number;
  synonyms: number;
}

interface State {
  current: Promise<Understanding>;
  signature: Signature;
  /** The catalogue's generation and size at the last check: what a product's membership in a
   * search's results can depend on (not prices, stock or ratings). */
  catalogue: string;
  checkedAt: number;
  vocabularyAt: number;
  checking?: Promise<void>;
}

const states = new WeakMap<Db, State>();

const catalogueOf = (s: Signature) => `${s.generation}:${s.products}`;

/** The catalogue's version as this instance last read it (at most a second ago). */
export const catalogueVersion = (db: Db) => states.get(db)?.catalogue;

/** What a search's results depend on besides its words: the catalogue and the synonyms in force. */
export function searchVersion(db: Db): string {
  const state = states.get(db);
  return state ? `${state.catalogue}/${state.signature.synonyms}` : '';
}

async function readSignature(db: Db): Promise<Signature> {
  const [row] = await queryRows<Signature>(
    db,
    sql`select (select n from ${catalogGeneration})::float8 as generation,
      (select coalesce(sum(${productCounts.products}), 0) from ${productCounts})::float8 as products,
      coalesce((select ${searchSynonyms.version} from ${searchSynonyms}), 0)::float8 as synonyms`,
  );
  return {
    generation: Number(row?.generation ?? 0),
    products: Number(row?.products ?? 0),
    synonyms: Number(row?.synonyms ?? 0),
  };
}

async function readVocabulary(db: Db, productCount: number): Promise<Vocabulary> {
  const sampled =
    productCount <= WORD_SAMPLE
      ? 'select search_words from products'
      : `select search_words from products tablesample system (${Math.max(
          0.01,
          (100 * WORD_SAMPLE) / productCount,
        ).toFixed(3)})`;
  const [categoryRows, brandRows, wordRows] = await Promise.all([
    db.select({ id: categories.id, slug: categories.slug, name: categories.name }).from(categories),
    queryRows<{ brand: string }>(
      db,
      sql`select ${productCounts.brand} as brand from ${productCounts}
        group by ${productCounts.brand} having sum(${productCounts.products}) > 0`,
    ),
    queryRows<{ word: string; ndoc: number }>(
      db,
      // Words with digits (model numbers, sizes) are never a typo's target.
      sql`select word, ndoc from ts_stat(${sampled}) where length(word) >= 3 and word !~ '[0-9]'
        order by ndoc desc limit 50000`,
    ),
  ]);
  const words = new Map<string, number>(wordRows.map((r) => [r.word, Number(r.ndoc)]));
  const vocabularyCategories = categoryRows.map((c) => ({
    ...c,
    keys: categoryKeys(c.name, c.slug),
  }));
  for (const c of vocabularyCategories) for (const k of c.keys) words.set(k, NAMED);
  const brands = brandRows.map((b) => ({ name: b.brand, words: wordsOf(b.brand) }));
  for (const b of brands) for (const w of b.words) words.set(w, NAMED);
  return { categories: vocabularyCategories, brands, words };
}

async function build(db: Db, signature: Signature): Promise<Understanding> {
  const [vocabulary, saved] = await Promise.all([
    readVocabulary(db, signature.products),
    readSynonyms(db),
  ]);
  return { vocabulary, synonyms: synonymMap(saved.synonyms) };
}

async function check(db: Db, state: State): Promise<void> {
  const signature = await readSignature(db);
  state.catalogue = catalogueOf(signature);
  const catalogueChanged =
    signature.generation !== state.signature.generation ||
    signature.products !== state.signature.products;
  const vocabularyDue =
    catalogueChanged && Date.now() - state.vocabularyAt >= VOCABULARY_MIN_AGE_MS;
  if (signature.synonyms === state.signature.synonyms && !vocabularyDue) return;
  const before = await state.current;
  const [vocabulary, synonyms] = await Promise.all([
    vocabularyDue ? readVocabulary(db, signature.products) : before.vocabulary,
    signature.synonyms !== state.signature.synonyms
      ? readSynonyms(db).then((s) => synonymMap(s.synonyms))
      : before.synonyms,
  ]);
  state.current = Promise.resolve({ vocabulary, synonyms });
  state.signature = vocabularyDue
    ? signature
    : { ...state.signature, synonyms: signature.synonyms };
  if (vocabularyDue) state.vocabularyAt = Date.now();
}

/** This instance's understanding; refreshed in the background when it may be out of date. */
export async function understandingOf(db: Db): Promise<Understanding> {
  let state = states.get(db);
  if (!state) {
    const signature = await readSignature(db);
    state = states.get(db) ?? {
      current: build(db, signature),
      signature,
      catalogue: catalogueOf(signature),
      checkedAt: Date.now(),
      vocabularyAt: Date.now(),
    };
    states.set(db, state);
    state.current.catch(() => states.delete(db));
    return state.current;
  }
  if (!state.checking && Date.now() - state.checkedAt >= CHECK_MS) {
    const s = state;
    s.checkedAt = Date.now();
    s.checking = check(db, s)
      .catch(() => undefined) // the last good view serves until the next check
      .finally(() => (s.checking = undefined));
  }
  return state.current;
}

/** Rebuild now (tests, and after a bulk import): the next search sees the catalogue as it is. */
export async function refreshUnderstanding(db: Db): Promise<void> {
  const signature = await readSignature(db);
  const current = build(db, signature);
  await current;
  states.set(db, {
    current,
    signature,
    catalogue: catalogueOf(signature),
    checkedAt: Date.now(),
    vocabularyAt: Date.now(),
  });
}
