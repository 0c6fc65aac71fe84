// The back office's promotions (GET/POST /api/admin/promotions, PATCH/DELETE …/{id}; issue 36), and
// the catalogue's lists the form chooses from. Amounts in whole shillings, as the API speaks.
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  BrandFacet,
  CategoryFacet,
  Product,
  ProductPage,
  Promotion,
  PromotionPage,
} from '@duka/domain';
import { api } from '../../../lib/api-client.ts';
import type { PromotionBody } from '../components/promotion-draft.ts';

const KEY = ['admin', 'promotions'] as const;

export const promotionsQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...KEY, 'list', page, pageSize],
    queryFn: () =>
      api<PromotionPage>('/admin/promotions', {
        query: { limit: pageSize, skip: (page - 1) * pageSize },
      }),
    placeholderData: keepPreviousData,
  });

/** One promotion, for its form; a removed one is a 404 like any other. */
export const promotionQuery = (id: number) =>
  queryOptions({
    queryKey: [...KEY, 'one', id],
    queryFn: () => api<Promotion>(`/admin/promotions/${id}`),
  });

export const createPromotion = (body: PromotionBody) =>
  api<Promotion>('/admin/promotions', { method: 'POST', body });

/** The whole promotion as the form has it: a field it leaves out of its kind is sent as null. */
export const updatePromotion = (id: number, body: PromotionBody) =>
  api<Promotion>(`/admin/promotions/${id}`, { method: 'PATCH', body });

export const deletePromotion = (id: number) =>
  api<{ message: string }>(`/admin/promotions/${id}`, { method: 'DELETE' });

/** After any change: the list and the forms read afresh. */
export function useRefreshPromotions() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: KEY });
}

export function useDeletePromotion() {
  const refresh = useRefreshPromotions();
  return useMutation({ mutationFn: deletePromotion, onSuccess: () => refresh() });
}

// The catalogue's lists, under the 'products' key like every product query (an edit refreshes them).
export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['products', 'categories'],
    queryFn: () => api<CategoryFacet[]>('/products/categories'),
    staleTime: 5 * 60_000,
  });

export const brandsQuery = () =>
  queryOptions({
    queryKey: ['products', 'brands', ''],
    queryFn: () => api<BrandFacet[]>('/products/brands'),
    staleTime: 5 * 60_000,
  });

/** Products whose title has `q`, a few at a time, to choose from. */
export const productSearchQuery = (q: string) =>
  queryOptions({
    queryKey: ['products', 'admin', 'promotion-search', q],
    queryFn: () => api<ProductPage>('/products', { query: { q, limit: 8 } }),
    enabled: q.trim().length > 0,
    placeholderData: keepPreviousData,
  });

/** A chosen product's title, to show beside its id. */
export const productTitleQuery = (id: number) =>
  queryOptions({
    queryKey: ['products', 'admin', 'promotion-title', id],
    queryFn: () => api<Product>(`/products/${id}`),
    select: (p) => p.title,
    staleTime: 5 * 60_000,
  });
