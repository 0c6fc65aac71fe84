// Sizes and colours at creation (issue 21): up to three options with their values, and a row for
// each combination with its own SKU, price and stock; a combination not sold is unticked.
import type { ProductCreate } from '@duka/domain';
import { shillingsToCents } from '@duka/domain/pricing/money';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';

export interface OptionDraft {
  name: string;
  /** As typed: '38, 39, 40'. */
  values: string;
}
export interface RowDraft {
  sell: boolean;
  sku: string;
  price: string;
  stock: string;
}
export interface VariantsDraft {
  options: OptionDraft[];
  rows: Record<string, RowDraft>;
  /**
   * The stock typed before the product had options (issue 33): the first combination's, until
   * its row is changed, so giving a product sizes does not throw away what was typed.
   */
  carriedStock?: string | undefined;
}

export const EMPTY_VARIANTS: VariantsDraft = { options: [], rows: {} };
const MAX_OPTIONS = 3;
const NEW_ROW: RowDraft = { sell: true, sku: '', price: '', stock: '0' };

/** The options as the API takes them: named, each value once. */
export function optionsOf(draft: VariantsDraft): { name: string; values: string[] }[] {
  return draft.options
    .map((o) => ({
      name: o.name.trim(),
      values: [
        ...new Set(
          o.values
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean),
        ),
      ],
    }))
    .filter((o) => o.name !== '' || o.values.length > 0);
}

/** Every combination of the values, in the options' order: ['38', 'Black'], ['38', 'Red']… */
export function combinationsOf(options: { values: string[] }[]): string[][] {
  return options.reduce<string[][]>(
    (all, o) => all.flatMap((c) => o.values.map((v) => [...c, v])),
    options.length > 0 ? [[]] : [],
  );
}

const keyOf = (values: string[]) => values.join(' / ');

/** A row as typed, or as it starts: the first combination carries the stock typed before. */
function rowOf(draft: VariantsDraft, key: string, first: boolean): RowDraft {
  const typed = draft.rows[key];
  if (typed) return typed;
  const carried = draft.carriedStock?.trim();
  return first && carried ? { ...NEW_ROW, stock: carried } : NEW_ROW;
}

/** '5' when a stock other than nothing or 0 was typed before there were options. */
const carriedStockOf = (draft: VariantsDraft) => {
  const carried = draft.carriedStock?.trim() ?? '';
  return carried !== '' && Number(carried) !== 0 ? carried : null;
};

/**
 * The variants to create, and for each the key of its row, so a refusal at `variants.N.sku`
 * finds its cell.
 */
export function variantsOf(draft: VariantsDraft) {
  const options = optionsOf(draft);
  const all = combinationsOf(options);
  const firstKey = all[0] ? keyOf(all[0]) : null;
  const rowAt = (values: string[]) => rowOf(draft, keyOf(values), keyOf(values) === firstKey);
  const sold = all.filter((c) => rowAt(c).sell);
  return {
    // A value no sold combination has is left out: the shop would show it as a choice for nothing.
    options: options.map((o, i) => ({
      name: o.name,
      values: o.values.filter((v) => sold.some((c) => c[i] === v)),
    })),
    keys: sold.map(keyOf),
    variants: sold.map((values) => {
      const row = rowAt(values);
      const stock = row.stock.trim() === '' ? 0 : Number(row.stock);
      return {
        options: Object.fromEntries(options.map((o, i) => [o.name, values[i]!])),
        ...(row.sku.trim() ? { sku: row.sku.trim() } : {}),
        ...(row.price.trim() ? { price: shillingsToCents(Number(row.price)) } : {}),
        stock,
      } satisfies NonNullable<ProductCreate['variants']>[number];
    }),
  };
}

/** The server's refusals at `variants.N.field`, moved to the rows they are about. */
export function rowErrors(fields: Record<string, string>, keys: string[]) {
  const rows: Record<string, Record<string, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^variants\.(\d+)\.(\w+)/.exec(path);
    const key = match ? keys[Number(match[1])] : undefined;
    if (key) rows[key] = { ...rows[key], [match![2]!]: message };
  }
  const options = Object.entries(fields).find(
    ([path]) => /^(options|variants)(\.|$)/.test(path) && !/^variants\.\d/.test(path),
  );
  return { rows, options: options?.[1] };
}

const COLUMNS = [
  ['sku', 'SKU', 'sku'],
  ['price', 'Price (Ksh)', 'price'],
  ['stock', 'Stock', 'stock'],
] as const;

