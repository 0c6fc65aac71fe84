// The order lifecycle (DESIGN.md, "Where we do better" 6 and 7):
//   pending_payment → paid → processing → shipped → delivered
//   pending_payment → confirmed (to be paid on delivery) → paid when collected, or cancelled
//   pending_payment → cancelled (stock goes back), paid → refunded
//   refund_due → refunded: money that came in for an order that could not be revived (issue 14)
// Plain data, no zod: the server's database enum and the back office's controls both read it.
export const ORDER_STATUSES = [
  'pending_payment',
  /** Placed to be paid on delivery: its stock is held without expiring until it is collected. */
  'confirmed',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  /** Paid after it was cancelled or expired, and its stock was gone: the money must go back. */
  'refund_due',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending_payment: ['paid', 'cancelled'],
  // Paid only by recording the collection (POST /api/admin/orders/{id}/collect).
  confirmed: ['cancelled'],
  paid: ['processing', 'refunded'],
  processing: ['shipped', 'refunded'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
  refund_due: ['refunded'],
  refunded: [],
};

/** Orders money may still come in for: at checkout, or to be paid on delivery. */
export const AWAITING_PAYMENT: readonly OrderStatus[] = ['pending_payment', 'confirmed'];
export const awaitsPayment = (status: OrderStatus) => AWAITING_PAYMENT.includes(status);

/** Orders that brought money in: paid, and every later step except a refund. */
export const EARNING_STATUSES = ['paid', 'processing', 'shipped', 'delivered'] as const;

export function canMove(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Why a move is refused, in words for the admin. */
export function transitionRefusal(from: OrderStatus): string {
  const allowed = ORDER_TRANSITIONS[from];
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
