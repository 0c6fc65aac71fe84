// How query understanding sees text: accents off, lower case, apostrophes dropped ("men's" is
// "mens"), split into words of letters and digits. Plurals are folded to one form so that
// 'laptop' meets 'Laptops' and 'dresses' meets 'dress'. Only ever used to interpret a query; the
// substring rule of the title search (search.ts) still works on the text as typed.

/** Lower case without accents, like duka_search_text in the database. */
export const plain = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The words of a text: runs of letters and digits, apostrophes inside a word dropped. */
export function wordsOf(text: string): string[] {
  return plain(text)
    .replace(/['’‘`]/gu, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Irregular plurals a shop meets; the rest follow the English endings below. */
const IRREGULAR: Record<string, string> = {
  men: 'man',
  women: 'woman',
  children: 'child',
  feet: 'foot',
  knives: 'knife',
  shelves: 'shelf',
};
/** Words that end like a plural and are not one. */
const NOT_PLURAL = new Set(['glass', 'dress', 'mattress', 'bus', 'gas', 'lens', 'chess', 'news']);

/** One form for singular and plural: 'laptops' → 'laptop', 'dresses' → 'dress', "men's" → 'man'. */
export function singular(word: string): string {
  if (IRREGULAR[word]) return IRREGULAR[word];
  if (word.length < 4 || NOT_PLURAL.has(word) || /(ss|us|is)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) {
    const stem = word.slice(0, -1);
    return IRREGULAR[stem] ?? stem; // 'mens' (from "men's") → 'man'
  }
  return word;
}

/** The words of a text, each folded to its singular. */
export const keysOf = (text: string) => wordsOf(text).map(singular);
