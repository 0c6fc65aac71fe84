// A product's audited changes, for its price history on the editor. The audit log belongs to the
// staff screens (admin-accounts); like any feature that needs another's endpoint, this one calls it
// itself (decision record 007), with the audit screen's query key and address.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { AuditPage } from '@duka/domain';
import { api } from '../../../lib/api-client.ts';

/** The newest 100 entries about one product. */
export const productAuditQuery = (productId: number) => {
  const filters = { entity: 'product', entity_id: String(productId) };
  return queryOptions({
    queryKey: ['admin', 'audit', filters, 1, 100],
    queryFn: () => api<AuditPage>('/admin/audit', { query: { ...filters, limit: 100, skip: 0 } }),
    placeholderData: keepPreviousData,
  });
};
