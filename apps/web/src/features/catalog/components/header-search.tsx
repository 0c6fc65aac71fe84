// The header's search box (SPEC §2.2) with suggestions as one types: an ARIA 1.2 combobox whose
// listbox offers categories, brands and products. Arrow keys move through them, Enter opens the
// one chosen (or, with none chosen, searches as the specification says), Escape closes the list.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Suggestion } from '@duka/domain';
import { localePrefix } from '@duka/domain/i18n/locale';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { catalogQueries } from '../api/catalog-api.ts';
import { useCatalogText } from '../text.ts';

const TYPE_LABELS = {
  category: 'headerSearch.category',
  brand: 'headerSearch.brand',
  product: 'headerSearch.product',
} as const satisfies Record<Suggestion['type'], string>;

export function HeaderSearch() {
  const navigate = useNavigate();
  const t = useCatalogText();
  const locale = useLocale();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // Fixed ids: a page has one header search.
  const searchId = 'header-search';
  const listId = 'header-search-suggestions';
  const typed = useDebouncedValue(query.trim(), 200);
  const suggestions = useQuery({ ...catalogQueries.suggest(typed), enabled: typed.length > 0 });
  const options = typed && typed === query.trim() ? (suggestions.data ?? []) : [];
  const expanded = open && options.length > 0;
  const optionId = (i: number) => `${listId}-${i}`;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const go = (suggestion: Suggestion) => {
    close();
    setQuery('');
    navigate(suggestion.url);
  };

  return (
    <form
      role="search"
      // Before the app has started (or without JavaScript) the browser searches by itself.
      action={`${localePrefix(locale)}/products`}
      className="relative order-last flex w-full md:order-none md:w-auto md:flex-1"
      onSubmit={(e) => {
        e.preventDefault();
        if (expanded && options[active]) return go(options[active]);
        const q = query.trim();
        if (!q) return; // SPEC §5: blank text does nothing
        close();
        navigate(`/products?q=${encodeURIComponent(q)}`);
      }}
    >
      <label htmlFor={searchId} className="sr-only">
        {t('headerSearch.label')}
      </label>
      <input
        id={searchId}
        name="q"
        type="search"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        autoComplete="off"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={close}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            if (options.length === 0) return;
            e.preventDefault();
            setOpen(true);
            const step = e.key === 'ArrowDown' ? 1 : -1;
            // -1 (the box itself), then each option, round again.
            const places = options.length + 1;
            setActive((i) => ((i + 1 + step + places) % places) - 1);
          } else if (e.key === 'Escape' && expanded) {
            e.preventDefault();
            close();
          }
        }}
        placeholder={t('headerSearch.placeholder')}
        className="w-full min-w-0 rounded-l-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none"
      />
      <button
        type="submit"
        className="rounded-r-lg bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
      >
        {t('headerSearch.submit')}
      </button>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('headerSearch.suggestions')}
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-40 mt-1 max-h-96 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((s, i) => (
          <li
            key={s.url}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            // Chosen on press, before the box loses focus and closes the list.
            onMouseDown={(e) => {
              e.preventDefault();
              go(s);
            }}
            onMouseEnter={() => setActive(i)}
            className={`flex min-h-11 cursor-pointer items-center justify-between gap-3 px-3 py-2 text-sm ${
              i === active ? 'bg-brand-50 text-brand-900' : 'text-slate-800'
            }`}
          >
            <span className="truncate">{(locale === 'sw' && s.label_sw) || s.label}</span>
            <span className="shrink-0 text-xs text-slate-500">{t(TYPE_LABELS[s.type])}</span>
          </li>
        ))}
      </ul>
    </form>
  );
}