export function NewVariants({
  draft,
  onChange,
  errors,
}: {
  draft: VariantsDraft;
  onChange: (next: VariantsDraft) => void;
  /** Refusals by row key and field ('38 / Black' → { sku: '…' }), and the options' own. */
  errors: { rows: Record<string, Record<string, string>>; options?: string | undefined };
}) {
  const options = optionsOf(draft);
  const combinations = combinationsOf(options);
  const setOption = (i: number, key: keyof OptionDraft, value: string) =>
    onChange({
      ...draft,
      options: draft.options.map((o, j) => (j === i ? { ...o, [key]: value } : o)),
    });
  const first = combinations[0] ? keyOf(combinations[0]) : null;
  const setRow = (key: string, change: Partial<RowDraft>) =>
    onChange({
      ...draft,
      rows: { ...draft.rows, [key]: { ...rowOf(draft, key, key === first), ...change } },
    });
  const carried = carriedStockOf(draft);

  return (
    <section
      aria-labelledby="new-variants-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <div>
        <h2 id="new-variants-heading" className="font-semibold text-slate-900">
          Sizes and colours
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Sold in sizes or colours? Add up to three options with their values, separated by commas:
          each combination gets its own SKU, price and stock.
        </p>
      </div>
      {draft.options.map((o, i) => (
        <div key={i} className="grid items-end gap-3 sm:grid-cols-[12rem_1fr_auto]">
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-700">Option {i + 1} name</span>
            <input
              className={inputClass}
              placeholder={i === 0 ? 'Size' : 'Colour'}
              value={o.name}
              onChange={(e) => setOption(i, 'name', e.target.value)}
            />
          </label>
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-700">Option {i + 1} values</span>
            <input
              className={inputClass}
              placeholder={i === 0 ? '38, 39, 40, 41' : 'Black, Brown'}
              value={o.values}
              onChange={(e) => setOption(i, 'values', e.target.value)}
            />
          </label>
          <Button
            variant="ghost"
            onClick={() => onChange({ ...draft, options: draft.options.filter((_, j) => j !== i) })}
          >
            Remove<span className="sr-only"> option {i + 1}</span>
          </Button>
        </div>
      ))}
      {errors.options && (
        <p role="alert" className="text-sm text-red-700">
          {errors.options}
        </p>
      )}
      {draft.options.length < MAX_OPTIONS && (
        <Button
          variant="secondary"
          onClick={() =>
            onChange({ ...draft, options: [...draft.options, { name: '', values: '' }] })
          }
        >
          Add an option
        </Button>
      )}
      {carried && first && !draft.rows[first] && (
        <p className="rounded-lg bg-brand-50 px-3 py-2 text-sm text-brand-900">
          The stock of {carried} typed before is now {first}’s: change it below if it belongs to
          other sizes or colours.
        </p>
      )}
      {combinations.length > 0 && (
        <div className="relative overflow-x-auto">
          <table className="w-full min-w-[34rem] text-sm">
            <caption className="sr-only">Variants to create</caption>
            <thead className="text-left text-slate-500">
              <tr>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Variant
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Sold
                </th>
                {COLUMNS.map(([key, label]) => (
                  <th key={key} scope="col" className="py-2 pr-3 font-medium">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {combinations.map((values) => {
                const key = keyOf(values);
                const row = rowOf(draft, key, key === first);
                return (
                  <tr key={key} className="border-t border-slate-100 align-top">
                    <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-800">
                      {key}
                    </th>
                    <td className="py-2 pr-3">
                      <input
                        type="checkbox"
                        aria-label={`Sell ${key}`}
                        checked={row.sell}
                        onChange={(e) => setRow(key, { sell: e.target.checked })}
                        className="h-6 w-6 accent-brand-600"
                      />
                    </td>
                    {COLUMNS.map(([field, label, apiField]) => {
                      const error = errors.rows[key]?.[apiField];
                      const errorId = `new-variant-${key}-${field}-error`.replace(/\W+/g, '-');
                      return (
                        <td key={field} className="py-2 pr-3">
                          <input
                            aria-label={`${label} of ${key}`}
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? errorId : undefined}
                            disabled={!row.sell}
                            inputMode={field === 'sku' ? undefined : 'decimal'}
                            placeholder={field === 'price' ? 'as the product' : undefined}
                            className={`${inputClass} ${field === 'sku' ? 'min-w-48' : 'w-28'} disabled:bg-slate-100`}
                            value={row[field]}
                            onChange={(e) => setRow(key, { [field]: e.target.value })}
                          />
                          {error && (
                            <p id={errorId} className="mt-1 text-xs text-red-700">
                              {error}
                            </p>
                          )}
                        </td>
                      );
                    })}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
