// Recording the collection of an order paid on delivery: its payment is captured (in cash or by
// M-Pesa at the door, with the reference the admin typed) and the order becomes paid through the
// same settlement as every other payment, in one transaction.
import { and, eq } from 'drizzle-orm';
import { awaitsPayment, type Collection } from '@duka/domain';
import { payments as paymentsTable } from '../schema.ts';
import { conflict, found } from '../../lib/http-error.ts';
import type { Payments } from '../context.ts';
import { recordEvents } from '../events-repo.ts';
import * as repo from '../repo.ts';
import { takeUnmatchedReceipt } from '../mpesa/c2b/paid-in.ts';
import { settleSuccess } from '../settlement.ts';
import type { AuditTrail } from '../../audit/trail.ts';

export async function collectOnDelivery(
  p: Payments,
  orderId: number,
  collection: Collection,
  collectedBy: { id: number; email: string | null },
  audit?: AuditTrail,
): Promise<void> {
  await p.db.transaction(async (tx) => {
    const order = found(await repo.lockOrder(tx, orderId), `The order ${orderId}`);
    const [payment] = await tx
      .select()
      .from(paymentsTable)
      .where(
        and(
          eq(paymentsTable.orderId, orderId),
          eq(paymentsTable.method, 'pay_on_delivery'),
          eq(paymentsTable.status, 'created'),
        ),
      );
    if (!awaitsPayment(order) || !payment) {
      throw conflict('This order is not awaiting payment on delivery.', 'NOT_PAY_ON_DELIVERY');
    }
    const reference = collection.reference ? collection.reference.toUpperCase() : null;
    await recordEvents(tx, payment.id, [
      {
        kind: 'collection',
        body: JSON.stringify({ method: collection.method, reference }),
        note: `collected by ${collectedBy.email ?? 'an account without e-mail'} (user ${collectedBy.id})`,
      },
    ]);
    const settled = await settleSuccess(tx, p.applyToOrder, payment.id, {
      reference: payment.providerPaymentId,
      receipt: reference,
      paidAt: new Date(),
      resultDesc: collection.method === 'cash' ? 'Collected in cash' : 'Collected by M-Pesa',
    });
    if (settled.kind === 'rejected') {
      throw conflict(
        settled.paidOrderId === undefined
          ? `This payment could not be recorded: ${settled.reason}.`
          : `The reference ${reference} already paid order ${settled.paidOrderId}.`,
        'DUPLICATE_REFERENCE',
      );
    }
    // M-Pesa paid at the door to the shop's Till: its confirmation, unmatched for want of an
    // account number, is this money.
    if (reference) await takeUnmatchedReceipt(tx, reference, payment.id);
    await audit?.record(tx, {
      action: 'payment.collect',
      entity: 'order',
      entityId: orderId,
      before: { status: order.status },
      after: { status: 'paid', method: collection.method, reference, payment_id: payment.id },
    });
  });
}
