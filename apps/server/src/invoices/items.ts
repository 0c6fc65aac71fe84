// Items are registered with eTIMS before they are first sold (issue 23): each product (and
// delivery) gets an item code once, from its row's sequence, and is registered again when what KRA
// was told (name, tax type, classification) changed since.
import type { InvoiceSourceLine } from '@duka/domain';
import type { Db } from '../db/client.ts';
import type { EtimsOutcome, EtimsPort } from './etims-client.ts';
import { classOf, itemCodeOf, itemRegistration, type Trader } from './request.ts';
import * as repo from './repo.ts';

/** The item code of each line's key, given out the first time it is sold. */
export async function itemCodes(db: Db, lines: InvoiceSourceLine[]): Promise<Map<string, string>> {
  const rows = await repo.itemRows(db, [...new Set(lines.map((l) => l.key))]);
  const codes = new Map<string, string>();
  for (const row of rows) {
    const code = row.itemCd ?? itemCodeOf(row.key, row.itemNo);
    if (!row.itemCd) await repo.setItemCode(db, row.key, code);
    codes.set(row.key, code);
  }
  return codes;
}

const sameRegistration = (a: Record<string, unknown> | null, b: Record<string, unknown>) =>
  a !== null && ['itemNm', 'taxTyCd', 'itemClsCd'].every((k) => a[k] === b[k]);

/** Registers the lines' items KRA does not know as they are; the first failure stops it. */
export async function registerItems(
  db: Db,
  port: EtimsPort,
  lines: InvoiceSourceLine[],
  codes: ReadonlyMap<string, string>,
  trader: Trader,
): Promise<Exclude<EtimsOutcome<null>, { kind: 'ok' }> | null> {
  const rows = new Map((await repo.itemRows(db, [...codes.keys()])).map((r) => [r.key, r]));
  for (const line of lines) {
    const itemCd = codes.get(line.key)!;
    const wanted = { itemNm: line.name, taxTyCd: line.taxType, itemClsCd: classOf(line, trader) };
    if (sameRegistration(rows.get(line.key)?.registered ?? null, wanted)) continue;
    const outcome = await port.saveItem(itemRegistration(line, itemCd, trader));
    if (outcome.kind !== 'ok') return outcome;
    await repo.markRegistered(db, line.key, wanted);
    rows.set(line.key, { ...rows.get(line.key)!, registered: wanted });
  }
  return null;
}
