// The product editor (issue 21): every field of a product on one page — name, brand, description,
// category, tags, SKU, price, discount, stock, weight, size, policies and up to three images —
// saved at once. What the server refuses is shown at its field, and nothing typed is lost.
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Product } from '@duka/domain';
import { shillingsToCents } from '@duka/domain/pricing/money';
import { Button } from '../../../components/ui/button.tsx';
import { Field, inputClass, TextField } from '../../../components/ui/field.tsx';
import { useNotice } from '../../../components/ui/notices.tsx';
import { ErrorText, FormMessage, LoadingText } from '../../../components/ui/status.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useCan } from '../../../lib/use-can.ts';
import { PriceHistory } from '../components/price-history.tsx';
import {
  adminCategoriesQuery,
  patchVariant,
  productQuery,
  updateProduct,
} from '../api/catalog-admin-api.ts';
import { ImageSlot } from '../../../components/admin/image-slot.tsx';
import { GiveOptions } from '../components/variant-actions.tsx';
import {
  KiswahiliFields,
  kiswahiliBodyOf,
  kiswahiliValuesOf,
} from '../components/kiswahili-fields.tsx';
import {
  VariantGrid,
  variantPatchOf,
  variantValuesOf,
  type VariantValues,
} from '../components/variant-grid.tsx';

type Values = Record<
  | 'title'
  | 'brand'
  | 'description'
  | 'category'
  | 'tags'
  | 'sku'
  | 'price'
  | 'discount'
  | 'stock'
  | 'weight'
  | 'width'
  | 'height'
  | 'depth'
  | 'warranty'
  | 'shipping'
  | 'returns',
  string
>;

const valuesOf = (p: Product): Values => ({
  title: p.title,
  brand: p.brand,
  description: p.description,
  category: p.categoryName,
  tags: p.tags.join(', '),
  sku: p.sku,
  price: String(p.price / 100),
  discount: String(p.discountPercentage),
  stock: String(p.stock),
  weight: String(p.weight),
  width: String(p.dimensions.width),
  height: String(p.dimensions.height),
  depth: String(p.dimensions.depth),
  warranty: p.warrantyInformation,
  shipping: p.shippingInformation,
  returns: p.returnPolicy,
});

