// What delivering an order costs and takes (issue 22, decision record 020): to a county's homes, to
// an open pickup point, or with neither the specification's flat fee and days.
import { eq } from 'drizzle-orm';
import { DELIVERY_DAYS, DELIVERY_MESSAGES, SHIPPING_CENTS } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { pickupPoints } from './schema.ts';
import { badRequest } from '../lib/http-error.ts';
import { countyTerms, type CountyTerms } from './counties.ts';
import type { PickupPointRow } from './pickup-points.ts';

export interface DeliveryQuote {
  feeCents: number;
  etaMinDays: number;
  etaMaxDays: number;
  /** The county whose pay-on-delivery terms apply (the point's county for a pickup). */
  county: CountyTerms | null;
  pickupPoint: PickupPointRow | null;
}

export async function quoteDelivery(
  db: Db | Tx,
  choice: { countyCode: string | null; delivery: string; pickupPointId: number | null },
): Promise<DeliveryQuote> {
  if (choice.delivery === 'pickup' && choice.pickupPointId !== null) {
    const [point] = await db
      .select()
      .from(pickupPoints)
      .where(eq(pickupPoints.id, choice.pickupPointId));
    if (!point)
      throw badRequest(DELIVERY_MESSAGES.unknownPickupPoint, {
        pickup_point_id: DELIVERY_MESSAGES.unknownPickupPoint,
      });
    if (!point.active)
      throw badRequest(DELIVERY_MESSAGES.inactivePickupPoint, {
        pickup_point_id: DELIVERY_MESSAGES.inactivePickupPoint,
      });
    const county = await countyTerms(db, point.countyCode);
    return {
      feeCents: point.feeCents,
      etaMinDays: county.etaMinDays,
      etaMaxDays: county.etaMaxDays,
      county,
      pickupPoint: point,
    };
  }
  if (choice.countyCode) {
    const county = await countyTerms(db, choice.countyCode);
    return {
      feeCents: county.feeCents,
      etaMinDays: county.etaMinDays,
      etaMaxDays: county.etaMaxDays,
      county,
      pickupPoint: null,
    };
  }
  return {
    feeCents: SHIPPING_CENTS,
    etaMinDays: DELIVERY_DAYS.min,
    etaMaxDays: DELIVERY_DAYS.max,
    county: null,
    pickupPoint: null,
  };
}
