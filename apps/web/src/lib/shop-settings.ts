// What the shop says of itself (GET /api/settings): its name, how to reach it, its social pages,
// its return window and the home page's slides. The footer, the help pages, the product page and
// checkout read this one query, so no page can contradict another (decision record 026).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicShopSettings } from '@duka/domain/settings/schemas';
import { api } from './api-client.ts';

export const shopSettingsQuery = () =>
  queryOptions({
    queryKey: ['settings'],
    queryFn: () => api<PublicShopSettings>('/settings'),
    staleTime: 60_000,
  });

/** The settings, or undefined while they load (in the browser only: the server renders with them). */
export function useShopSettings(): PublicShopSettings | undefined {
  return useQuery(shopSettingsQuery()).data;
}
