// Search words: the synonyms search applies (built-in Swahili and English to begin with), edited
// as text, one word per line. Saved for every instance at once; bad lines are named, nothing typed
// is lost.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import {
  linesOf,
  parseLines,
  synonymsQuery,
  useSaveSynonyms,
  type SynonymList,
} from '../api/search-synonyms-api.ts';

function SynonymsForm({ list }: { list: SynonymList }) {
  const [text, setText] = useState(() => linesOf(list.synonyms));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveSynonyms();
  const notice = useNotice();
  const ids = { text: useId(), help: useId(), problem: useId() };

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseLines(text);
        if ('error' in parsed) return setProblem(`Line ${parsed.line}: ${parsed.error}`);
        setProblem(null);
        save.mutate(parsed.synonyms, {
          onSuccess: (saved) => {
            setText(linesOf(saved.synonyms));
            notice('success', 'Search words saved');
          },
          onError: (err) => setProblem(err.message),
        });
      }}
    >
      <label htmlFor={ids.text} className="mb-1 block text-sm font-medium text-slate-800">
        Words and what they mean
      </label>
      <p id={ids.help} className="mb-2 text-sm text-slate-600">
        One per line: the word shoppers type, a colon, then the words it also means, separated by
        commas (for example <code>viatu: shoe</code>). A word that names a category or a brand finds
        it; other words are looked for in product titles.
      </p>
      <textarea
        id={ids.text}
        value={text}
        onChange={(e) => setText(e.target.value)}
        rows={18}
        spellCheck={false}
        aria-describedby={problem ? `${ids.help} ${ids.problem}` : ids.help}
        aria-invalid={problem ? true : undefined}
        className="w-full rounded-lg border border-slate-300 p-3 font-mono text-sm focus:border-brand-600 focus:outline-none"
      />
      {problem && (
        <p id={ids.problem} role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <span className="text-sm text-slate-600">
          {list.built_in
            ? 'The built-in list: saving makes it yours.'
            : 'Every server uses the saved words within a second.'}
        </span>
      </div>
    </form>
  );
}

export default function SearchSynonymsPage() {
  useDocumentTitle('Search words');
  const list = useQuery(synonymsQuery());
  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">Search words</h1>
      {list.isPending ? (
        <LoadingText />
      ) : list.isError ? (
        <ErrorText>Could not load the search words: {list.error.message}</ErrorText>
      ) : (
        <SynonymsForm list={list.data} />
      )}
    </div>
  );
}
