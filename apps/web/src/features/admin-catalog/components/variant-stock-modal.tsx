// All Products' Stock for a product sold in sizes or colours (issue 33): one number per variant,
// saved together through the variant API (all or nothing). The specification's alerts stay: a
// stock that is not a whole number of 0 or more, or a refusal for want of permission.
import { useId, useState } from 'react';
import type { Product } from '@duka/domain';
import { PRODUCT_EDIT_MESSAGES } from '@duka/domain/catalog/messages';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { setVariantStock } from '../api/catalog-admin-api.ts';

export function VariantStockModal({
  product,
  onClose,
  onSaved,
}: {
  product: Product;
  onClose: () => void;
  onSaved: () => void;
}) {
  const id = useId();
  const [values, setValues] = useState(() =>
    Object.fromEntries(product.variants.map((v) => [v.id, String(v.stock)])),
  );
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState('');

  const update = async () => {
    // Every variant's number is sent, as the one-number dialog sends its own: all or nothing.
    const numbers = product.variants.map((v) => ({ id: v.id, text: (values[v.id] ?? '').trim() }));
    const invalid = ({ text }: { text: string }) =>
      text === '' || !Number.isInteger(Number(text)) || Number(text) < 0;
    if (numbers.some(invalid)) {
      window.alert(PRODUCT_EDIT_MESSAGES.stock);
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      await setVariantStock(product.id, {
        variants: numbers.map(({ id: variantId, text }) => ({
          id: variantId,
          stock: Number(text),
        })),
      });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 403)
        window.alert(PRODUCT_EDIT_MESSAGES.permissionStock);
      else setProblem(err instanceof Error ? err.message : 'The stock could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`Stock: ${product.title}`}
      size="md"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={update} disabled={saving}>
            {saving ? 'Updating...' : 'Update'}
          </Button>
        </>
      }
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void update();
        }}
        // Enter in a field saves, as in the one-number dialogs (a form of several fields and no
        // submit button of its own does not submit on Enter by itself).
        onKeyDown={(e) => {
          if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
            e.preventDefault();
            void update();
          }
        }}
      >
        <p id={`${id}-help`} className="mb-3 text-sm text-slate-600">
          Units in stock of each {product.options.map((o) => o.name.toLowerCase()).join(' and ')}.
        </p>
        <ul className="max-h-[50vh] space-y-2 overflow-y-auto">
          {product.variants.map((v, i) => (
            <li key={v.id} className="grid grid-cols-[minmax(0,1fr)_7rem] items-center gap-3">
              <label htmlFor={`${id}-${v.id}`} className="min-w-0 text-sm text-slate-800">
                <span className="block font-medium">{v.title}</span>
                <span className="block truncate font-mono text-xs text-slate-500">{v.sku}</span>
              </label>
              <input
                id={`${id}-${v.id}`}
                type="number"
                min={0}
                step={1}
                inputMode="numeric"
                aria-label={`Units in stock of ${v.title}`}
                aria-describedby={`${id}-help`}
                value={values[v.id] ?? ''}
                onChange={(e) => setValues((all) => ({ ...all, [v.id]: e.target.value }))}
                className={inputClass}
                autoFocus={i === 0}
              />
            </li>
          ))}
        </ul>
        {problem && (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {problem}
          </p>
        )}
      </form>
    </Modal>
  );
}
