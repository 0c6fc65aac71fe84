// The catalogue's option filters (issue 21): in a category sold in sizes or colours, each option
// a group of toggle buttons with how many products have that value in stock. One value per
// option: a product must have a variant in stock with every value chosen.
import type { OptionFacet } from '@duka/domain';
import { useCatalogText } from '../text.ts';
import { useOptionName } from './option-name.ts';

/** `option=Size:42` as the URL holds it, by option name. */
export function chosenOptions(values: readonly string[]): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const pair of values) {
    const at = pair.indexOf(':');
    if (at > 0) chosen.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return chosen;
}

export function OptionFilters({
  facets,
  chosen,
  onChange,
}: {
  facets: OptionFacet[];
  chosen: Map<string, string>;
  /** The option's new value, or undefined to stop filtering by it. */
  onChange: (name: string, value: string | undefined) => void;
}) {
  const t = useCatalogText();
  const optionName = useOptionName();
  if (facets.length === 0) return null;
  return (
    <div className="mb-6 space-y-3 md:mb-8">
      {facets.map((facet) => (
        <div key={facet.name} role="group" aria-label={optionName(facet.name)}>
          <p className="mb-1.5 text-xs font-medium text-slate-600">{optionName(facet.name)}</p>
          <div className="flex flex-wrap gap-2">
            {facet.values.map(({ value, count }) => {
              const on = chosen.get(facet.name) === value;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={on}
                  aria-label={t('optionFilters.value', { value, count })}
                  onClick={() => onChange(facet.name, on ? undefined : value)}
                  className={`inline-flex min-h-9 items-center gap-1 rounded-full border px-3 text-sm ${
                    on
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:border-brand-600'
                  }`}
                >
                  {value}
                  <span className={on ? 'text-brand-100' : 'text-slate-500'}>{`(${count})`}</span>
                </button>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
}
