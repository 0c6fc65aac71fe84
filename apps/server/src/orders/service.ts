// Orders: placing one from priced lines, the shopper's own orders, the back office's list and
// lifecycle moves. Every query of a shopper's orders is filtered by the user id from the token.
import {
  canMove,
  discountedTotals,
  transitionRefusal,
  type AdminOrderPage,
  type CheckoutLine,
  type TaxType,
  type OrderDetail,
  type OrderPage,
  type OrderStatus,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { removeFromCart } from '../cart/repo.ts';
import { removeCartCoupon } from '../cart/coupon.ts';
import { lockStock, returnStock, takeStock } from '../catalog/stock/index.ts';
import { conflict, found, notFound, unprocessable } from '../lib/http-error.ts';
import { paged, type PageRequest } from '../lib/paged.ts';
import * as paymentsRepo from '../payments/repo.ts';
import { orderMoney } from '../payments/money.ts';
import { moneyOfOrders } from '../payments/orders-money.ts';
import { settlePartPayments } from '../payments/part-payments.ts';
import { toAdminOrder, toOrder, toOrderDetail, toTimeline } from './mappers.ts';
import { DEFAULT_BRANCH, issueSaleInvoice } from '../invoices/issue.ts';
import { notifyOrderPaid, notifyStatusChange } from './notifications.ts';
import * as repo from './repo.ts';
import {
  deliveryDiscountOf,
  discountsOf,
  saveOrderDiscounts,
  type OrderDiscountLine,
} from './discounts.ts';
import { markUsesUsed, releaseUses } from '../promotions/reserve.ts';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import type { AuditTrail } from '../audit/trail.ts';
import type { Locale } from '@duka/domain/i18n/locale';

/** How a payment that will never be captured is closed, and why. */
export interface Closing {
  status: 'cancelled' | 'expired';
  reason: string;
  /** The admin who cancelled it; the shop itself when absent. */
  actorId?: number;
}

/**
 * Cancels an unpaid order (awaiting payment now or on delivery) and gives its reserved stock back,
 * in the caller's transaction, closing its open payments. Returns false (and changes nothing) when
 * the order was no longer unpaid, so a cancel racing a payment can never release stock that was
 * sold.
 */
export async function cancelUnpaidOrder(tx: Tx, orderId: number, closing: Closing) {
  const moved = await repo.moveOrder(
    tx,
    orderId,
    ['pending_payment', 'confirmed'],
    { status: 'cancelled', expiresAt: null },
    { actorId: closing.actorId ?? null, note: closing.reason },
  );
  if (!moved) return false;
  await returnStock(tx, await repo.stockLinesOf(tx, orderId));
  // Its promotions' uses go back with its stock: a failed payment never uses up a coupon.
  await releaseUses(tx, orderId);
  await paymentsRepo.closeOpenPayments(tx, orderId, closing.status, closing.reason);
  return true;
}

/**
 * The one way an order becomes paid by its payment (PayPal, the sandbox, M-Pesa), in the caller's
 * transaction that recorded the payment: the stock reservation becomes a sale, and what was bought
 * leaves the cart. Whatever must follow a sale (the confirmation message…) is written here too, in
 * the same transaction, so it can never be lost or sent for a sale that did not happen.
 */
/** What a sale needs of the app it happens in: the eTIMS branch its invoice is numbered in. */
export interface SaleContext {
  invoiceBranch: string;
}

export async function markOrderPaid(
  tx: Tx,
  order: repo.OrderRow,
  paidAt: Date,
  sale: SaleContext,
): Promise<void> {
  await repo.updateOrder(tx, order.id, { status: 'paid', paidAt, expiresAt: null });
  const bought = await repo.stockLinesOf(tx, order.id);
  await removeFromCart(tx, order.userId, bought);
  // The code went with the order: the next cart starts without it.
  await removeCartCoupon(tx, order.userId);
  await becamePaid(tx, order, paidAt, sale);
}

/**
 * What follows every sale, in the transaction that made it one: its tax invoice (numbered now,
 * sent by the invoices worker) and the shopper's confirmation.
 */
async function becamePaid(
  tx: Tx,
  order: repo.OrderRow,
  paidAt: Date,
  sale: SaleContext,
): Promise<void> {
  await markUsesUsed(tx, order.id);
  const items = (await repo.itemsOf(tx, [order.id])).get(order.id) ?? [];
  await issueSaleInvoice(
    tx,
    order.id,
    {
      customerName: order.buyerName ?? order.shippingName,
      customerPin: order.buyerPin,
      paymentMethod: order.paymentMethod,
      pricesIncludeVat: order.pricesIncludeVat,
      vatCents: order.vatCents,
      deliveryCents: order.shippingCents,
      deliveryDiscountCents: deliveryDiscountOf(order, items),
      at: paidAt,
      lines: items.map((i) => ({
        productId: i.productId,
        name: i.title,
        unitPriceCents: i.unitPriceCents,
        quantity: i.quantity,
        taxType: i.taxType as TaxType,
        discountCents: i.discountCents,
      })),
    },
    sale.invoiceBranch,
  );
  await notifyOrderPaid(tx, { ...order, paidAt }, paidAt);
}

/**
 * An order to be paid on delivery: it keeps its stock without expiring, leaves the cart, and is no
 * longer an open checkout (a newer one does not replace it). False when it was not awaiting payment.
 */
export async function confirmForPaymentOnDelivery(tx: Tx, order: repo.OrderRow): Promise<boolean> {
  const moved = await repo.moveOrder(tx, order.id, 'pending_payment', {
    status: 'confirmed',
    expiresAt: null,
  });
  if (!moved) return false;
  const bought = await repo.stockLinesOf(tx, order.id);
  await removeFromCart(tx, order.userId, bought);
  await removeCartCoupon(tx, order.userId);
  return true;
}

/**
 * The money of an order paid on delivery came in after it left (packed, shipped, at its point):
 * it is paid where it is, and the shopper gets the confirmation of payment.
 */
export async function markPaidOnTheWay(
  tx: Tx,
  order: repo.OrderRow,
  paidAt: Date,
  sale: SaleContext,
) {
  await repo.updateOrder(tx, order.id, { paidAt });
  await repo.recordStatus(tx, order.id, order.status, { note: 'Payment received' });
  await becamePaid(tx, order, paidAt, sale);
}

/** True while one of the order's payments is being captured: its outcome is not known yet. */
async function captureInFlight(tx: Tx, orderId: number): Promise<boolean> {
  return (await paymentsRepo.capturingPayments(tx, orderId)).length > 0;
}

export interface PricedLine {
  productId: number;
  variantId: number;
  title: string;
  /** '42 / Black'; '' for a product without options. */
  variantTitle: string;
  sku?: string | null;
  taxType?: TaxType;
  image: string;
  quantity: number;
  salePriceCents: number;
}

export interface OrderPlacement {
  userId: number;
  lines: readonly PricedLine[];
  address: {
    shippingName: string;
    streetAddress: string;
    apartmentNumber: string | null;
    city: string;
    zipCode: string;
    email: string;
  };
  /** A business buyer's KRA PIN and name, for its tax invoice. */
  buyer?: { pin: string; name: string | null } | null;
  /** Where and how it goes, and what that costs (delivery/quote.ts). */
  delivery: OrderDelivery;
  /** PRICES_INCLUDE_VAT: shelf prices include VAT. */
  pricesIncludeVat: boolean;
  paymentMethod: string;
  expiresAt: Date | null;
  /** What promotions take off (issue 36); none when absent. */
  discounts?: PlacementDiscounts;
  /** The shop's language it is placed in: its e-mails and SMS use it (issue 37). */
  language?: Locale;
}

/** The promotions' discounts of an order to be made, worked out by checkout. */
export interface PlacementDiscounts {
  /** Each line's discount in cents, in the order of `lines`. */
  lineCents: readonly number[];
  deliveryCents: number;
  /** The promotions applied, as the order keeps them. */
  applied: readonly OrderDiscountLine[];
}

export interface OrderDelivery {
  feeCents: number;
  etaMinDays: number;
  etaMaxDays: number;
  countyCode: string | null;
  phone: string | null;
  kind: 'home' | 'pickup';
  pickupPoint: { id: number; name: string; address: string; openingHours: string } | null;
}

/** A line as messages name it: 'Sneaker (42 / Black)'. */
function displayTitle(line: Pick<PricedLine, 'title' | 'variantTitle'>): string {
  return withVariant(line.title, line.variantTitle);
}

/** Priced lines as the totals take them: sale price, quantity and tax type. */
export function checkoutLinesOf(lines: readonly PricedLine[]): CheckoutLine[] {
  return lines.map((l) => ({
    unitPriceCents: l.salePriceCents,
    quantity: l.quantity,
    taxType: l.taxType ?? 'B',
  }));
}

/** The order's totals: its lines less their discounts, delivery less its own, and VAT on that. */
export function placementTotals(placement: OrderPlacement) {
  const discounts = placement.discounts;
  const lines = checkoutLinesOf(placement.lines).map((l, i) => ({
    ...l,
    discountCents: discounts?.lineCents[i] ?? 0,
  }));
  return discountedTotals(lines, placement.delivery.feeCents, {
    pricesIncludeVat: placement.pricesIncludeVat,
    deliveryDiscountCents: discounts?.deliveryCents ?? 0,
  });
}

/**
 * Makes an order from priced lines and reserves its stock, in the caller's transaction. The
 * shopper's earlier unpaid orders are cancelled first: one open checkout per shopper.
 */
export async function placeOrder(tx: Tx, placement: OrderPlacement): Promise<repo.OrderRow> {
  const { lines } = placement;
  // Locks in one global order: the shopper's open orders, then every stock row this transaction
  // moves (what the replaced orders give back and what the new one takes) together, by id.
  const replaced: number[] = [];
  for (const id of await repo.lockOpenOrderIds(tx, placement.userId)) {
    // An order whose payment is being captured right now may turn out paid: leave it be.
    if (!(await captureInFlight(tx, id))) replaced.push(id);
  }
  const givenBack = await Promise.all(replaced.map((id) => repo.stockLinesOf(tx, id)));
  await lockStock(
    tx,
    [...givenBack.flat(), ...lines].map((l) => l.productId),
  );
  for (const id of replaced) {
    await cancelUnpaidOrder(tx, id, {
      status: 'cancelled',
      reason: 'replaced by a newer checkout',
    });
  }
  await takeStock(
    tx,
    lines.map((l) => ({ ...l, title: displayTitle(l) })),
  );
  const { delivery } = placement;
  const totals = placementTotals(placement);
  const order = await repo.insertOrder(
    tx,
    {
      userId: placement.userId,
      status: 'pending_payment',
      itemCount: totals.itemCount,
      itemsCents: totals.itemsCents,
      shippingCents: totals.shippingCents,
      vatCents: totals.vatCents,
      totalCents: totals.totalCents,
      discountCents: totals.discountTotalCents,
      ...placement.address,
      buyerPin: placement.buyer?.pin ?? null,
      buyerName: placement.buyer?.name ?? null,
      countyCode: delivery.countyCode,
      phone: delivery.phone,
      delivery: delivery.kind,
      pickupPointId: delivery.pickupPoint?.id ?? null,
      pickupPoint: delivery.pickupPoint && {
        name: delivery.pickupPoint.name,
        address: delivery.pickupPoint.address,
        openingHours: delivery.pickupPoint.openingHours,
      },
      etaMinDays: delivery.etaMinDays,
      etaMaxDays: delivery.etaMaxDays,
      pricesIncludeVat: placement.pricesIncludeVat,
      paymentMethod: placement.paymentMethod,
      language: placement.language ?? 'en',
      expiresAt: placement.expiresAt,
    },
    lines.map((l, i) => ({
      productId: l.productId,
      variantId: l.variantId,
      title: l.title,
      variantTitle: l.variantTitle,
      sku: l.sku ?? null,
      taxType: l.taxType ?? 'B',
      image: l.image,
      unitPriceCents: l.salePriceCents,
      quantity: l.quantity,
      discountCents: placement.discounts?.lineCents[i] ?? 0,
    })),
  );
  await saveOrderDiscounts(tx, order.id, placement.discounts?.applied ?? []);
  return order;
}

/**
 * The shopper pays an open order of theirs again (another way, or after a failed prompt): the same
 * order, its stock still held, given the new way of paying and a fresh time to pay. Another
 * shopper's order, or one no longer awaiting payment, is refused.
 */
export async function reopenForPayment(
  tx: Tx,
  userId: number,
  orderId: number,
  reopened: { paymentMethod: string; expiresAt: Date; language?: Locale },
): Promise<repo.OrderRow> {
  const order = await repo.lockOrder(tx, orderId);
  if (!order || order.userId !== userId) throw notFound(`The order ${orderId}`);
  if (order.status !== 'pending_payment') {
    throw conflict('This order is no longer waiting for payment.', 'ORDER_NOT_PAYABLE');
  }
  // An exchange's replacement never expires: its stock was the returned item's (returns/exchange.ts).
  const values = order.exchangeForOrderId ? { ...reopened, expiresAt: null } : reopened;
  await repo.updateOrder(tx, orderId, values);
  return { ...order, ...values };
}

export async function listOwnOrders(db: Db, userId: number, page: PageRequest): Promise<OrderPage> {
  const result = await paged(
    'orders',
    page,
    repo.ownOrderRows(db, userId),
    repo.countOwnOrders(db, userId),
    (row) => row,
  );
  const ids = result.orders.map((r) => r.id);
  const [items, money, discounts] = await Promise.all([
    repo.itemsOf(db, ids),
    moneyOfOrders(db, result.orders),
    discountsOf(db, ids),
  ]);
  return {
    ...result,
    orders: result.orders.map((r) =>
      toOrder(r, items.get(r.id) ?? [], money.get(r.id)!, discounts.get(r.id) ?? []),
    ),
  };
}

export async function getOwnOrder(db: Db, userId: number, orderId: number): Promise<OrderDetail> {
  // Another shopper's order is answered exactly like a missing one.
  const { order, phone } = found(
    await repo.ownOrderWithPhone(db, userId, orderId),
    `The order ${orderId}`,
  );
  const [items, payment, timeline, money, discounts] = await Promise.all([
    repo.itemsOf(db, [order.id]),
    paymentsRepo.settlingPayment(db, order.id),
    repo.timelineOf(db, order.id),
    orderMoney(db, order),
    discountsOf(db, [order.id]),
  ]);
  return toOrderDetail(
    order,
    items.get(order.id) ?? [],
    phone,
    payment,
    toTimeline(timeline),
    money,
    discounts.get(order.id) ?? [],
  );
}

export async function listAdminOrders(
  db: Db,
  page: PageRequest & { status?: OrderStatus | undefined },
): Promise<AdminOrderPage> {
  const where = repo.withStatus(page.status);
  const result = await paged(
    'orders',
    page,
    repo.adminOrderRows(db, where),
    repo.countOrders(db, where),
    (row) => row,
  );
  return { ...result, orders: await withMoney(db, result.orders) };
}

/** Admin rows as the API shows them, each with its money (partially paid…) and discounts. */
async function withMoney(db: Db, rows: repo.AdminOrderRow[]) {
  const orders = rows.map((r) => r.order);
  const [money, discounts] = await Promise.all([
    moneyOfOrders(db, orders),
    discountsOf(
      db,
      orders.map((o) => o.id),
    ),
  ]);
  return rows.map((row) =>
    toAdminOrder(row, money.get(row.order.id)!, discounts.get(row.order.id) ?? []),
  );
}

export async function adminOrder(db: Db, id: number) {
  const row = found(await repo.adminOrderById(db, id), `The order ${id}`);
  const [money, discounts] = await Promise.all([orderMoney(db, row.order), discountsOf(db, [id])]);
  return toAdminOrder(row, money, discounts.get(id) ?? []);
}

/**
 * An administrator moves an order along its lifecycle. Cancelling an unpaid order returns its
 * stock; marking it paid (paid some other way) closes the payment still open at the provider, so
 * a late return finds the order no longer awaiting payment.
 */
export async function changeStatus(
  db: Db,
  id: number,
  next: OrderStatus,
  by: {
    actorId?: number;
    courier?: string | undefined;
    trackingNumber?: string | undefined;
    audit?: AuditTrail;
    /** For a move to paid: where its invoice is numbered (DEFAULT_BRANCH when not said). */
    sale?: SaleContext;
  } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const order = found(await repo.lockOrder(tx, id), `The order ${id}`);
    if (!canMove(order, next)) {
      throw unprocessable(transitionRefusal(order, next), 'ILLEGAL_TRANSITION');
    }
    const inFlight =
      (await captureInFlight(tx, id)) || (await paymentsRepo.waitingPayments(tx, id)).length > 0;
    if (order.status === 'pending_payment' && inFlight) {
      throw conflict(
        'A payment for this order is being confirmed right now. Please try again in a minute.',
        'PAYMENT_IN_FLIGHT',
      );
    }
    if (next === 'cancelled') {
      await cancelUnpaidOrder(tx, id, {
        status: 'cancelled',
        reason: 'cancelled by an administrator',
        ...(by.actorId !== undefined && { actorId: by.actorId }),
      });
      await notifyStatusChange(tx, order, next);
      await by.audit?.record(tx, statusEntry(id, order.status, next));
      return;
    }
    const now = new Date();
    const shipment =
      next === 'shipped'
        ? { courier: by.courier ?? null, trackingNumber: by.trackingNumber ?? null }
        : {};
    await repo.updateOrder(
      tx,
      id,
      {
        status: next,
        ...(next === 'paid' ? { paidAt: now, expiresAt: null } : {}),
        ...shipment,
      },
      {
        actorId: by.actorId ?? null,
        note: next === 'shipped' ? shipmentNote(by.courier, by.trackingNumber) : null,
      },
    );
    if (next === 'paid') {
      // A part already paid from the M-Pesa menu is the order's money, not money to give back.
      await settlePartPayments(tx, id, now);
      await paymentsRepo.closeOpenPayments(tx, id, 'cancelled', 'marked paid by an administrator');
      await becamePaid(tx, order, now, by.sale ?? { invoiceBranch: DEFAULT_BRANCH });
    }
    await by.audit?.record(tx, statusEntry(id, order.status, next, shipment));
    await notifyStatusChange(
      tx,
      { ...order, ...shipment, paidAt: next === 'paid' ? now : order.paidAt },
      next,
      now,
    );
  });
}

/** An order's move as the audit log records it. */
export const statusEntry = (
  id: number,
  from: string,
  to: string,
  extra: Record<string, unknown> = {},
) => ({
  action: 'order.status.update',
  entity: 'order',
  entityId: id,
  before: { status: from },
  after: { status: to, ...extra },
});

/** 'G4S, tracking number KE123': how a shipment is written on the timeline. */
export function shipmentNote(courier?: string, trackingNumber?: string): string | null {
  if (!courier && !trackingNumber) return null;
  return [courier, trackingNumber && `tracking number ${trackingNumber}`]
    .filter(Boolean)
    .join(', ');
}

/** Orders whose number is `orderId` or whose customer's e-mail matches the LIKE pattern. */
export async function searchOrders(
  db: Db,
  pattern: string,
  orderId: number | undefined,
  limit: number,
) {
  return withMoney(db, await repo.searchOrderRows(db, pattern, orderId).limit(limit));
}
