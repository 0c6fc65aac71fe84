// An order's refunds as the API shows them, for the back office's order page (orders/ reads them
// through this function: the refunds table is payments/').
import type { Refund } from '@duka/domain';
import type { Db } from '../../db/client.ts';
import { toRefund } from './admin-routes.ts';
import { refundsOfOrder } from './repo.ts';

export async function orderRefunds(db: Db, orderId: number): Promise<Refund[]> {
  return (await refundsOfOrder(db, orderId)).map(toRefund);
}
