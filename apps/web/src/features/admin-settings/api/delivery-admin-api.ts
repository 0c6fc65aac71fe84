// The back office's changes to delivery: county terms (one or several at once) and pickup points.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CountyUpdate,
  DeliveryCounty,
  PickupPoint,
  PickupPointInput,
} from '@duka/domain/delivery/schemas';
import { api } from '../../../lib/api-client.ts';

function useInvalidateDelivery() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['delivery'] }),
      queryClient.invalidateQueries({ queryKey: ['admin', 'pickup-points'] }),
    ]);
}

export function useUpdateCounties() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: ({ codes, change }: { codes: string[]; change: CountyUpdate }) =>
      api<DeliveryCounty[]>('/admin/delivery/counties', {
        method: 'PATCH',
        body: { codes, ...change },
      }),
    onSuccess: invalidate,
  });
}

export function useSavePickupPoint() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: Partial<PickupPointInput> }) =>
      id === undefined
        ? api<PickupPoint>('/admin/pickup-points', { method: 'POST', body: input })
        : api<PickupPoint>(`/admin/pickup-points/${id}`, { method: 'PATCH', body: input }),
    onSuccess: invalidate,
  });
}

export function useDeletePickupPoint() {
  const invalidate = useInvalidateDelivery();
  return useMutation({
    mutationFn: (id: number) =>
      api<{ message: string }>(`/admin/pickup-points/${id}`, { method: 'DELETE' }),
    onSuccess: invalidate,
  });
}
