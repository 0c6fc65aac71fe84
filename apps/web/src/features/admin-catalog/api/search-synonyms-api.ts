// The words search treats as meaning others (GET/PUT /api/admin/search/synonyms), and how the
// back office writes them: one per line, 'viatu: shoe' or 'simu: phone, smartphone'.
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { SynonymEntry } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export interface SynonymList {
  synonyms: SynonymEntry[];
  built_in: boolean;
}

export const synonymsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'search', 'synonyms'],
    queryFn: () => api<SynonymList>('/admin/search/synonyms'),
  });

export function useSaveSynonyms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (synonyms: SynonymEntry[]) =>
      api<SynonymList>('/admin/search/synonyms', { method: 'PUT', body: { synonyms } }),
    onSuccess: (saved) => queryClient.setQueryData(synonymsQuery().queryKey, saved),
  });
}

export const linesOf = (list: SynonymEntry[]) =>
  list.map((s) => `${s.term}: ${s.words.join(', ')}`).join('\n');

/** The entries written one per line, or the first line that cannot be read and why. */
export function parseLines(
  text: string,
): { synonyms: SynonymEntry[] } | { line: number; error: string } {
  const synonyms: SynonymEntry[] = [];
  const seen = new Map<string, number>();
  for (const [i, raw] of text.split('\n').entries()) {
    const line = i + 1;
    const content = raw.trim();
    if (!content || content.startsWith('#')) continue;
    const colon = content.indexOf(':');
    const term = content.slice(0, colon).trim();
    const words = content
      .slice(colon + 1)
      .split(',')
      .map((w) => w.trim())
      .filter(Boolean);
    if (colon < 0 || !term || words.length === 0) {
      return { line, error: 'Write the word, a colon, then what it means, e.g. viatu: shoe' };
    }
    if (term.length > 40 || words.some((w) => w.length > 40)) {
      return { line, error: 'Words are at most 40 characters' };
    }
    if (words.length > 10) return { line, error: 'At most 10 meanings per word' };
    const earlier = seen.get(term.toLowerCase());
    if (earlier) return { line, error: `'${term}' is already on line ${earlier}` };
    seen.set(term.toLowerCase(), line);
    synonyms.push({ term, words });
  }
  return { synonyms };
}
