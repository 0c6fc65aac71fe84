// The refunds asked for returned goods, for the returns screens (orders/returns/ reads them through
// this function: the refunds table is payments/'). The latest attempt of each return first.
import { desc, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { refunds } from '../schema.ts';
import type { RefundRow } from './repo.ts';

/** Return id → its refunds, newest first. */
export async function refundsOfReturns(
  db: Db | Tx,
  returnIds: readonly number[],
): Promise<Map<number, RefundRow[]>> {
  const byReturn = new Map<number, RefundRow[]>();
  if (returnIds.length === 0) return byReturn;
  const rows = await db
    .select()
    .from(refunds)
    .where(inArray(refunds.returnId, [...returnIds]))
    .orderBy(desc(refunds.id));
  for (const row of rows) {
    byReturn.set(row.returnId!, [...(byReturn.get(row.returnId!) ?? []), row]);
  }
  return byReturn;
}
