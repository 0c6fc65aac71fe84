// Checkout: from a priced cart to an order whose payment has started. Amounts come only from the
// database; stock is reserved when the order is made (and given back by payments/ if the payment
// is cancelled, declined or expires). Which provider takes the payment is payments/' business.
import {
  COUPON_MESSAGES,
  discountedTotals,
  expectedDelivery,
  type CheckoutSummary,
  type SummaryQuery,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { lockShopper, pricedCartLines, type PricedCartLine } from '../cart/repo.ts';
import { cartCouponOf } from '../cart/coupon.ts';
import { countyTerms } from '../delivery/counties.ts';
import { quoteDelivery, type DeliveryQuote } from '../delivery/quote.ts';
import { assertWithinCap } from '../cart/service.ts';
import { conflict, unprocessable } from '../lib/http-error.ts';
import {
  checkoutLinesOf,
  placeOrder,
  placementTotals,
  reopenForPayment,
  type OrderDelivery,
  type OrderPlacement,
} from '../orders/service.ts';
import { openOrderLike } from '../orders/open-order.ts';
import { replaceableOrderIds, saveOrderDiscounts } from '../orders/discounts.ts';
import { lockPromotions, releaseUses, reserveUses } from '../promotions/reserve.ts';
import {
  cartPromotions,
  couponRefusal,
  limitedApplied,
  placementDiscounts,
  sameDiscounts,
  type CartPromotions,
} from './discounts.ts';
import type { Payments } from '../payments/context.ts';
import type { OrderTerms } from '../payments/provider.ts';
import {
  preparePayment,
  startPayment,
  type PaymentRequest,
  type PreparedPayment,
  type Started,
} from '../payments/start.ts';
import { readShopSettings } from '../settings/repo.ts';
import { findDetails } from './repo.ts';
import { withVariant } from '@duka/domain/catalog/variant-choice';
import type { Locale } from '@duka/domain/i18n/locale';
import { rememberLanguage } from '../auth/language.ts';

export interface CheckoutDeps {
  db: Db;
  payments: Payments;
  paymentTimeoutMinutes: number;
  maxUnitsPerLine: number;
}

/** What delivery to the shopper's chosen county or point costs and takes (the defaults without). */
export async function deliveryOf(db: Db | Tx, userId: number): Promise<DeliveryQuote> {
  const details = await findDetails(db, userId);
  return quoteDelivery(db, {
    countyCode: details?.countyCode ?? null,
    delivery: details?.delivery ?? 'home',
    pickupPointId: details?.pickupPointId ?? null,
  });
}

/** The saved delivery choice, or `choice` (step 1's, not saved yet: an unknown point is a 400). */
async function summaryDelivery(
  db: Db,
  userId: number,
  choice: SummaryQuery | undefined,
): Promise<DeliveryQuote> {
  if (choice?.delivery) {
    const pickup = choice.delivery === 'pickup';
    return quoteDelivery(db, {
      countyCode: choice.county ?? null,
      delivery: choice.delivery,
      pickupPointId: pickup ? (choice.pickup_point_id ?? null) : null,
    });
  }
  return deliveryOf(db, userId).catch(() =>
    // A point closed since step 1: priced as without one until the shopper chooses again.
    quoteDelivery(db, { countyCode: null, delivery: 'home', pickupPointId: null }),
  );
}

/**
 * Step 3's figures, and the cart's: with the cart's coupon code, or `code` when one is tried;
 * delivered as saved, or as `choice` says (step 1 pricing a county before it is saved).
 */
export async function summary(
  db: Db,
  userId: number,
  now = new Date(),
  code?: string | null,
  choice?: SummaryQuery,
): Promise<CheckoutSummary> {
  const lines = await pricedCartLines(db, userId);
  const pricesIncludeVat = (await readShopSettings(db)).prices_include_vat;
  const delivery = await summaryDelivery(db, userId, choice);
  const deliveryDays = { min: delivery.etaMinDays, max: delivery.etaMaxDays };
  const coupon = code === undefined ? await cartCouponOf(db, userId) : code;
  const promotions = await promotionsOf(db, userId, lines, delivery, coupon, now);
  const placed = placementDiscounts(lines, promotions.discounts);
  const totals = discountedTotals(
    checkoutLinesOf(lines).map((l, i) => ({ ...l, discountCents: placed.lineCents[i] ?? 0 })),
    delivery.feeCents,
    { pricesIncludeVat, deliveryDiscountCents: lines.length > 0 ? placed.deliveryCents : 0 },
  );
  return {
    lines: lines.map((l) => ({
      productId: l.productId,
      title: withVariant(l.title, l.variantTitle),
      quantity: l.quantity,
      lineTotalCents: l.salePriceCents * l.quantity,
    })),
    expectedDelivery: expectedDelivery(now, deliveryDays),
    deliveryDays,
    pricesIncludeVat,
    ...totals,
    discounts: placed.applied.map((a) => ({
      name: a.name,
      code: a.code,
      amountCents: a.amountCents,
      on: a.target,
    })),
    coupon: coupon === null ? null : { code: coupon, message: couponRefusal(promotions.discounts) },
  };
}

/** The cart's promotions, its open checkout's uses not counted (a new order replaces it). */
async function promotionsOf(
  db: Db | Tx,
  userId: number,
  lines: readonly PricedCartLine[],
  delivery: DeliveryQuote,
  code: string | null,
  now: Date,
): Promise<CartPromotions> {
  return cartPromotions(db, {
    userId,
    lines,
    delivery: { countyCode: delivery.county?.code ?? null, feeCents: delivery.feeCents },
    code,
    exceptOrderIds: await replaceableOrderIds(db, userId),
    now,
  });
}

/**
 * The cart's promotions for the order being made, in its transaction: the limited ones applied are
 * locked (in id order) and the engine runs again on the uses counted under the locks. When a
 * limit was reached meanwhile the order is refused, so the shopper never pays a total they did
 * not see: the code's own refusal ('This code has been used up.'), or that an offer ran out.
 */
async function reservablePromotions(
  tx: Tx,
  userId: number,
  lines: readonly PricedCartLine[],
  delivery: DeliveryQuote,
  now: Date,
): Promise<CartPromotions> {
  const code = await cartCouponOf(tx, userId);
  const seen = await promotionsOf(tx, userId, lines, delivery, code, now);
  const refused = couponRefusal(seen.discounts);
  if (refused) throw unprocessable(refused, 'COUPON_REFUSED');
  const limited = limitedApplied(seen);
  if (limited.length === 0) return seen;
  await lockPromotions(tx, limited);
  const counted = await promotionsOf(tx, userId, lines, delivery, code, now);
  if (sameDiscounts(seen.discounts, counted.discounts)) return counted;
  const message = couponRefusal(counted.discounts) ?? COUPON_MESSAGES.offerChanged;
  throw conflict(message, 'OFFER_CHANGED');
}

export async function shippingOf(db: Db | Tx, userId: number) {
  const details = await findDetails(db, userId);
  const placeKnown = details?.zipCode || details?.countyCode || details?.delivery === 'pickup';
  if (!details?.name || !details.streetAddress || !details.city || !placeKnown) {
    throw unprocessable('Please enter your shipping address first.', 'SHIPPING_MISSING');
  }
  if (!details.email) {
    throw unprocessable('Please enter your payment e-mail first.', 'PAYMENT_INFO_MISSING');
  }
  return {
    address: {
      shippingName: details.name,
      streetAddress: details.streetAddress,
      apartmentNumber: details.apartmentNumber,
      city: details.city,
      zipCode: details.zipCode ?? '',
      email: details.email,
    },
    phone: details.phone,
    buyer: details.kraPin ? { pin: details.kraPin, name: details.businessName } : null,
  };
}

/** The order's delivery as quoted, in the transaction that makes the order. */
function orderDelivery(quote: DeliveryQuote, phone: string | null): OrderDelivery {
  const point = quote.pickupPoint;
  return {
    feeCents: quote.feeCents,
    etaMinDays: quote.etaMinDays,
    etaMaxDays: quote.etaMaxDays,
    countyCode: quote.county?.code ?? null,
    phone,
    kind: point ? 'pickup' : 'home',
    pickupPoint: point && {
      id: point.id,
      name: point.name,
      address: point.address,
      openingHours: point.openingHours,
    },
  };
}

/**
 * Makes an order from the cart, reserving its stock, and asks payments to start paying it; or,
 * given `orderId`, pays that open order of the shopper's again (trying again never makes another
 * order). Without it, an order awaiting payment that is exactly what the cart would make now is
 * paid rather than replaced (issue 34). What the method needs (a phone to ask, a county that takes
 * payment on delivery) is checked before anything is made.
 */
export async function createPayment(
  deps: CheckoutDeps,
  userId: number,
  request: PaymentRequest & { orderId?: number | undefined; language?: Locale },
  baseUrl: string,
): Promise<Started> {
  const { db } = deps;
  // The shop's language the order is paid in: its messages, and the account's, use it (issue 37).
  const language = request.language ?? 'en';
  const expiresAt = () => new Date(Date.now() + deps.paymentTimeoutMinutes * 60_000);
  if (request.orderId !== undefined) {
    const { orderId } = request;
    const prepared = await preparePayment(deps.payments, userId, request);
    const order = await db.transaction(async (tx) => {
      // The account's row before the order's, in the order a new checkout locks them.
      await rememberLanguage(tx, userId, language);
      const reopened = await reopenForPayment(tx, userId, orderId, {
        paymentMethod: prepared.label,
        expiresAt: expiresAt(),
        language,
      });
      if (prepared.provider.refuseOrder) {
        const county = reopened.countyCode ? await countyTerms(tx, reopened.countyCode) : null;
        refuseUnlessPayable(prepared, { county, totalCents: reopened.totalCents });
      }
      return reopened;
    });
    return startPayment(deps.payments, prepared, { id: order.id, language }, baseUrl);
  }
  const { address, phone, buyer } = await shippingOf(db, userId);
  const prepared = await preparePayment(deps.payments, userId, request);

  // The order, its lines and the stock reservation: all or nothing.
  const order = await db.transaction(async (tx) => {
    // One open checkout per shopper: a concurrent second create-payment waits here, then finds
    // this order open and replaces it, so the stock is held once.
    await lockShopper(tx, userId);
    const lines = await pricedCartLines(tx, userId);
    if (lines.length === 0) throw unprocessable('Your cart is empty.', 'CART_EMPTY');
    for (const line of lines) assertWithinCap(line.quantity, deps.maxUnitsPerLine);
    const quote = await deliveryOf(tx, userId);
    // The shop's setting as it is now: a change applies to orders made from then on.
    const pricesIncludeVat = (await readShopSettings(tx)).prices_include_vat;
    const promotions = await reservablePromotions(tx, userId, lines, quote, new Date());
    const discounts = placementDiscounts(lines, promotions.discounts);
    const until = expiresAt();
    const placement: OrderPlacement = {
      userId,
      lines,
      address,
      buyer,
      delivery: orderDelivery(quote, phone),
      pricesIncludeVat,
      paymentMethod: prepared.label,
      expiresAt: until,
      discounts,
      language,
    };
    if (prepared.provider.refuseOrder) {
      const { totalCents } = placementTotals(placement);
      refuseUnlessPayable(prepared, { county: quote.county, totalCents });
    }
    const same = await openOrderLike(tx, placement);
    const order = same
      ? await reopenForPayment(tx, userId, same.id, {
          paymentMethod: prepared.label,
          expiresAt: until,
          language,
        })
      : await placeOrder(tx, placement);
    await rememberLanguage(tx, userId, language);
    if (same) {
      // Paid again: what it gets now replaces what it had (the same total, counted afresh).
      await releaseUses(tx, order.id);
      await saveOrderDiscounts(tx, order.id, discounts.applied);
    }
    const units = new Map(
      promotions.discounts.applied.map((a) => [a.promotionId, a.saleUnits ?? 0]),
    );
    await reserveUses(
      tx,
      { orderId: order.id, userId },
      [...units].map(([promotionId, n]) => ({ promotionId, units: n })),
    );
    return order;
  });
  return startPayment(deps.payments, prepared, { id: order.id, language }, baseUrl);
}

/** A method that pays only some orders (pay on delivery: by county, up to a maximum) says why not. */
function refuseUnlessPayable(prepared: PreparedPayment, order: OrderTerms): void {
  const refusal = prepared.provider.refuseOrder?.(order);
  if (refusal) throw refusal;
}
