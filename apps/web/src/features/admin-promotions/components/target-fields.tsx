// What a promotion applies to: products found by name or typed as ids, variants by id, and the
// catalogue's categories and brands. A flash sale names products or variants only; delivery offers
// none of this (the form leaves the section out).
import { useState, type KeyboardEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import {
  brandsQuery,
  categoriesQuery,
  productSearchQuery,
  productTitleQuery,
} from '../api/promotions-admin-api.ts';
import { idsOf, type PromotionDraft } from './promotion-draft.ts';
import { errorAt, FormSection, HintedField, InputField } from './promotion-fields.tsx';
import type { DraftProps } from './type-fields.tsx';

/** How many chosen products are listed by name (the ids field holds them all). */
const NAMED = 20;
const small = 'px-3 py-1 text-xs';

function ChosenProduct({ id, onRemove }: { id: number; onRemove: () => void }) {
  const title = useQuery(productTitleQuery(id));
  const name = title.data ?? (title.isError ? 'not in the catalogue' : '…');
  return (
    <li className="flex items-center justify-between gap-3 py-1">
      <span className="min-w-0 break-words">
        <span className="text-slate-500">#{id}</span> {name}
      </span>
      <Button
        variant="secondary"
        className={small}
        onClick={onRemove}
        aria-label={`Remove product ${id}`}
      >
        Remove
      </Button>
    </li>
  );
}

function ProductFinder({ chosen, onAdd }: { chosen: number[]; onAdd: (id: number) => void }) {
  const [typed, setTyped] = useState('');
  const term = useDebouncedValue(typed.trim(), 250);
  const found = useQuery(productSearchQuery(term));
  const products = term ? (found.data?.products ?? []) : [];
  return (
    <div>
      <HintedField label="Find products by name" hint="Add each one the promotion is for.">
        {(a11y) => (
          <input
            {...a11y}
            type="search"
            className={inputClass}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
          />
        )}
      </HintedField>
      {term && found.isError && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The search failed: {found.error.message}
        </p>
      )}
      {term && found.isSuccess && products.length === 0 && (
        <p role="status" className="mt-2 text-sm text-slate-600">
          No products match ‘{term}’.
        </p>
      )}
      {products.length > 0 && (
        <ul
          aria-label="Products found"
          className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200 px-3 text-sm"
        >
          {products.map((p) => {
            const added = chosen.includes(p.id);
            return (
              <li key={p.id} className="flex items-center justify-between gap-3 py-1.5">
                <span className="min-w-0 break-words">
                  <span className="text-slate-500">#{p.id}</span> {p.title}
                </span>
                <Button
                  variant="secondary"
                  className={small}
                  disabled={added}
                  onClick={() => onAdd(p.id)}
                  aria-label={added ? `${p.title} is chosen` : `Add ${p.title}`}
                >
                  {added ? 'Chosen' : 'Add'}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function BrandPicker({
  brands,
  onChange,
  error,
}: {
  brands: string[];
  onChange: (brands: string[]) => void;
  error?: string | undefined;
}) {
  const known = useQuery(brandsQuery());
  const [typed, setTyped] = useState('');
  const add = () => {
    const brand = typed.trim();
    if (!brand) return;
    const named = known.data?.find((b) => b.name.toLowerCase() === brand.toLowerCase())?.name;
    const name = named ?? brand;
    if (!brands.some((b) => b.toLowerCase() === name.toLowerCase())) onChange([...brands, name]);
    setTyped('');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key !== 'Enter') return;
    e.preventDefault(); // Enter adds the brand rather than sending the form
    add();
  };
  return (
    <div>
      <HintedField
        label="Brands"
        hint="Type a brand as the catalogue names it, then Add."
        error={error}
      >
        {(a11y) => (
          <div className="flex gap-2">
            <input
              {...a11y}
              list="promotion-brands"
              className={inputClass}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onKeyDown={onKeyDown}
              autoComplete="off"
            />
            <datalist id="promotion-brands">
              {known.data?.map((b) => (
                <option key={b.name} value={b.name} />
              ))}
            </datalist>
            <Button variant="secondary" onClick={add} disabled={!typed.trim()}>
              Add
            </Button>
          </div>
        )}
      </HintedField>
      {brands.length > 0 && (
        <ul aria-label="Chosen brands" className="mt-2 flex flex-wrap gap-2">
          {brands.map((brand) => (
            <li
              key={brand}
              className="flex items-center gap-1 rounded-full bg-slate-100 py-0.5 pr-0.5 pl-3 text-sm"
            >
              {brand}
              <button
                type="button"
                onClick={() => onChange(brands.filter((b) => b !== brand))}
                aria-label={`Remove ${brand}`}
                className="inline-flex h-7 w-7 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200"
              >
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function CategoryChoice({
  chosen,
  onChange,
  error,
}: {
  chosen: string[];
  onChange: (categories: string[]) => void;
  error?: string | undefined;
}) {
  const categories = useQuery(categoriesQuery());
  const listed = categories.data ?? [];
  // One the catalogue no longer lists stays visible while it is chosen, so it can be taken off.
  const gone = chosen.filter((slug) => !listed.some((c) => c.slug === slug));
  const options = [
    ...listed.map((c) => ({ slug: c.slug, name: c.name })),
    ...gone.map((slug) => ({ slug, name: slug })),
  ];
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium text-slate-700">Categories</legend>
      {categories.isPending ? (
        <p className="text-sm text-slate-500">Loading...</p>
      ) : categories.isError ? (
        <p role="alert" className="text-sm text-red-700">
          The categories could not be loaded: {categories.error.message}
        </p>
      ) : null}
      {options.length > 0 && (
        <ul className="grid max-h-56 grid-cols-1 gap-x-4 gap-y-1 overflow-y-auto rounded-lg border border-slate-200 p-3 text-sm sm:grid-cols-2 lg:grid-cols-3">
          {options.map(({ slug, name }) => (
            <li key={slug}>
              <label className="flex min-h-8 items-center gap-2">
                <input
                  type="checkbox"
                  className="h-5 w-5 accent-brand-700"
                  checked={chosen.includes(slug)}
                  onChange={(e) =>
                    onChange(
                      e.target.checked ? [...chosen, slug] : chosen.filter((c) => c !== slug),
                    )
                  }
                />
                {name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && <p className="mt-1 text-sm text-red-600">{error}</p>}
    </fieldset>
  );
}

export function TargetFields({ draft, set, errors }: DraftProps) {
  const sale = draft.type === 'sale_price';
  const chosen = idsOf(draft.productIds) ?? [];
  // Ids typed wrong stay as typed (their field says what is wrong): the new one goes after them.
  const addProduct = (id: number) =>
    set({
      productIds: idsOf(draft.productIds)
        ? [...chosen, id].join(', ')
        : `${draft.productIds.trim().replace(/,$/, '')}, ${id}`,
    });
  const removeProduct = (id: number) =>
    set({ productIds: chosen.filter((c) => c !== id).join(', ') });
  return (
    <FormSection
      title="What it applies to"
      hint={
        sale
          ? 'Choose the products or variants on sale.'
          : 'Any of the products, variants, categories and brands chosen here; choose none for the whole order.'
      }
    >
      {errors.applies_to && (
        <p role="alert" className="text-sm text-red-700">
          {errors.applies_to}
        </p>
      )}
      <ProductFinder chosen={chosen} onAdd={addProduct} />
      <InputField
        label="Product ids"
        hint="Separated by commas. Adding a product above writes its id here."
        value={draft.productIds}
        onValue={(productIds) => set({ productIds })}
        error={errorAt(errors, 'applies_to.product_ids')}
        autoComplete="off"
      />
      {chosen.length > 0 && (
        <div>
          <h3 id="chosen-products" className="text-sm font-medium text-slate-700">
            Chosen products
          </h3>
          <ul aria-labelledby="chosen-products" className="divide-y divide-slate-100 text-sm">
            {chosen.slice(0, NAMED).map((id) => (
              <ChosenProduct key={id} id={id} onRemove={() => removeProduct(id)} />
            ))}
          </ul>
          {chosen.length > NAMED && (
            <p className="text-sm text-slate-500">and {chosen.length - NAMED} more</p>
          )}
        </div>
      )}
      <InputField
        label="Variant ids"
        hint="A size or colour of a product, by its id; separated by commas."
        value={draft.variantIds}
        onValue={(variantIds) => set({ variantIds })}
        error={errorAt(errors, 'applies_to.variant_ids')}
        autoComplete="off"
      />
      {!sale && (
        <>
          <CategoryChoice
            chosen={draft.categories}
            onChange={(categories) => set({ categories })}
            error={errorAt(errors, 'applies_to.categories')}
          />
          <BrandPicker
            brands={draft.brands}
            onChange={(brands) => set({ brands })}
            error={errorAt(errors, 'applies_to.brands')}
          />
        </>
      )}
    </FormSection>
  );
}

/** The API's fields this section shows. */
export function targetFieldsShown(draft: PromotionDraft): string[] {
  if (draft.type === 'free_delivery') return [];
  const lists =
    draft.type === 'sale_price'
      ? ['product_ids', 'variant_ids']
      : ['product_ids', 'variant_ids', 'categories', 'brands'];
  return ['applies_to', ...lists.map((list) => `applies_to.${list}`)];
}
