// A product's VAT tax type (A–E) and KRA item classification (issue 23), from All Products.
import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductSummary } from '@duka/domain';
import { productTaxSchema, type ProductTaxView } from '@duka/domain/tax/schemas';
import { TAX_TYPE_LABELS, TAX_TYPES, type TaxType } from '@duka/domain/tax/tax-types';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { api, ApiError } from '../../../lib/api-client.ts';

const taxQuery = (id: number) => ({
  queryKey: ['admin', 'product-tax', id],
  queryFn: () => api<ProductTaxView>(`/admin/products/${id}/tax`),
});

function TaxForm({
  product,
  current,
  onSaved,
  formId,
}: {
  product: ProductSummary;
  current: ProductTaxView;
  onSaved: () => void;
  formId: string;
}) {
  const [taxType, setTaxType] = useState<TaxType>(current.tax_type);
  const [code, setCode] = useState(current.item_class_code ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: object) =>
      api<ProductTaxView>(`/admin/products/${product.id}/tax`, { method: 'PATCH', body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['admin', 'product-tax', product.id] });
      onSaved();
    },
    onError: (err) =>
      setErrors(err instanceof ApiError ? { ...err.fields, _: err.message } : { _: err.message }),
  });

  return (
    <form
      id={formId}
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        const body = { tax_type: taxType, item_class_code: code.trim() || null };
        const parsed = productTaxSchema.safeParse(body);
        if (!parsed.success) {
          setErrors(
            Object.fromEntries(
              parsed.error.issues.map((i) => [String(i.path[0] ?? '_'), i.message]),
            ),
          );
          return;
        }
        setErrors({});
        save.mutate(body);
      }}
    >
      {errors._ && <FormMessage kind="error">{errors._}</FormMessage>}
      <Field label="Tax type" error={errors.tax_type}>
        {(a11y) => (
          <select
            {...a11y}
            className={inputClass}
            value={taxType}
            onChange={(e) => setTaxType(e.target.value as TaxType)}
          >
            {TAX_TYPES.map((t) => (
              <option key={t} value={t}>
                {TAX_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TextField
        label="KRA item classification (empty: the category's)"
        inputMode="numeric"
        value={code}
        onChange={(e) => setCode(e.target.value)}
        error={errors.item_class_code}
        placeholder={current.effective_item_class_code ?? ''}
      />
    </form>
  );
}

export function TaxModal({
  product,
  onClose,
  onSaved,
}: {
  product: ProductSummary;
  onClose: () => void;
  onSaved: () => void;
}) {
  const current = useQuery(taxQuery(product.id));
  const formId = useId();
  return (
    <Modal
      title={`Tax: ${product.title}`}
      size="sm"
      onClose={onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={!current.data}>
            Save
          </Button>
        </>
      }
    >
      {current.isPending ? (
        <LoadingText />
      ) : current.isError ? (
        <ErrorText>Could not load the tax details: {current.error.message}</ErrorText>
      ) : (
        <TaxForm product={product} current={current.data} onSaved={onSaved} formId={formId} />
      )}
    </Modal>
  );
}
