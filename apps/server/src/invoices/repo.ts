// The invoices, eTIMS device and item tables: only invoices/ reads or writes them.
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { durableQueue } from '../lib/queue.ts';
import { etimsDevices, etimsItems, invoices } from './schema.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type DeviceRow = typeof etimsDevices.$inferSelect;

/**
 * Due invoices one claim at a time (lib/queue.ts), lowest numbers first, so a sale goes before its
 * credit note.
 */
export const { claimNext, finishClaim } = durableQueue(invoices, invoices.invoiceNo);

/** Freezes exactly what will be sent, the first time; every retry sends what is stored. */
export async function freezeRequest(db: Db, id: number, request: Record<string, unknown>) {
  await db
    .update(invoices)
    .set({ request })
    .where(and(eq(invoices.id, id), isNull(invoices.request)));
  const [row] = await db
    .select({ request: invoices.request })
    .from(invoices)
    .where(eq(invoices.id, id));
  return row!.request as Record<string, unknown>;
}

export async function saleOf(db: Db, orderId: number) {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'S')));
  return row;
}

export function invoicesOfOrder(db: Db, orderId: number) {
  return db
    .select()
    .from(invoices)
    .where(eq(invoices.orderId, orderId))
    .orderBy(asc(invoices.invoiceNo));
}

/** Newest number first, for a paged list (lib/paged.ts). */
export function listInvoices(db: Db, status: string | undefined) {
  const where: SQL | undefined = status ? eq(invoices.status, status) : undefined;
  return {
    rows: db.select().from(invoices).where(where).orderBy(desc(invoices.invoiceNo)),
    total: db.select({ n: count() }).from(invoices).where(where),
  };
}

/** A failed invoice goes back in the queue (after the cause is fixed), with the same number. */
export async function requeue(db: Db | Tx, id: number, now: Date) {
  const [row] = await db
    .update(invoices)
    .set({ status: 'pending', nextAttemptAt: now, claimedUntil: null })
    .where(and(eq(invoices.id, id), inArray(invoices.status, ['failed', 'pending'])))
    .returning();
  return row;
}

// ---------------------------------------------------------------- the device and its items

export async function deviceOf(db: Db, branch: string): Promise<DeviceRow | undefined> {
  const [row] = await db.select().from(etimsDevices).where(eq(etimsDevices.branch, branch));
  return row;
}

export async function saveDevice(db: Db, row: typeof etimsDevices.$inferInsert) {
  await db
    .insert(etimsDevices)
    .values(row)
    .onConflictDoUpdate({
      target: etimsDevices.branch,
      set: {
        sdcId: row.sdcId,
        mrcNo: row.mrcNo,
        cmcKeyEncrypted: row.cmcKeyEncrypted,
        sandbox: row.sandbox,
        initialisedAt: new Date(),
      },
    });
}

/** Each key's item row, made (with its sequence number) the first time it is sold. */
export async function itemRows(db: Db, keys: string[]) {
  if (keys.length === 0) return [];
  await db
    .insert(etimsItems)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
  return db.select().from(etimsItems).where(inArray(etimsItems.key, keys));
}

export async function setItemCode(db: Db, key: string, itemCd: string) {
  await db
    .update(etimsItems)
    .set({ itemCd })
    .where(and(eq(etimsItems.key, key), isNull(etimsItems.itemCd)));
}

export async function markRegistered(db: Db, key: string, registered: Record<string, unknown>) {
  await db
    .update(etimsItems)
    .set({ registered, registeredAt: new Date() })
    .where(eq(etimsItems.key, key));
}

export async function invoiceById(db: Db, id: number): Promise<InvoiceRow | undefined> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
  return row;
}

/** The invoices of these orders (a person's data export). */
export function invoicesOfOrders(db: Db, orderIds: number[]) {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(invoices)
    .where(inArray(invoices.orderId, orderIds))
    .orderBy(asc(invoices.invoiceNo));
}

/**
 * Erasure: the shop's copy of these orders' invoices keeps its numbers, lines and signature (KRA
 * holds the invoice as issued) but no longer names the buyer or carries its KRA PIN.
 */
export async function forgetBuyer(tx: Tx, orderIds: number[], name: string): Promise<void> {
  if (orderIds.length === 0) return;
  await tx
    .update(invoices)
    .set({
      source: sql`jsonb_set(${invoices.source}, '{customerName}', to_jsonb(${name}::text)) - 'customerPin'`,
      // jsonb_set of a null request is null; a path under a missing key leaves the JSON as it is.
      request: sql`jsonb_set(jsonb_set(jsonb_set(${invoices.request}, '{custNm}', to_jsonb(${name}::text)), '{custTin}', 'null'), '{receipt,custTin}', 'null')`,
    })
    .where(inArray(invoices.orderId, orderIds));
}
