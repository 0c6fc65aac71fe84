// Kenya's 47 counties as delivery terms (issue 22, decision record 020): a county's figures are the
// merchant's when set, else the specification's flat Ksh 50 and the delivery page's 3–5 days. Read
// per request: 47 rows at most.
import { eq, inArray } from 'drizzle-orm';
import {
  DELIVERY_DAYS,
  DELIVERY_MESSAGES,
  KENYA_COUNTIES,
  SHIPPING_CENTS,
  countyName,
  type CountyBulkUpdate,
  type CountyUpdate,
  type DeliveryCounty,
} from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { deliveryCounties } from './schema.ts';
import { badRequest, notFound } from '../lib/http-error.ts';
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
