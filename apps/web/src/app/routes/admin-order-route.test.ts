// The refunds panel (admin-payments) asks again for the order page's own query (admin-orders)
// while a refund is on its way; each feature writes that query itself, so their keys must agree.
import { expect, it } from 'vitest';
import { adminOrderQuery } from '../../features/admin-orders/api/orders-admin-api.ts';
import { orderWithRefundsQuery } from '../../features/admin-payments/api/refunds-admin-api.ts';

it('the refunds panel polls the order page’s query', () => {
  expect(orderWithRefundsQuery(41).queryKey).toEqual(adminOrderQuery(41).queryKey);
});
