// The record of what was sent to and received from payment providers (bodies with secrets masked).
import { asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { paymentEvents } from './schema.ts';

export type PaymentEventRow = typeof paymentEvents.$inferSelect;

/** Bodies are capped: a stranger posting megabytes to the callback URL cannot fill the disk. */
const MAX_BODY_CHARS = 16_000;

/**
 * PostgreSQL's text holds no NUL character: a body that carries one (a stranger's, or a broken
 * provider's) is kept with it spelt out, never refused with a 500.
 */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\\u0000');
}

export interface NewEvent {
  kind: string;
  body: string;
  note?: string | null;
}

export async function recordEvents(
  db: Db | Tx,
  paymentId: number | null,
  events: readonly NewEvent[],
): Promise<void> {
  if (events.length === 0) return;
  await db.insert(paymentEvents).values(
    events.map((e) => ({
      paymentId,
      kind: e.kind,
      body: storableText(
        e.body.length > MAX_BODY_CHARS
          ? `${e.body.slice(0, MAX_BODY_CHARS)}… (${e.body.length} characters)`
          : e.body,
      ),
      note: e.note == null ? null : storableText(e.note),
    })),
  );
}

export function eventsOf(db: Db | Tx, paymentId: number) {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentId, paymentId))
    .orderBy(asc(paymentEvents.id));
}

/** The events of several payments, each payment's in the order they happened. */
export async function eventsOfPayments(
  db: Db | Tx,
  paymentIds: readonly number[],
): Promise<Map<number, PaymentEventRow[]>> {
  const byPayment = new Map<number, PaymentEventRow[]>();
  if (paymentIds.length === 0) return byPayment;
  const rows = await db
    .select()
    .from(paymentEvents)
    .where(inArray(paymentEvents.paymentId, [...paymentIds]))
    .orderBy(asc(paymentEvents.id));
  for (const row of rows) {
    const list = byPayment.get(row.paymentId!) ?? [];
    list.push(row);
    byPayment.set(row.paymentId!, list);
  }
  return byPayment;
}

/** Callbacks that matched no payment (no or a wrong secret, unknown ids), newest first. */
export const unmatchedEventRows = (db: Db) =>
  db
    .select()
    .from(paymentEvents)
    .where(isNull(paymentEvents.paymentId))
    .orderBy(desc(paymentEvents.id));

export const countUnmatchedEvents = (db: Db) =>
  db.select({ n: count() }).from(paymentEvents).where(isNull(paymentEvents.paymentId));

/**
 * Erasure: every copy of these texts (a person's phone numbers, in each form a provider writes
 * them) in any stored body or note is replaced by the mask, whichever payment it belongs to,
 * callbacks that matched none included. Amounts, receipts and result codes stay for the books.
 */
export async function maskInEvents(tx: Tx, texts: readonly string[], mask: string): Promise<void> {
  for (const text of new Set(texts)) {
    if (text.length < 6) continue; // too short to be anyone's; would mask amounts and dates
    await tx
      .update(paymentEvents)
      .set({
        body: sql`replace(${paymentEvents.body}, ${text}, ${mask})`,
        note: sql`replace(${paymentEvents.note}, ${text}, ${mask})`,
      })
      .where(
        sql`strpos(${paymentEvents.body}, ${text}) > 0 or strpos(${paymentEvents.note}, ${text}) > 0`,
      );
  }
}

/**
 * Erasure of who paid from the M-Pesa menu: in the Paybill/Till bodies that name one of these
 * receipts, the payer's phone and names are masked (the receipt and the amount stay).
 */
export async function maskPayerInC2bBodies(
  tx: Tx,
  receipts: readonly string[],
  mask: string,
): Promise<void> {
  for (const receipt of new Set(receipts)) {
    const rows = await tx
      .select({ id: paymentEvents.id, body: paymentEvents.body })
      .from(paymentEvents)
      .where(
        sql`${paymentEvents.kind} like 'c2b-%' and strpos(${paymentEvents.body}, ${receipt}) > 0`,
      );
    for (const row of rows) {
      let body: unknown;
      try {
        body = JSON.parse(row.body);
      } catch {
        continue; // not JSON: it paid nothing and names nobody the shop knows
      }
      if (!body || typeof body !== 'object') continue;
      const masked = { ...(body as Record<string, unknown>) };
      for (const field of ['MSISDN', 'FirstName', 'MiddleName', 'LastName']) {
        if (field in masked) masked[field] = mask;
      }
      await tx
        .update(paymentEvents)
        .set({ body: JSON.stringify(masked) })
        .where(eq(paymentEvents.id, row.id));
    }
  }
}
