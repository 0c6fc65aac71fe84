// What delivery costs and takes (issue 22, decision record 020): a county's figures are the
// merchant's when set, else the specification's flat Ksh 50 and the delivery page's 3–5 days; a
// pickup point costs its own fee and takes its county's days. Read per request: 47 rows at most.
import { asc, eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_DAYS,
  DELIVERY_MESSAGES,
  KENYA_COUNTIES,
  SHIPPING_CENTS,
  countyName,
  type CountyBulkUpdate,
  type CountyUpdate,
  type DeliveryCounty,
  type PickupPoint,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { deliveryCounties, pickupPoints } from '../db/schema.ts';
import { badRequest, found, notFound } from '../lib/http-error.ts';
import type { AuditTrail } from '../audit/trail.ts';

/** A county's figures as the server computes with them: cents, days. */
export interface CountyTerms {
  code: string;
  name: string;
  feeCents: number;
  etaMinDays: number;
  etaMaxDays: number;
  payOnDelivery: boolean;
  payOnDeliveryMaxCents: number | null;
}

type CountyRow = typeof deliveryCounties.$inferSelect;

function termsOf(code: string, row: CountyRow | undefined): CountyTerms {
  return {
    code,
    name: countyName(code) ?? code,
    feeCents: row?.feeCents ?? SHIPPING_CENTS,
    etaMinDays: row?.etaMinDays ?? DELIVERY_DAYS.min,
    etaMaxDays: row?.etaMaxDays ?? DELIVERY_DAYS.max,
    payOnDelivery: row?.payOnDelivery ?? false,
    payOnDeliveryMaxCents: row?.payOnDeliveryMaxCents ?? null,
  };
}

export async function allCounties(db: Db | Tx): Promise<CountyTerms[]> {
  const rows = new Map((await db.select().from(deliveryCounties)).map((r) => [r.code, r]));
  return KENYA_COUNTIES.map(([code]) => termsOf(code, rows.get(code)));
}

export async function countyTerms(db: Db | Tx, code: string): Promise<CountyTerms> {
  if (!countyName(code)) throw notFound('County');
  const [row] = await db.select().from(deliveryCounties).where(eq(deliveryCounties.code, code));
  return termsOf(code, row);
}

export function countyView(t: CountyTerms): DeliveryCounty {
  return {
    code: t.code,
    name: t.name,
    fee: t.feeCents / 100,
    eta_min_days: t.etaMinDays,
    eta_max_days: t.etaMaxDays,
    pay_on_delivery: t.payOnDelivery,
    pay_on_delivery_max:
      t.payOnDeliveryMaxCents === null ? null : Math.floor(t.payOnDeliveryMaxCents / 100),
  };
}

/**
 * Applies the same changes to each county, in one transaction: every county changes or none. The
 * fewest days may not end above the most days, whichever of the two the change names.
 */
export async function updateCounties(
  db: Db,
  codes: readonly string[],
  change: CountyUpdate | Omit<CountyBulkUpdate, 'codes'>,
  audit?: AuditTrail,
): Promise<CountyTerms[]> {
  return db.transaction(async (tx) => {
    const rows = new Map(
      (
        await tx
          .select()
          .from(deliveryCounties)
          .where(inArray(deliveryCounties.code, [...codes]))
          .for('update')
      ).map((r) => [r.code, r]),
    );
    const updated: CountyTerms[] = [];
    for (const code of new Set(codes)) {
      const now = termsOf(code, rows.get(code));
      const next: CountyTerms = {
        ...now,
        ...(change.fee !== undefined && { feeCents: change.fee * 100 }),
        ...(change.eta_min_days !== undefined && { etaMinDays: change.eta_min_days }),
        ...(change.eta_max_days !== undefined && { etaMaxDays: change.eta_max_days }),
        ...(change.pay_on_delivery !== undefined && { payOnDelivery: change.pay_on_delivery }),
        ...(change.pay_on_delivery_max !== undefined && {
          payOnDeliveryMaxCents:
            change.pay_on_delivery_max === null ? null : change.pay_on_delivery_max * 100,
        }),
      };
      if (next.etaMinDays > next.etaMaxDays) {
        throw badRequest(`${now.name}: ${DELIVERY_MESSAGES.minAboveMax}`, {
          eta_min_days: DELIVERY_MESSAGES.minAboveMax,
        });
      }
      const values = {
        feeCents: next.feeCents,
        etaMinDays: next.etaMinDays,
        etaMaxDays: next.etaMaxDays,
        payOnDelivery: next.payOnDelivery,
        payOnDeliveryMaxCents: next.payOnDeliveryMaxCents,
        updatedAt: new Date(),
      };
      await tx
        .insert(deliveryCounties)
        .values({ code, ...values })
        .onConflictDoUpdate({ target: deliveryCounties.code, set: values });
      await audit?.record(tx, {
        action: 'delivery.county.update',
        entity: 'county',
        entityId: code,
        before: { ...now },
        after: { ...next },
      });
      updated.push(next);
    }
    return updated;
  });
}

// ---------------------------------------------------------------- pickup points

export type PickupPointRow = typeof pickupPoints.$inferSelect;

export function pickupPointView(row: PickupPointRow, county: CountyTerms): PickupPoint {
  return {
    id: row.id,
    name: row.name,
    county_code: row.countyCode,
    county: county.name,
    address: row.address,
    opening_hours: row.openingHours,
    fee: row.feeCents / 100,
    active: row.active,
    eta_min_days: county.etaMinDays,
    eta_max_days: county.etaMaxDays,
  };
}

/** Points with their county's terms: the active ones (for shoppers), or all (for the admin). */
export async function listPickupPoints(
  db: Db,
  options: { county?: string | undefined; activeOnly: boolean },
): Promise<PickupPoint[]> {
  const rows = await db
    .select()
    .from(pickupPoints)
    .orderBy(asc(pickupPoints.countyCode), asc(pickupPoints.name), asc(pickupPoints.id));
  const counties = new Map((await allCounties(db)).map((c) => [c.code, c]));
  return rows
    .filter(
      (r) =>
        (!options.activeOnly || r.active) && (!options.county || r.countyCode === options.county),
    )
    .map((r) => pickupPointView(r, counties.get(r.countyCode)!));
}

export async function findPickupPoint(db: Db | Tx, id: number): Promise<PickupPointRow> {
  const [row] = await db.select().from(pickupPoints).where(eq(pickupPoints.id, id));
  return found(row, 'Pickup point');
}

/**
 * What delivering an order costs and takes: to a county's homes, or to a pickup point (which must
 * be open); with neither, the specification's flat fee and days.
 */
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
