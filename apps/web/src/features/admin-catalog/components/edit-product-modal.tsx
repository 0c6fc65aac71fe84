// The Edit Price / Discount / Stock modal of All Products (SPEC §2.14, §4, §5). Stock of a product
// sold in sizes is each variant's: its dialog lists them (issue 33).
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ProductSummary } from '@duka/domain';
import { PRODUCT_EDIT_MESSAGES } from '@duka/domain/catalog/messages';
import { shillingsToCents } from '@duka/domain/pricing/money';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useReturnFocus } from '../../../components/ui/use-return-focus.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { LoadingText } from '../../../components/ui/status.tsx';
import { patchProduct, productQuery } from '../api/catalog-admin-api.ts';
import { VariantStockModal } from './variant-stock-modal.tsx';

export type EditAction = 'price' | 'discount_percentage' | 'stock';

const TITLES: Record<EditAction, string> = {
  price: 'Edit Price',
  discount_percentage: 'Discount',
  stock: 'Stock',
};
const LABELS: Record<EditAction, string> = {
  price: 'New price (Ksh)',
  discount_percentage: 'Discount (%)',
  stock: 'Units in stock',
};
const FORBIDDEN: Record<EditAction, string> = {
  price: PRODUCT_EDIT_MESSAGES.permissionPrice,
  discount_percentage: PRODUCT_EDIT_MESSAGES.permissionDiscount,
  stock: PRODUCT_EDIT_MESSAGES.permissionStock,
};

function initialValue(product: ProductSummary, action: EditAction): string {
  if (action === 'price') return String(product.price / 100);
  if (action === 'discount_percentage') return String(product.discountPercentage);
  return String(product.stock);
}

interface Props {
  product: ProductSummary;
  action: EditAction;
  onClose: () => void;
  onSaved: () => void;
}

export function EditProductModal(props: Props) {
  return props.action === 'stock' ? <StockModal {...props} /> : <OneNumberModal {...props} />;
}

/** Stock: one number, or one per variant for a product sold in sizes (read first). */
function StockModal(props: Props) {
  // One dialog gives way to another once the product is read: this one, mounted while the
  // Stock button still had focus, gives focus back to it when the whole thing closes.
  useReturnFocus();
  const detail = useQuery(productQuery(props.product.id));
  if (detail.isPending) {
    return (
      <Modal title={`${TITLES.stock}: ${props.product.title}`} size="sm" onClose={props.onClose}>
        <LoadingText />
      </Modal>
    );
  }
  if (detail.data && detail.data.variants.length > 1) {
    return (
      <VariantStockModal product={detail.data} onClose={props.onClose} onSaved={props.onSaved} />
    );
  }
  return <OneNumberModal {...props} />;
}

function OneNumberModal({ product, action, onClose, onSaved }: Props) {
  const [value, setValue] = useState(initialValue(product, action));
  const [saving, setSaving] = useState(false);
  const inputId = useId();

  const update = async () => {
    const n = Number(value);
    if (
      action === 'discount_percentage' &&
      (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 100)
    ) {
      window.alert(PRODUCT_EDIT_MESSAGES.discount);
      return;
    }
    if (action === 'stock' && (value.trim() === '' || !Number.isInteger(n) || n < 0)) {
      window.alert(PRODUCT_EDIT_MESSAGES.stock);
      return;
    }
    setSaving(true);
    try {
      await patchProduct(
        product.id,
        action === 'price' ? { price: shillingsToCents(n) } : { [action]: n },
      );
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 403) window.alert(FORBIDDEN[action]);
      else window.alert(err instanceof Error ? err.message : 'The change could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`${TITLES[action]}: ${product.title}`}
      size="sm"
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
      >
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-700">
          {LABELS[action]}
        </label>
        <input
          id={inputId}
          type="number"
          step={action === 'stock' ? 1 : 'any'}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-full rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-600 focus:outline-none"
          autoFocus
        />
      </form>
    </Modal>
  );
}
