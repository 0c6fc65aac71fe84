// The back office's catalogue calls. Its queries sit under the 'products' key, so that one
// invalidation after an edit refreshes both the back office and the shop's own product queries.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CategoryFacet,
  LowStockPage,
  Product,
  ProductCreate,
  ProductImport,
  ProductOptionsReplace,
  ProductPage,
  ProductPatch,
  ProductSort,
  ProductUpdate,
  VariantInput,
  VariantPatch,
  VariantStock,
} from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export interface AdminProductQuery {
  q?: string | undefined;
  sort: ProductSort;
  limit: number;
  skip: number;
}

export const adminProductsQuery = (query: AdminProductQuery) =>
  queryOptions({
    queryKey: ['products', 'admin', 'list', query],
    queryFn: () => api<ProductPage>('/products', { query: { ...query } }),
    placeholderData: keepPreviousData,
  });

export const adminCategoriesQuery = () =>
  queryOptions({
    queryKey: ['products', 'admin', 'categories'],
    queryFn: () => api<CategoryFacet[]>('/products/categories'),
    staleTime: 5 * 60_000,
  });

export const patchProduct = (id: number, patch: ProductPatch) =>
  api<Product>(`/products/${id}`, { method: 'PATCH', body: patch });

export const createProduct = (input: ProductCreate) =>
  api<{ message: string; product: Product }>('/products', { method: 'POST', body: input });

export const productQuery = (id: number) =>
  queryOptions({
    queryKey: ['products', 'admin', 'detail', id],
    queryFn: () => api<Product>(`/products/${id}`),
  });

export const updateProduct = (id: number, input: ProductUpdate) =>
  api<Product>(`/admin/products/${id}`, { method: 'PUT', body: input });

/** One variant's price (cents), discount, stock or SKU (issue 21). */
export const patchVariant = (productId: number, variantId: number, patch: VariantPatch) =>
  api<Product>(`/admin/products/${productId}/variants/${variantId}`, {
    method: 'PATCH',
    body: patch,
  });

/** The stock of several of a product's variants at once, all or nothing (All Products' Stock). */
export const setVariantStock = (productId: number, input: VariantStock) =>
  api<Product>(`/admin/products/${productId}/variants`, { method: 'PATCH', body: input });

/** The low-stock list: variants on sale with `threshold` units or fewer, the fewest first. */
export const lowStockQuery = (page: number, limit: number, threshold: number, q: string) =>
  queryOptions({
    queryKey: ['products', 'admin', 'low-stock', page, limit, threshold, q],
    queryFn: () =>
      api<LowStockPage>(
        `/admin/low-stock?${new URLSearchParams({
          limit: String(limit),
          skip: String((page - 1) * limit),
          threshold: String(threshold),
          ...(q ? { q } : {}),
        })}`,
      ),
    placeholderData: keepPreviousData,
  });

/** Sends a Shopify product CSV; the id chosen here lets the page follow its progress. */
export function importProducts(file: File, id: string, dryRun: boolean) {
  const form = new FormData();
  form.append('file', file);
  return api<ProductImport>('/admin/products/import', {
    method: 'POST',
    body: form,
    query: { dry_run: String(dryRun), import_id: id },
  });
}

/** An import's progress, asked for every half second while it runs or pictures still come. */
export const productImportQuery = (id: string | null) =>
  queryOptions({
    queryKey: ['products', 'admin', 'import', id],
    queryFn: () => api<ProductImport>(`/admin/products/imports/${id}`),
    enabled: id !== null,
    refetchInterval: (query) => {
      const data = query.state.data;
      return !data || data.status === 'running' || data.images_pending > 0 ? 500 : false;
    },
    // Before the server has recorded it, the import is not found yet: asked again shortly.
    retry: (count) => count < 20,
    retryDelay: 300,
  });

/** One more size or colour of a product already on sale. */
export const addVariant = (
  productId: number,
  input: Omit<VariantInput, 'stock'> & { stock: number },
) => api<Product>(`/admin/products/${productId}/variants`, { method: 'POST', body: input });

/** Takes a variant off sale (the server archives it when orders name it). */
export const removeVariant = (productId: number, variantId: number) =>
  api<Product>(`/admin/products/${productId}/variants/${variantId}`, { method: 'DELETE' });

/** New options and variants for a product (a plain product given sizes). */
export const replaceOptions = (productId: number, input: ProductOptionsReplace) =>
  api<Product>(`/admin/products/${productId}/options`, { method: 'PUT', body: input });
