// The shop's settings in the back office (GET/PUT /api/admin/settings).
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  PublicShopSettings,
  ShopSettings,
  ShopSettingsInput,
} from '@duka/domain/settings/schemas';
import { api } from '../../../lib/api-client.ts';
import { shopSettingsQuery } from '../../../lib/shop-settings.ts';

export const adminSettingsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'settings'],
    queryFn: () => api<ShopSettings>('/admin/settings'),
  });

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ShopSettingsInput) =>
      api<ShopSettings>('/admin/settings', { method: 'PUT', body: input }),
    onSuccess: (saved) => {
      queryClient.setQueryData(adminSettingsQuery().queryKey, saved);
      // The shop's own pages in this tab show the change at once (a browser may keep the public
      // answer for a few seconds, so it is not fetched again here).
      queryClient.setQueryData(shopSettingsQuery().queryKey, (shown?: PublicShopSettings) =>
        shown ? { ...shown, ...saved } : shown,
      );
    },
  });
}
