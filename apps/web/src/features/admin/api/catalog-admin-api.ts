import type { Product, ProductCreate, ProductPatch } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

export const patchProduct = (id: number, patch: ProductPatch) =>
  api<Product>(`/products/${id}`, { method: 'PATCH', body: patch });

export const createProduct = (input: ProductCreate) =>
  api<{ message: string; product: Product }>('/products', { method: 'POST', body: input });
