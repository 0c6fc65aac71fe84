// The product editor's variants (issue 21): one row per size and colour on sale with its own SKU,
// price, discount and stock. The editor saves the rows that changed, each refusal at its cell.
import type { Product, ProductVariant, VariantPatch } from '@duka/domain';
import { shillingsToCents } from '@duka/domain/pricing/money';
import { inputClass } from '../../../components/ui/field.tsx';
import { AddVariantForm, RemoveVariantButton } from './variant-actions.tsx';

export type VariantValues = Record<number, Record<'sku' | 'price' | 'discount' | 'stock', string>>;

export const variantValuesOf = (p: Product): VariantValues =>
  Object.fromEntries(
    p.variants.map((v) => [
      v.id,
      {
        sku: v.sku,
        price: String(v.price / 100),
        discount: String(v.discountPercentage),
        stock: String(v.stock),
      },
    ]),
  );

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What changed in a row, as the PATCH takes it; undefined when nothing did. */
export function variantPatchOf(
  variant: ProductVariant,
  row: VariantValues[number],
): VariantPatch | undefined {
  const patch: Record<string, unknown> = {};
  if (row.sku !== variant.sku) patch.sku = row.sku;
  if (row.price !== String(variant.price / 100))
    patch.price = shillingsToCents(numberOf(row.price));
  if (row.discount !== String(variant.discountPercentage))
    patch.discountPercentage = numberOf(row.discount);
  if (row.stock !== String(variant.stock)) patch.stock = numberOf(row.stock);
  return Object.keys(patch).length > 0 ? (patch as VariantPatch) : undefined;
}

const COLUMNS = [
  ['sku', 'SKU', 'sku'],
  ['price', 'Price (Ksh)', 'price'],
  ['discount', 'Discount (%)', 'discountPercentage'],
  ['stock', 'Stock', 'stock'],
] as const;

export function VariantGrid({
  product,
  values,
  onChange,
  errors,
}: {
  product: Product;
  values: VariantValues;
  onChange: (variantId: number, key: keyof VariantValues[number], value: string) => void;
  /** The server's refusals by variant id and field: { 12: { stock: '…' } }. */
  errors: Record<number, Record<string, string>>;
}) {
  return (
    <section
      aria-labelledby="variants-heading"
      className="rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h2 id="variants-heading" className="font-semibold text-slate-900">
        Variants
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {product.options.map((o) => `${o.name}: ${o.values.join(', ')}`).join(' · ')}
      </p>
      {/* relative: the buttons' hidden labels (absolutely placed) stay inside the scrolling box. */}
      <div className="relative mt-3 overflow-x-auto">
        <table className="w-full min-w-[42rem] text-sm">
          <thead className="text-left text-slate-500">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Variant
              </th>
              {COLUMNS.map(([key, label]) => (
                <th key={key} scope="col" className="py-2 pr-3 font-medium">
                  {label}
                </th>
              ))}
              <th scope="col" className="py-2 font-medium">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {product.variants.map((v) => (
              <tr key={v.id} className="border-t border-slate-100 align-top">
                <th scope="row" className="py-2 pr-3 text-left font-medium text-slate-800">
                  {v.title}
                </th>
                {COLUMNS.map(([key, label, field]) => {
                  const error = errors[v.id]?.[field];
                  const errorId = `variant-${v.id}-${key}-error`;
                  return (
                    <td key={key} className="py-2 pr-3">
                      <input
                        aria-label={`${label} of ${v.title}`}
                        aria-invalid={error ? true : undefined}
                        aria-describedby={error ? errorId : undefined}
                        inputMode={key === 'sku' ? undefined : 'decimal'}
                        className={`${inputClass} ${key === 'sku' ? 'min-w-48' : 'w-24'}`}
                        value={(values[v.id] ?? variantValuesOf(product)[v.id])?.[key] ?? ''}
                        onChange={(e) => onChange(v.id, key, e.target.value)}
                      />
                      {error && (
                        <p id={errorId} className="mt-1 text-xs text-red-700">
                          {error}
                        </p>
                      )}
                    </td>
                  );
                })}
                <td className="py-2">
                  {product.variants.length > 1 && (
                    <RemoveVariantButton product={product} variant={v} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <AddVariantForm product={product} />
    </section>
  );
}