/** A number as typed; NaN (refused by the server with its message) when it is not one. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function Editor({ product }: { product: Product }) {
  const notice = useNotice();
  const queryClient = useQueryClient();
  const categories = useQuery(adminCategoriesQuery());
  const [values, setValues] = useState(() => valuesOf(product));
  const [kiswahili, setKiswahili] = useState(() => kiswahiliValuesOf(product));
  const [images, setImages] = useState<(string | null)[]>(() =>
    [0, 1, 2].map((i) => product.images[i] ?? null),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  // Sold in sizes: price, discount, stock and SKU are each variant's, edited in the grid.
  const inVariants = product.options.length > 0;
  const [variantValues, setVariantValues] = useState<VariantValues>(() => variantValuesOf(product));
  const [variantErrors, setVariantErrors] = useState<Record<number, Record<string, string>>>({});
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);

  const set = (key: keyof Values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const setImage = (i: number) => (url: string | null) =>
    setImages((all) => all.map((u, j) => (j === i ? url : u)));

  /** Saves the variant rows that changed, one by one; answers the refusals by variant. */
  const saveVariants = async () => {
    const refused: Record<number, Record<string, string>> = {};
    for (const variant of product.variants) {
      // A variant added since the page opened has no row typed into yet.
      const row = variantValues[variant.id];
      const patch = row && variantPatchOf(variant, row);
      if (!patch) continue;
      try {
        await patchVariant(product.id, variant.id, patch);
      } catch (err) {
        if (!(err instanceof ApiError) || Object.keys(err.fields).length === 0) throw err;
        refused[variant.id] = err.fields;
      }
    }
    setVariantErrors(refused);
    return Object.keys(refused).length === 0;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setVariantErrors({});
    setProblem('');
    setSaving(true);
    try {
      await updateProduct(product.id, {
        title: values.title,
        brand: values.brand,
        description: values.description,
        ...kiswahiliBodyOf(kiswahili),
        category: values.category,
        tags: values.tags
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
        images: images.filter((u): u is string => !!u),
        sku: values.sku,
        price: shillingsToCents(numberOf(values.price)),
        discountPercentage: numberOf(values.discount),
        stock: numberOf(values.stock),
        weight: numberOf(values.weight),
        dimensions: {
          width: numberOf(values.width),
          height: numberOf(values.height),
          depth: numberOf(values.depth),
        },
        warrantyInformation: values.warranty,
        shippingInformation: values.shipping,
        returnPolicy: values.returns,
      });
      const variantsSaved = inVariants ? await saveVariants() : true;
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      if (!variantsSaved) {
        setProblem('Please correct the fields marked below.');
        return;
      }
      notice('success', 'Product saved');
      void queryClient.invalidateQueries({ queryKey: ['products'] });
    } catch (err) {
      if (err instanceof ApiError) {
        setErrors(err.fields);
        setProblem(
          err.status === 403
            ? 'You do not have permission to edit products.'
            : Object.keys(err.fields).length > 0
              ? 'Please correct the fields marked below.'
              : err.message,
        );
      } else {
        setProblem('The product could not be saved. Please try again.');
      }
    } finally {
      setSaving(false);
    }
  };

  const text = (key: keyof Values, label: string, field: string = key, type = 'text') => (
    <TextField
      label={label}
      error={errors[field]}
      type={type}
      inputMode={type === 'number' ? 'decimal' : undefined}
      value={values[key]}
      onChange={set(key)}
    />
  );

  return (
    <form onSubmit={submit} noValidate aria-labelledby="edit-product" className="max-w-5xl">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 id="edit-product" className="text-2xl font-bold text-slate-900">
          Edit product
        </h1>
        <Link to={`/products/${product.id}`} className="text-sm text-brand-700 underline">
          View in the shop
        </Link>
      </div>
      {problem && (
        <FormMessage kind="error" className="mb-4">
          {problem}
        </FormMessage>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        {/* min-w-0: the variant grid scrolls inside its box instead of widening the page. */}
        <div className="min-w-0 space-y-6">
          <section className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5">
            <h2 className="font-semibold text-slate-900">General information</h2>
            {text('title', 'Product Name')}
            {text('brand', 'Brand')}
            <Field label="Description" error={errors.description}>
              {(a11y) => (
                <textarea
                  {...a11y}
                  rows={5}
                  className={inputClass}
                  value={values.description}
                  onChange={set('description')}
                />
              )}
            </Field>
            <KiswahiliFields
              values={kiswahili}
              errors={errors}
              rows={5}
              onChange={(key, value) => setKiswahili((v) => ({ ...v, [key]: value }))}
            />
            <Field label="Category" error={errors.category}>
              {(a11y) => (
                <>
                  <input
                    {...a11y}
                    list="edit-categories"
                    className={inputClass}
                    value={values.category}
                    onChange={set('category')}
                  />
                  <datalist id="edit-categories">
                    {categories.data?.map((c) => (
                      <option key={c.slug} value={c.name} />
                    ))}
                  </datalist>
                </>
              )}
            </Field>
            {text('tags', 'Tags (comma-separated)')}
          </section>
          {inVariants ? (
            <VariantGrid
              product={product}
              values={variantValues}
              errors={variantErrors}
              onChange={(id, key, value) =>
                setVariantValues((all) => ({
                  ...all,
                  [id]: { ...(all[id] ?? variantValuesOf(product)[id]!), [key]: value },
                }))
              }
            />
          ) : (
            <>
              <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
                <h2 className="font-semibold text-slate-900 sm:col-span-2">Price and stock</h2>
                {text('sku', 'SKU')}
                {text('stock', 'Stock', 'stock', 'number')}
                {text('price', 'Price (Ksh)', 'price', 'number')}
                {text('discount', 'Discount (%)', 'discountPercentage', 'number')}
              </section>
              <GiveOptions product={product} typedStock={values.stock} />
            </>
          )}
          <section className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-2">
            <h2 className="font-semibold text-slate-900 sm:col-span-2">Shipping</h2>
            {text('weight', 'Weight (g)', 'weight', 'number')}
            {text('width', 'Width (mm)', 'dimensions.width', 'number')}
            {text('height', 'Height (mm)', 'dimensions.height', 'number')}
            {text('depth', 'Depth (mm)', 'dimensions.depth', 'number')}
            {text('warranty', 'Warranty', 'warrantyInformation')}
            {text('shipping', 'Shipping information', 'shippingInformation')}
            {text('returns', 'Return policy', 'returnPolicy')}
          </section>
        </div>
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-700">Product Images</legend>
          <ImageSlot label="Main image" url={images[0] ?? null} onChange={setImage(0)} large />
          <div className="grid grid-cols-2 gap-3">
            <ImageSlot label="Extra image 1" url={images[1] ?? null} onChange={setImage(1)} />
            <ImageSlot label="Extra image 2" url={images[2] ?? null} onChange={setImage(2)} />
          </div>
          {errors.images && (
            <p role="alert" className="text-sm text-red-700">
              {errors.images}
            </p>
          )}
        </fieldset>
      </div>
      <Button type="submit" className="mt-6" disabled={saving}>
        {saving ? 'Saving...' : 'Save changes'}
      </Button>
    </form>
  );
}

export default function EditProductPage() {
  const id = Number(useParams().id);
  useDocumentTitle('Edit product');
  const can = useCan();
  const product = useQuery({ ...productQuery(id), enabled: Number.isInteger(id) && id > 0 });
  if (product.isPending) return <LoadingText />;
  if (product.isError)
    return <ErrorText>We could not load this product: {product.error.message}</ErrorText>;
  // A new key starts the form afresh when another product is opened.
  return (
    <>
      <Editor key={product.data.id} product={product.data} />
      {can('audit.read') && (
        <div className="mx-auto max-w-5xl">
          <PriceHistory productId={product.data.id} />
        </div>
      )}
    </>
  );
}
