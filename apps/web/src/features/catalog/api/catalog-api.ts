// Catalogue calls: fetch functions and their query options (keys live here, once).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  BrandFacet,
  CategoryFacet,
  Home,
  OptionFacet,
  Product,
  ProductPage,
  ProductSort,
  ReviewPage,
  Suggestion,
} from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export interface ProductQuery {
  q?: string | undefined;
  category?: string | undefined;
  brand?: string | undefined;
  /** 'Size:42': products with a variant in stock having every value given. */
  option?: readonly string[] | undefined;
  sort?: ProductSort | undefined;
  limit: number;
  skip: number;
}

async function productPage(
  path: string,
  query: Record<string, string | number | undefined | readonly string[]>,
) {
  const page = await api<ProductPage>(path, { query });
  // SPEC §8: the shape is checked, and a wrong one is said plainly.
  if (!Array.isArray(page?.products))
    throw new Error('Expected an array of products under "products" key');
  return page;
}

export const catalogQueries = {
  products: (query: ProductQuery) =>
    queryOptions({
      queryKey: ['products', 'list', query],
      queryFn: ({ signal: _signal }) => productPage('/products', { ...query }),
      placeholderData: keepPreviousData,
    }),
  product: (id: number) =>
    queryOptions({
      queryKey: ['products', 'detail', id],
      queryFn: () => api<Product>(`/products/${id}`),
      // A product that does not exist stays 'not found' (also when the server said so while
      // rendering the page) instead of being asked for again on every mount.
      retryOnMount: false,
    }),
  related: (category: string, exclude: number, page: number, pageSize: number) =>
    queryOptions({
      queryKey: ['products', 'related', category, exclude, page],
      queryFn: () =>
        productPage(`/products/category/${encodeURIComponent(category)}`, {
          exclude,
          limit: pageSize,
          skip: (page - 1) * pageSize,
        }),
      placeholderData: keepPreviousData,
    }),
  topPicks: (q: string, page: number, pageSize: number) =>
    queryOptions({
      queryKey: ['products', 'top-picks', q, page, pageSize],
      queryFn: () =>
        productPage('/products/top-picks', { q, limit: pageSize, skip: (page - 1) * pageSize }),
      placeholderData: keepPreviousData,
    }),
  weeklyOffers: (q: string, page: number, pageSize: number) =>
    queryOptions({
      queryKey: ['products', 'weekly-offers', q, page, pageSize],
      queryFn: () =>
        productPage('/products/weekly-offers', { q, limit: pageSize, skip: (page - 1) * pageSize }),
      placeholderData: keepPreviousData,
    }),
  suggest: (q: string) =>
    queryOptions({
      queryKey: ['search', 'suggest', q],
      queryFn: ({ signal }) => api<Suggestion[]>('/search/suggest', { query: { q }, signal }),
      staleTime: 60_000,
    }),
  home: () =>
    queryOptions({ queryKey: ['products', 'home'], queryFn: () => api<Home>('/products/home') }),
  categories: () =>
    queryOptions({
      queryKey: ['products', 'categories'],
      queryFn: () => api<CategoryFacet[]>('/products/categories'),
      staleTime: 5 * 60_000,
    }),
  /** Each option's values with how many products have them in stock (issue 21). */
  options: (category: string | undefined) =>
    queryOptions({
      queryKey: ['products', 'options', category ?? ''],
      queryFn: () => api<OptionFacet[]>('/products/options', { query: { category } }),
      staleTime: 60_000,
    }),
  brands: (category: string | undefined) =>
    queryOptions({
      queryKey: ['products', 'brands', category ?? ''],
      queryFn: () => api<BrandFacet[]>('/products/brands', { query: { category } }),
      staleTime: 5 * 60_000,
    }),
  reviews: (productId: number) =>
    queryOptions({
      queryKey: ['reviews', productId],
      queryFn: () => api<ReviewPage>(`/reviews/${productId}`),
    }),
};
