// A person's orders in their data export, and erasure: orders stay for the accounts (and the
// dashboard's earnings) with the personal fields anonymised.
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { orders } from './schema.ts';
import { forgetPayers } from '../payments/data-rights.ts';
import { eventsOfPayments } from '../payments/events-repo.ts';
import { paymentsOfOrders } from '../payments/repo.ts';
import { forgetBuyer, invoicesOfOrders } from '../invoices/repo.ts';
import { taxInvoiceFor } from './mappers.ts';
import * as repo from './repo.ts';

export async function ordersOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.createdAt), asc(orders.id));
  const ids = rows.map((r) => r.id);
  const [items, paid, invoices] = await Promise.all([
    repo.itemsOf(db, ids),
    paymentsOfOrders(db, ids),
    invoicesOfOrders(db, ids),
  ]);
  const events = await eventsOfPayments(
    db,
    paid.map((p) => p.id),
  );
  return rows.map((o) => ({
    id: o.id,
    status: o.status,
    created_at: o.createdAt.toISOString(),
    paid_at: o.paidAt?.toISOString() ?? null,
    item_count: o.itemCount,
    items_total: o.itemsCents,
    shipping: o.shippingCents,
    vat: o.vatCents,
    total: o.totalCents,
    currency: 'KES (cents)',
    delivery: {
      name: o.shippingName,
      street_address: o.streetAddress,
      apartment_number: o.apartmentNumber,
      city: o.city,
      zip_code: o.zipCode,
      county_code: o.countyCode,
      phone: o.phone,
      pickup_point: o.pickupPoint,
    },
    email: o.email,
    tax_invoice_for: taxInvoiceFor(o),
    payment_method: o.paymentMethod,
    lines: (items.get(o.id) ?? []).map((i) => ({
      product_id: i.productId,
      title: i.title,
      unit_price: i.unitPriceCents,
      quantity: i.quantity,
    })),
    payments: paid
      .filter((p) => p.orderId === o.id)
      .map((p) => ({
        provider: p.provider,
        status: p.status,
        amount: p.amountCents,
        currency: p.currency,
        settlement_currency: p.settlementCurrency,
        settlement_amount_minor: p.settlementAmountMinor,
        transaction_id: p.transactionId,
        payer_id: p.payerId,
        phone: p.phone,
        provider_messages: (events.get(p.id) ?? []).map((e) => ({
          kind: e.kind,
          body: e.body,
          note: e.note,
          at: e.createdAt.toISOString(),
        })),
        created_at: p.createdAt.toISOString(),
        captured_at: p.capturedAt?.toISOString() ?? null,
      })),
    // Tax invoices as issued to KRA (kept by law, so kept on erasure too).
    tax_invoices: invoices
      .filter((i) => i.orderId === o.id)
      .map((i) => ({
        kind: i.kind === 'R' ? 'credit note' : 'invoice',
        number: i.invoiceNo,
        status: i.status,
        customer_name: i.source?.customerName ?? null,
        total: i.source?.totalCents ?? null,
      })),
  }));
}

/**
 * Keeps the orders (amounts, lines, status, receipts) and removes who and where: the delivery
 * address, the payer, the phone each M-Pesa payment was asked from, and those phones (and the
 * account's) wherever a provider's request or callback body carried them.
 */
const ERASED_NAME = 'Erased customer';

export async function anonymiseOrdersOf(
  tx: Tx,
  userId: number,
  email: string,
  accountPhone: string,
): Promise<void> {
  const ids = (
    await tx
      .update(orders)
      .set({
        shippingName: ERASED_NAME,
        streetAddress: '',
        apartmentNumber: null,
        city: '',
        zipCode: '',
        email,
        phone: null,
        buyerPin: null,
        buyerName: null,
        updatedAt: new Date(),
      })
      .where(eq(orders.userId, userId))
      .returning({ id: orders.id })
  ).map((r) => r.id);
  await forgetPayers(tx, ids, accountPhone);
  await forgetBuyer(tx, ids, ERASED_NAME);
}
