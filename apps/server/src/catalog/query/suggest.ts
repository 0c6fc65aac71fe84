// Suggestions as the shopper types: the categories and brands the words name or begin (the
// category a synonym names first: 'viatu' → the shoe categories), then products whose titles
// match, best first, through the title search. At most MAX_SUGGESTIONS.
import { MAX_SUGGESTIONS, type Suggestion } from '@duka/domain';
import type { Db } from '../../db/client.ts';
import { listPage, type CardRow } from '../repo.ts';
import { searchListing } from './listing.ts';
import { searchTerms } from './title-match.ts';
import { interpret, type Vocabulary } from './interpret.ts';
import { understandingOf } from './understanding.ts';
import { plain, singular, wordsOf } from './words.ts';

const AT_MOST = { category: 3, brand: 3 };
const page = (limit: number) => ({ skip: 0, limit });

/** Every typed word begins a word of the name (the last one may be half typed). */
function begins(typed: string[], name: string): boolean {
  const words = wordsOf(name);
  return typed.every((t) => words.some((w) => w.startsWith(t) || singular(w) === singular(t)));
}

function namedCategories(vocabulary: Vocabulary, typed: string[], named: string[]) {
  const byName = vocabulary.categories.filter(
    (c) => !named.includes(c.slug) && begins(typed, c.name),
  );
  const first = vocabulary.categories.filter((c) => named.includes(c.slug));
  return [...first, ...byName].slice(0, AT_MOST.category);
}

export async function suggest(db: Db, q: string): Promise<Suggestion[]> {
  const typed = wordsOf(q);
  if (typed.length === 0) return [];
  const { vocabulary, synonyms } = await understandingOf(db);
  const concept = interpret(q, vocabulary, synonyms);
  const categories = namedCategories(vocabulary, typed, concept?.categories ?? []);
  const brands = vocabulary.brands
    .filter((b) => concept?.brands.includes(b.name) || begins(typed, b.name))
    .slice(0, AT_MOST.brand);
  const found: Suggestion[] = [
    ...categories.map((c) => ({
      type: 'category' as const,
      label: c.name,
      url: `/products?category=${encodeURIComponent(c.slug)}`,
    })),
    ...brands.map((b) => ({
      type: 'brand' as const,
      label: b.name,
      url: `/products?brand=${encodeURIComponent(b.name)}`,
    })),
  ];
  const terms = searchTerms(q);
  // Titles are looked up by trigrams: a word of three letters or more is needed (two letters
  // alone would read the whole catalogue to find a rare pair).
  if (!terms || !terms.words.some((w) => [...plain(w)].length >= 3)) return found;
  const room = () => MAX_SUGGESTIONS - found.length;
  const add = (rows: CardRow[]) =>
    found.push(
      ...rows
        .filter((r) => !found.some((s) => s.url === `/products/${r.id}`))
        .slice(0, room())
        .map((r) => ({
          type: 'product' as const,
          label: r.title,
          label_sw: r.titleSw,
          url: `/products/${r.id}`,
        })),
    );
  if (room() > 0) add((await searchListing(db, { search: terms }, 'best', page(room()))).rows);
  // Titles that do not say it ('lap' → the laptops): the first category suggested.
  if (room() > 0 && categories[0]) {
    add((await listPage(db, { categorySlug: categories[0].slug }, 'id', page(room()))).rows);
  }
  return found;
}
