// Add Product (SPEC §2.14, §4, §5): the fields of a new product and up to three images; beyond
// the specification (issue 21), its stock and SKU, or its sizes and colours with a row each. Once
// added, the form clears as the specification says, and links to what was made (issue 33).
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PRODUCT_EDIT_MESSAGES } from '@duka/domain/catalog/messages';
import { shillingsToCents } from '@duka/domain/pricing/money';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import { adminCategoriesQuery, createProduct } from '../api/catalog-admin-api.ts';
import { ImageSlot } from '../../../components/admin/image-slot.tsx';
import {
  KiswahiliFields,
  kiswahiliBodyOf,
  type KiswahiliValues,
} from '../components/kiswahili-fields.tsx';
import {
  EMPTY_VARIANTS,
  NewVariants,
  rowErrors,
  variantsOf,
  type VariantsDraft,
} from '../components/new-variants.tsx';

const EMPTY = {
  title: '',
  brand: '',
  description: '',
  price: '',
  discount: '',
  tags: '',
  category: '',
  stock: '',
  sku: '',
};
const NO_KISWAHILI: KiswahiliValues = { titleSw: '', descriptionSw: '' };

export default function AddProductPage() {
  useDocumentTitle('Add Product');
  const notice = useNotice();
  const queryClient = useQueryClient();
  const categories = useQuery(adminCategoriesQuery());
  const [values, setValues] = useState(EMPTY);
  const [kiswahili, setKiswahili] = useState(NO_KISWAHILI);
  const [images, setImages] = useState<(string | null)[]>([null, null, null]);
  const [variants, setVariants] = useState<VariantsDraft>(EMPTY_VARIANTS);
  const [sentKeys, setSentKeys] = useState<string[]>([]);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [added, setAdded] = useState<{ id: number; title: string } | null>(null);
  // The stock typed before options were given goes to the first combination.
  const sizesDraft: VariantsDraft = { ...variants, carriedStock: values.stock };

  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const setImage = (i: number) => (url: string | null) =>
    setImages((all) => all.map((u, j) => (j === i ? url : u)));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldErrors({});
    setAdded(null);
    setSaving(true);
    const sizes = variantsOf(sizesDraft);
    setSentKeys(sizes.keys);
    const inSizes = sizes.options.length > 0;
    try {
      const { product } = await createProduct({
        title: values.title,
        brand: values.brand,
        description: values.description,
        ...kiswahiliBodyOf(kiswahili),
        price: shillingsToCents(Number(values.price) || 0),
        discountPercentage: Number(values.discount) || 0,
        tags: values.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        images: images.filter((u): u is string => !!u),
        category: values.category,
        // With sizes, the SKU is the product's: its variants' are made from it (KAZ-1-38).
        ...(values.sku.trim() ? { sku: values.sku.trim() } : {}),
        ...(inSizes
          ? { options: sizes.options, variants: sizes.variants }
          : { stock: values.stock.trim() === '' ? 0 : Number(values.stock) }),
      });
      setAdded({ id: product.id, title: product.title });
      setValues(EMPTY);
      setKiswahili(NO_KISWAHILI);
      setImages([null, null, null]);
      setVariants(EMPTY_VARIANTS);
      notice('success', 'Product added successfully');
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    } catch (err) {
      if (err instanceof ApiError && err.status === 403)
        window.alert(PRODUCT_EDIT_MESSAGES.permissionAdd);
      if (err instanceof ApiError) setFieldErrors(err.fields);
      window.alert(PRODUCT_EDIT_MESSAGES.addFailed);
    } finally {
      setSaving(false);
    }
  };

  const text = (key: keyof typeof EMPTY, label: string, field = key as string, type = 'text') => (
    <TextField
      label={label}
      error={fieldErrors[field]}
      type={type}
      value={values[key]}
      onChange={set(key)}
    />
  );

  return (
    <form onSubmit={submit} noValidate className="max-w-4xl">
      <h1 className="mb-6 text-2xl font-bold text-slate-900">General Information</h1>
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
          {text('title', 'Product Name')}
          {text('brand', 'Brand')}
          <Field label="Description" error={fieldErrors.description}>
            {(a11y) => (
              <textarea
                {...a11y}
                rows={4}
                className={inputClass}
                value={values.description}
                onChange={set('description')}
              />
            )}
          </Field>
          <KiswahiliFields
            values={kiswahili}
            errors={fieldErrors}
            onChange={(key, value) => setKiswahili((v) => ({ ...v, [key]: value }))}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            {text('price', 'Price (Ksh)', 'price', 'number')}
            {text('discount', 'Discount (%)', 'discountPercentage', 'number')}
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {/* Sold in sizes: the stock is each combination's, below. */}
            {variants.options.length === 0 && text('stock', 'Stock', 'stock', 'number')}
            {text('sku', 'SKU (optional)', 'sku')}
          </div>
          {text('tags', 'Tags (comma-separated)')}
          <Field label="Publish Category" error={fieldErrors.category}>
            {(a11y) => (
              <>
                <input
                  {...a11y}
                  list="admin-categories"
                  className={inputClass}
                  value={values.category}
                  onChange={set('category')}
                />
                <datalist id="admin-categories">
                  {categories.data?.map((c) => (
                    <option key={c.slug} value={c.name} />
                  ))}
                </datalist>
              </>
            )}
          </Field>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Product Images</legend>
          <p className="text-xs text-slate-500">
            The main image comes first in the shop. JPEG, PNG, WebP or GIF.
          </p>
          <ImageSlot label="Main image" url={images[0] ?? null} onChange={setImage(0)} large />
          <div className="grid grid-cols-2 gap-3">
            <ImageSlot label="Extra image 1" url={images[1] ?? null} onChange={setImage(1)} />
            <ImageSlot label="Extra image 2" url={images[2] ?? null} onChange={setImage(2)} />
          </div>
          {fieldErrors.images && (
            <p role="alert" className="text-sm text-red-700">
              {fieldErrors.images}
            </p>
          )}
        </fieldset>
      </div>
      <div className="mt-6">
        <NewVariants
          draft={sizesDraft}
          onChange={({ options, rows }) => setVariants({ options, rows })}
          errors={rowErrors(fieldErrors, sentKeys)}
        />
      </div>
      {added && (
        <FormMessage kind="success" className="mt-6">
          <span className="font-semibold">{added.title}</span> was added.{' '}
          <Link to={`/products/${added.id}`} className="font-medium underline">
            View it in the shop
          </Link>{' '}
          or{' '}
          <Link to={`/dashboard/products/${added.id}/edit`} className="font-medium underline">
            edit its details
          </Link>
          .
        </FormMessage>
      )}
      <Button type="submit" className="mt-6" disabled={saving}>
        {saving ? 'Adding...' : 'Add Products'}
      </Button>
    </form>
  );
}
