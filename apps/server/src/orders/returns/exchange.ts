// The replacement order of an exchange (issue 34), made when the returned goods arrive: the other
// size or colour, its stock reserved, going where the first order went. It costs what the new
// variant costs over the returned one (nothing at the same price, or when cheaper: that
// difference is refunded on the first order instead). At no charge it is paid already and is
// packed and shipped like any paid order; with something to pay it awaits payment, never expires
// and is no open checkout (a later checkout does not replace it), and ships once paid.
import { checkoutTotals, type ExchangeTerms, type TaxType } from '@duka/domain';
import type { Tx } from '../../db/client.ts';
import type { VariantOnSale } from '../../catalog/return-facts.ts';
import { takeStock } from '../../catalog/stock/index.ts';
import { conflict, HttpError } from '../../lib/http-error.ts';
import * as orders from '../repo.ts';
import { withVariant } from '@duka/domain/catalog/variant-choice';

/** How the replacement's payment reads when nothing is to pay. */
export const EXCHANGE_PAYMENT = 'Exchange (no charge)';

export async function makeReplacement(
  tx: Tx,
  order: orders.OrderRow,
  item: orders.OrderItemRow,
  variant: VariantOnSale,
  quantity: number,
  terms: ExchangeTerms,
  now: Date,
): Promise<orders.OrderRow> {
  const name = withVariant(item.title, variant.title);
  try {
    await takeStock(tx, [
      { productId: variant.productId, variantId: variant.id, quantity, title: name },
    ]);
  } catch (err) {
    if (err instanceof HttpError && err.code === 'OUT_OF_STOCK') {
      throw conflict(
        `“${name}” is out of stock, so the exchange cannot be sent: restock it first, or refuse the return with a note.`,
        'OUT_OF_STOCK',
      );
    }
    throw err;
  }
  const taxType = item.taxType as TaxType;
  const totals = checkoutTotals([{ unitPriceCents: terms.unitExtraCents, quantity, taxType }], 0, {
    pricesIncludeVat: order.pricesIncludeVat,
  });
  const free = totals.totalCents === 0;
  return orders.insertOrder(
    tx,
    {
      userId: order.userId,
      status: free ? 'paid' : 'pending_payment',
      itemCount: totals.itemCount,
      itemsCents: totals.itemsCents,
      shippingCents: 0,
      vatCents: totals.vatCents,
      totalCents: totals.totalCents,
      shippingName: order.shippingName,
      streetAddress: order.streetAddress,
      apartmentNumber: order.apartmentNumber,
      city: order.city,
      zipCode: order.zipCode,
      email: order.email,
      buyerPin: order.buyerPin,
      buyerName: order.buyerName,
      countyCode: order.countyCode,
      phone: order.phone,
      delivery: order.delivery,
      pickupPointId: order.pickupPointId,
      pickupPoint: order.pickupPoint,
      etaMinDays: order.etaMinDays,
      etaMaxDays: order.etaMaxDays,
      pricesIncludeVat: order.pricesIncludeVat,
      paymentMethod: free ? EXCHANGE_PAYMENT : order.paymentMethod,
      // Its messages speak the language of the order it replaces (issue 37).
      language: order.language,
      exchangeForOrderId: order.id,
      expiresAt: null,
      paidAt: free ? now : null,
    },
    [
      {
        productId: variant.productId,
        variantId: variant.id,
        title: item.title,
        variantTitle: variant.title,
        sku: variant.sku,
        taxType,
        image: variant.image ?? item.image,
        unitPriceCents: terms.unitExtraCents,
        quantity,
      },
    ],
  );
}
