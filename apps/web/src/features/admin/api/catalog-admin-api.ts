// The back office's catalogue calls. Its queries sit under the 'products' key, so that one
// invalidation after an edit refreshes both the back office and the shop's own product queries.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CategoryFacet,
  LowStockPage,
  Product,
  ProductCreate,
  ProductPage,
  ProductPatch,
  ProductSort,
  ProductUpdate,
  VariantPatch,
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
