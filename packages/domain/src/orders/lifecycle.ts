// The order lifecycle (DESIGN.md, "Where we do better" 6 and 7):
//   pending_payment → paid → processing → shipped → delivered
//   pending_payment → confirmed (to be paid on delivery) → processing → shipped / ready for pickup
//     → delivered, the money recorded on the way (paid_at), or cancelled before it leaves
//   a pickup order: … → ready_for_pickup → delivered (collected)
//   pending_payment → cancelled (stock goes back), paid → refunded
//   refund_due → refunded: money that came in for an order that could not be revived (issue 14)
//   shipped / ready for pickup → returned_to_sender: the parcel came back (refused at the door, not
//     delivered, not collected): cancelled, its stock back, any money taken refunded (issue 34)
// Plain data, no zod: the server's database enum and the back office's controls both read it.
export const ORDER_STATUSES = [
  'pending_payment',
  /** Placed to be paid on delivery: its stock is held without expiring until it is collected. */
  'confirmed',
  'paid',
  'processing',
  'shipped',
  /** At its pickup point, waiting for the shopper. */
  'ready_for_pickup',
  'delivered',
  'cancelled',
  /** Paid after it was cancelled or expired, and its stock was gone: the money must go back. */
  'refund_due',
  'refunded',
  /** The parcel came back (refused at the door, nobody there): cancelled, restocked, money back. */
  'returned_to_sender',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  // Packed and sent before it is paid; the money is recorded on the way (POST …/collect).
  confirmed: ['processing', 'shipped', 'ready_for_pickup', 'cancelled'],
  paid: ['processing', 'ready_for_pickup', 'refunded'],
  processing: ['shipped', 'ready_for_pickup', 'refunded'],
  shipped: ['delivered', 'returned_to_sender'],
  ready_for_pickup: ['delivered', 'returned_to_sender'],
  delivered: [],
  cancelled: [],
  refund_due: ['refunded'],
  refunded: [],
  returned_to_sender: [],
};

const GONE: readonly OrderStatus[] = [
  'cancelled',
  'refund_due',
  'refunded',
  'delivered',
  'returned_to_sender',
];

/**
 * Money may still come in for it: at checkout, or an order paid on delivery that is not paid yet
 * (confirmed, being packed, on its way or at its pickup point).
 */
export function awaitsPayment(order: { status: OrderStatus; paidAt: Date | null }): boolean {
  return order.paidAt === null && !GONE.includes(order.status) && order.status !== 'paid';
}

/**
 * Where an admin may move this order: the lifecycle's moves, less those that do not fit it (a
 * pickup point for an order going to a home; refunding or delivering what is not paid yet).
 */
export function nextStatuses(order: {
  status: OrderStatus;
  delivery: string;
  paidAt: Date | null;
}): OrderStatus[] {
  return ORDER_TRANSITIONS[order.status].filter((next) => {
    if (next === 'ready_for_pickup') return order.delivery === 'pickup';
    if (next === 'refunded' || next === 'delivered') return order.paidAt !== null;
    return true;
  });
}

/** Orders that brought money in: paid, and every later step except a refund. */
export const EARNING_STATUSES = [
  'paid',
  'processing',
  'shipped',
  'ready_for_pickup',
  'delivered',
] as const;

type Movable = Parameters<typeof nextStatuses>[0];

export function canMove(order: Movable, to: OrderStatus): boolean {
  return nextStatuses(order).includes(to);
}

/** Why a move is refused, in words for the admin. */
export function transitionRefusal(order: Movable, to?: OrderStatus): string {
  const from = order.status;
  if ((to === 'delivered' || to === 'refunded') && order.paidAt === null) {
    return 'This order is paid on delivery: record the payment first.';
  }
  if (to === 'ready_for_pickup' && order.delivery !== 'pickup') {
    return 'This order goes to a home address, not to a pickup point.';
  }
  const allowed = nextStatuses(order);
  return allowed.length
    ? `An order that is ${from} can only become ${allowed.join(' or ')}.`
    : `An order that is ${from} cannot change any more.`;
}

/** 'Apt 4B, Moi Avenue 12, Nairobi, 00100': the one-line address of the screens. */
export function shippingAddressOf(o: {
  apartmentNumber: string | null;
  streetAddress: string;
  city: string;
  zipCode: string;
}): string {
  return [o.apartmentNumber, o.streetAddress, o.city, o.zipCode].filter(Boolean).join(', ');
}
