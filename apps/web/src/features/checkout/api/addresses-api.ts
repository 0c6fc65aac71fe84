// The shopper's saved addresses (GET/POST /api/addresses).
import { queryOptions } from '@tanstack/react-query';
import type { Address, AddressInput } from '@duka/domain/delivery/schemas';
import { api } from '../../../lib/api-client.ts';

export const addressQueries = {
  mine: () =>
    queryOptions({ queryKey: ['addresses'], queryFn: () => api<Address[]>('/addresses') }),
};

export const saveAddress = (input: AddressInput) =>
  api<Address>('/addresses', { method: 'POST', body: input });
