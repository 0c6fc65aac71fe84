// What a query means besides its title words: the categories and brands it names, through
// plurals and synonyms ('laptop' → Laptops, "men's shoes" → Men's Shoes, 'viatu' → both shoe
// categories, 'samsung' → Samsung), and the words left over, which a product's title must still
// contain as typed or as a synonym ('kitanda' → a title saying 'bed'). Pure: the vocabulary and synonyms come from vocabulary.ts and synonyms.ts.
import { editDistance } from './edit-distance.ts';
import { keysOf, plain, singular, wordsOf } from './words.ts';

export interface VocabularyCategory {
  id: number;
  slug: string;
  name: string;
  /** The singular words of its name and slug, without filler ('and', '&'). */
  keys: ReadonlySet<string>;
}

export interface Vocabulary {
  categories: readonly VocabularyCategory[];
  /** Brand names and their words (plain). */
  brands: readonly { name: string; words: readonly string[] }[];
  /** Words of titles, brands, categories and synonyms, with how common each is: typo targets. */
  words: ReadonlyMap<string, number>;
}

/** A synonym's term (plain) → the words it also means (singular). */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

/** Words that join others and name nothing, in English and Swahili. */
export const FILLER = new Set([
  ...['a', 'an', 'and', 'the', 'of', 'for', 'with', 'in', 'on', 'by', 'to', 'from'],
  ...['na', 'ya', 'za', 'wa', 'la', 'cha', 'vya', 'kwa', 'kwenye', 'au'],
]);

/** Queries are bounded: words past these many are ignored when interpreting. */
const MAX_WORDS = 8;

export interface Concept {
  /** Category slugs the query names (a product in any of them qualifies). */
  categories: string[];
  /** Brand names the query names. */
  brands: string[];
  /** Words left over: the title holds, for each, one of its forms as a substring. */
  rest: string[][];
}

/** A query word and everything it stands for (singular forms). */
function meaningsOf(word: string, synonyms: SynonymMap): string[] {
  const one = singular(word);
  return [...new Set([one, ...(synonyms.get(word) ?? []), ...(synonyms.get(one) ?? [])])];
}

interface Phrasing {
  /** Synonyms of several words, split, the longest first. */
  phrases: string[][];
  /** Every word of those: never corrected. */
  inPhrases: ReadonlySet<string>;
}

/** Worked out once per synonym map (a map is replaced, never changed, when synonyms are saved). */
const phrasings = new WeakMap<SynonymMap, Phrasing>();

function phrasingOf(synonyms: SynonymMap): Phrasing {
  let found = phrasings.get(synonyms);
  if (!found) {
    const phrases = [...synonyms.keys()]
      .filter((k) => k.includes(' '))
      .map((k) => k.split(' '))
      .sort((a, b) => b.length - a.length);
    found = { phrases, inPhrases: new Set(phrases.flat()) };
    phrasings.set(synonyms, found);
  }
  return found;
}

/**
 * The query's words, with a synonym of several words ('kiti cha starehe') taken as one: it then
 * means only its synonyms, as its own words would mean something else ('kiti' is a chair).
 */
function tokensOf(words: string[], synonyms: SynonymMap): { word: string; meanings: string[] }[] {
  const { phrases } = phrasingOf(synonyms);
  const tokens: { word: string; meanings: string[] }[] = [];
  for (let i = 0; i < words.length;) {
    const phrase = phrases.find((p) => p.every((w, j) => words[i + j] === w));
    if (phrase) {
      const term = phrase.join(' ');
      tokens.push({ word: term, meanings: [...(synonyms.get(term) ?? [])] });
      i += phrase.length;
    } else {
      tokens.push({ word: words[i]!, meanings: meaningsOf(words[i]!, synonyms) });
      i += 1;
    }
  }
  return tokens;
}

/**
 * The categories and brands a query names, and its other words with what they stand for;
 * undefined when it names none and has no synonyms (then the title search is all there is).
 */
export function interpret(
  query: string,
  vocabulary: Vocabulary,
  synonyms: SynonymMap,
): Concept | undefined {
  const tokens = tokensOf(wordsOf(query).slice(0, MAX_WORDS), synonyms);
  const words = tokens.map((t) => t.word);
  const meanings = tokens.map((t) => t.meanings);
  const used = new Set<number>();

  // Categories: those that share the most words with the query ("men's shoes" picks Men's Shoes
  // over Women's Shoes; 'shoes' alone picks both).
  let best = 0;
  let categories: { slug: string; hits: number[] }[] = [];
  for (const category of vocabulary.categories) {
    const hits = meanings.flatMap((m, i) =>
      !FILLER.has(words[i]!) && m.some((k) => category.keys.has(k)) ? [i] : [],
    );
    if (hits.length === 0 || hits.length < best) continue;
    if (hits.length > best) categories = [];
    best = hits.length;
    categories.push({ slug: category.slug, hits });
  }
  for (const c of categories) c.hits.forEach((i) => used.add(i));

  // Brands: every word of the brand's name is in the query.
  const plainWords = words.map(plain);
  const brands = vocabulary.brands.filter((brand) => {
    const at = brand.words.map((w) => plainWords.indexOf(w));
    if (at.length === 0 || at.some((i) => i < 0)) return false;
    at.forEach((i) => used.add(i));
    return true;
  });

  const hasSynonyms = tokens.some((t) => t.meanings.length > 1 || t.word.includes(' '));
  if (categories.length === 0 && brands.length === 0 && !hasSynonyms) return undefined;
  const rest = meanings.filter((_, i) => !used.has(i) && !FILLER.has(words[i]!));
  return { categories: categories.map((c) => c.slug), brands: brands.map((b) => b.name), rest };
}

/** Is this word one the shop knows, as typed or in its singular? */
function isKnown(word: string, vocabulary: Vocabulary, synonyms: SynonymMap): boolean {
  return (
    FILLER.has(word) ||
    /^\p{N}+$/u.test(word) ||
    synonyms.has(word) ||
    vocabulary.words.has(word) ||
    vocabulary.words.has(singular(word))
  );
}

/**
 * The query with each unknown word replaced by the closest known word (one edit for words of up
 * to four letters, two beyond; the more common word on a tie), or undefined when nothing changes.
 */
export function correct(
  query: string,
  vocabulary: Vocabulary,
  synonyms: SynonymMap,
): string | undefined {
  const words = wordsOf(query).slice(0, MAX_WORDS);
  const { inPhrases } = phrasingOf(synonyms);
  let changed = false;
  const corrected = words.map((word) => {
    if (word.length < 3 || inPhrases.has(word) || isKnown(word, vocabulary, synonyms)) return word;
    const max = word.length <= 4 ? 1 : 2;
    let choice: { word: string; distance: number; weight: number } | undefined;
    const consider = (candidate: string, weight: number) => {
      const distance = editDistance(word, candidate, max);
      if (distance > max) return;
      if (
        !choice ||
        distance < choice.distance ||
        (distance === choice.distance && weight > choice.weight)
      ) {
        choice = { word: candidate, distance, weight };
      }
    };
    for (const [candidate, weight] of vocabulary.words) consider(candidate, weight);
    for (const term of synonyms.keys()) if (!term.includes(' ')) consider(term, 1);
    if (!choice) return word;
    changed = true;
    return choice.word;
  });
  return changed ? corrected.join(' ') : undefined;
}

/** A category's keys: the singular words of its name and slug, without filler. */
export function categoryKeys(name: string, slug: string): Set<string> {
  return new Set([...keysOf(name), ...keysOf(slug)].filter((k) => !FILLER.has(k)));
}
