// The name receipts and KRA's invoices carry: the shop's legal name when its settings give one
// (decision record 026), else ETIMS_TRADER_NAME. The PIN stays ETIMS_TIN: KRA's device is
// registered to it.
import type { Db } from '../db/client.ts';
import { readShopSettings } from '../settings/repo.ts';
import type { Trader } from './request.ts';

export async function namedTrader(db: Db, trader: Trader): Promise<Trader> {
  const { legal_name: legalName } = await readShopSettings(db);
  return legalName ? { ...trader, name: legalName } : trader;
}
