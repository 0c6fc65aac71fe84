// Returns as the API shows them: each with its lines, what it is worth, the exchange and its
// price difference, and the money given back for it; and the lines a shopper may still return.
import {
  exchangeTerms,
  nairobiDate,
  withinReturnWindow,
  type Return,
  type ReturnableLine,
  type ReturnResolution,
  type ReturnStatus,
  type TaxType,
} from '@duka/domain';
import type { RefundRow } from '../../payments/refunds/repo.ts';
import type { VariantOnSale } from '../../catalog/return-facts.ts';
import type { OrderItemRow } from '../repo.ts';
import { lastDayOf, orderRefusal, unitsTaken, type OrderFacts } from './facts.ts';
import type { ReturnRow } from './repo.ts';

/** The price an exchanged unit is compared at: its variant's shelf price now, else as paid. */
export function oldUnitCents(facts: OrderFacts, item: OrderItemRow): number {
  const now = facts.variants.find((v) => v.id === item.variantId);
  return now?.salePriceCents ?? item.unitPriceCents;
}

/** What exchanging this return costs now, from today's prices. */
export function termsOf(facts: OrderFacts, ret: ReturnRow) {
  const [line] = facts.lines.get(ret.id) ?? [];
  const item = facts.items.find((i) => i.id === line?.orderItemId);
  const wanted = facts.variants.find((v) => v.id === ret.exchangeVariantId);
  if (!line || !item || !wanted) return null;
  return exchangeTerms({
    returnedValueCents: facts.values.get(ret.id)?.totalCents ?? 0,
    oldUnitCents: oldUnitCents(facts, item),
    newUnitCents: wanted.salePriceCents,
    units: line.quantity,
    taxType: item.taxType as TaxType,
    pricesIncludeVat: facts.order.pricesIncludeVat,
  });
}

export interface Settled {
  /** Return id → its refunds, newest first. */
  refunds: ReadonlyMap<number, readonly RefundRow[]>;
  /** Replacement order id → its total. */
  replacements: ReadonlyMap<number, number>;
  /** Variant id → its title, for an exchange whose variant is no longer on sale. */
  variantTitles?: ReadonlyMap<number, string>;
}

export function toReturn(
  facts: OrderFacts,
  ret: ReturnRow,
  settled: Settled,
  audience: 'shopper' | 'staff',
): Return {
  const value = facts.values.get(ret.id);
  const refunds = settled.refunds.get(ret.id) ?? [];
  const wanted = facts.variants.find((v) => v.id === ret.exchangeVariantId);
  const replacementTotal = ret.exchangeOrderId
    ? settled.replacements.get(ret.exchangeOrderId)
    : undefined;
  const asked = refunds.reduce((sum, r) => sum + r.amountCents, 0);
  // Once the replacement is made its price difference is what it charged or what went back.
  const difference =
    replacementTotal !== undefined
      ? replacementTotal > 0
        ? replacementTotal
        : asked > 0
          ? -asked
          : 0
      : (termsOf(facts, ret)?.difference ?? 0);
  return {
    id: ret.id,
    order_id: ret.orderId,
    status: ret.status as ReturnStatus,
    resolution: ret.resolution as ReturnResolution,
    reason: ret.reason,
    note: ret.note,
    created_at: ret.createdAt.toISOString(),
    decided_at: ret.decidedAt?.toISOString() ?? null,
    received_at: ret.receivedAt?.toISOString() ?? null,
    lines: (facts.lines.get(ret.id) ?? []).map((line) => {
      const item = facts.items.find((i) => i.id === line.orderItemId)!;
      return {
        id: line.id,
        product_id: item.productId,
        variant_id: item.variantId,
        title: item.title,
        variant: item.variantTitle,
        image: item.image,
        quantity: line.quantity,
        restocked: line.restocked,
      };
    }),
    value: value?.totalCents ?? 0,
    exchange:
      ret.resolution === 'exchange' && ret.exchangeVariantId
        ? {
            variant_id: ret.exchangeVariantId,
            variant:
              wanted?.title ?? settled.variantTitles?.get(ret.exchangeVariantId) ?? 'Another size',
            difference,
            order_id: ret.exchangeOrderId,
          }
        : null,
    refunds: refunds.map((r) => ({
      id: r.id,
      amount: r.amountCents,
      status: r.status as Return['refunds'][number]['status'],
      reference: r.reference,
      // The provider's words are for the back office; the shopper sees the refund failed.
      failure: audience === 'staff' ? r.failure : null,
    })),
  };
}

function exchangeOptions(variants: readonly VariantOnSale[], item: OrderItemRow) {
  return variants
    .filter((v) => v.productId === item.productId && v.id !== item.variantId)
    .map((v) => ({
      variant_id: v.id,
      variant: v.title,
      price: v.salePriceCents,
      in_stock: v.stock > 0,
    }));
}

/** The lines a shopper may return today, with how many of each; none when the order is not open. */
export function returnableLines(facts: OrderFacts, now: Date): ReturnableLine[] {
  if (orderRefusal(facts)) return [];
  const taken = unitsTaken(facts);
  return facts.items.flatMap((item) => {
    const last = lastDayOf(facts, item);
    const left = item.quantity - (taken.get(item.id) ?? 0);
    if (!withinReturnWindow(last, now) || left <= 0) return [];
    return [
      {
        product_id: item.productId,
        variant_id: item.variantId,
        title: item.title,
        variant: item.variantTitle,
        image: item.image,
        price: item.unitPriceCents,
        bought: item.quantity,
        returnable: left,
        return_by: last ? nairobiDate(last) : null,
        exchange_options: exchangeOptions(facts.variants, item),
      },
    ];
  });
}
