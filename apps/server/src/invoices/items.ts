// Items are registered with eTIMS before they are first sold (issue 23): each product (and
// delivery) gets an item code once, from its row's sequence, and is registered again when what KRA
// was told (name, tax type, classification) changed since.
import type { InvoiceSourceLine } from '@duka/domain';
import type { Db } from '../db/client.ts';
import type { EtimsOutcome, EtimsPort } from './etims-client.ts';
import { classOf, itemCodeOf, itemRegistration, type Trader } from './request.ts';
import * as repo from './repo.ts';

export type ItemRow = Awaited<ReturnType<typeof repo.itemRows>>[number];

/** Each line's item row, by key, with its code given out the first time it is sold. */
export async function itemsOf(db: Db, lines: InvoiceSourceLine[]): Promise<Map<string, ItemRow>> {
  const rows = await repo.itemRows(db, [...new Set(lines.map((l) => l.key))]);
  const items = new Map<string, ItemRow>();
  for (const row of rows) {
    const itemCd = row.itemCd ?? itemCodeOf(row.key, row.itemNo);
    if (!row.itemCd) await repo.setItemCode(db, row.key, itemCd);
    items.set(row.key, { ...row, itemCd });
  }
  return items;
}

const sameRegistration = (a: Record<string, unknown> | null, b: Record<string, unknown>) =>
  a !== null && ['itemNm', 'taxTyCd', 'itemClsCd'].every((k) => a[k] === b[k]);

/** Registers the lines' items KRA does not know as they are; the first failure stops it. */
export async function registerItems(
  db: Db,
  port: EtimsPort,
  lines: InvoiceSourceLine[],
  items: Map<string, ItemRow>,
  trader: Trader,
): Promise<Exclude<EtimsOutcome<null>, { kind: 'ok' }> | null> {
  for (const line of lines) {
    const item = items.get(line.key)!;
    const wanted = { itemNm: line.name, taxTyCd: line.taxType, itemClsCd: classOf(line, trader) };
    if (sameRegistration(item.registered, wanted)) continue;
    const outcome = await port.saveItem(itemRegistration(line, item.itemCd!, trader));
    if (outcome.kind !== 'ok') return outcome;
    await repo.markRegistered(db, line.key, wanted);
    items.set(line.key, { ...item, registered: wanted });
  }
  return null;
}
