// What the product editor does to a product's variants besides editing them (issue 21): add a
// size or colour, take one off sale, or give a product without options its sizes and colours.
// Each acts at once on the server (it is not part of the form's Save).
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Product } from '@duka/domain';
import { shillingsToCents } from '@duka/domain/pricing/money';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { addVariant, removeVariant, replaceOptions } from '../api/catalog-admin-api.ts';
import {
  EMPTY_VARIANTS,
  NewVariants,
  rowErrors,
  variantsOf,
  type VariantsDraft,
} from './new-variants.tsx';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['products'] });
}

const messageOf = (err: unknown) =>
  err instanceof ApiError
    ? (Object.values(err.fields)[0] ?? err.message)
    : 'It could not be saved. Please try again.';

/** Takes one variant off sale after asking; orders keep it (the server archives it then). */
export function RemoveVariantButton({
  product,
  variant,
}: {
  product: Product;
  variant: Product['variants'][number];
}) {
  const notice = useNotice();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="ghost"
      disabled={busy}
      onClick={async () => {
        if (!window.confirm(`Stop selling ${variant.title}? Orders keep it as sold.`)) return;
        setBusy(true);
        try {
          await removeVariant(product.id, variant.id);
          await refresh();
          notice('success', `${variant.title} removed`);
        } catch (err) {
          notice('error', messageOf(err));
        } finally {
          setBusy(false);
        }
      }}
    >
      Remove<span className="sr-only"> {variant.title}</span>
    </Button>
  );
}

/** A new combination: a value of each option (a new value joins the option), its stock, SKU, price. */
export function AddVariantForm({ product }: { product: Product }) {
  const id = useId();
  const notice = useNotice();
  const refresh = useRefresh();
  const blank = () => ({
    values: Object.fromEntries(product.options.map((o) => [o.name, ''])) as Record<string, string>,
    stock: '0',
    sku: '',
    price: '',
  });
  const [draft, setDraft] = useState(blank);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const add = async () => {
    setError('');
    setBusy(true);
    try {
      await addVariant(product.id, {
        options: Object.fromEntries(Object.entries(draft.values).map(([k, v]) => [k, v.trim()])),
        stock: draft.stock.trim() === '' ? 0 : Number(draft.stock),
        ...(draft.sku.trim() ? { sku: draft.sku.trim() } : {}),
        ...(draft.price.trim() ? { price: shillingsToCents(Number(draft.price)) } : {}),
      });
      await refresh();
      notice('success', `${Object.values(draft.values).join(' / ')} added`);
      setDraft(blank());
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      role="group"
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-xl bg-slate-50 p-4"
      // Enter here adds the variant; it must not submit the editor's form around it.
      onKeyDown={(e) => {
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          void add();
        }
      }}
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
        Add a variant
      </h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {product.options.map((o) => (
          <label key={o.name} className="text-sm">
            <span className="mb-1 block text-slate-700">{o.name}</span>
            <input
              className={inputClass}
              list={`${id}-${o.name}`}
              value={draft.values[o.name] ?? ''}
              onChange={(e) =>
                setDraft((d) => ({ ...d, values: { ...d.values, [o.name]: e.target.value } }))
              }
            />
            <datalist id={`${id}-${o.name}`}>
              {o.values.map((v) => (
                <option key={v} value={v} />
              ))}
            </datalist>
          </label>
        ))}
        {(
          [
            ['stock', 'Stock of the new variant', 'decimal'],
            ['sku', 'SKU of the new variant (optional)', undefined],
            ['price', 'Price (Ksh) of the new variant (optional)', 'decimal'],
          ] as const
        ).map(([key, label, mode]) => (
          <label key={key} className="text-sm">
            <span className="mb-1 block text-slate-700">{label}</span>
            <input
              className={inputClass}
              inputMode={mode}
              value={draft[key]}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
            />
          </label>
        ))}
      </div>
      {error && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      )}
      <Button variant="secondary" className="mt-3" disabled={busy} onClick={add}>
        {busy ? 'Adding…' : 'Add variant'}
      </Button>
    </div>
  );
}

/** A product without options given its sizes and colours: its one variant leaves sale. */
export function GiveOptions({ product, typedStock }: { product: Product; typedStock?: string }) {
  const notice = useNotice();
  const refresh = useRefresh();
  const [options, setOptions] = useState<VariantsDraft>(EMPTY_VARIANTS);
  // Its stock (as typed in the editor, else as saved) goes to the first combination, so giving
  // it sizes loses no units (issue 33).
  const draft: VariantsDraft = { ...options, carriedStock: typedStock ?? String(product.stock) };
  const [keys, setKeys] = useState<string[]>([]);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const save = async () => {
    const sent = variantsOf(draft);
    setKeys(sent.keys);
    setFields({});
    setBusy(true);
    try {
      await replaceOptions(product.id, { options: sent.options, variants: sent.variants });
      await refresh();
      notice('success', 'Sizes and colours saved');
    } catch (err) {
      setFields(
        err instanceof ApiError && Object.keys(err.fields).length > 0
          ? err.fields
          : { options: messageOf(err) },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-3">
      <NewVariants
        draft={draft}
        onChange={({ options: o, rows }) => setOptions({ options: o, rows })}
        errors={rowErrors(fields, keys)}
      />
      {draft.options.length > 0 && (
        <Button variant="secondary" disabled={busy} onClick={save}>
          {busy ? 'Saving…' : 'Save sizes and colours'}
        </Button>
      )}
    </div>
  );
}
