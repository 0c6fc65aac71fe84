// The merchant's pickup points: listed with their county's terms for shoppers and the admin, and
// made, changed, closed (active: false) and removed by the admin. A removed point leaves the orders
// that used it their copy of its name, address and hours. A point costs its own fee and takes its
// county's days.
import { asc, eq } from 'drizzle-orm';
import type { PickupPoint, PickupPointInput } from '@duka/domain';
import type { Db, Tx } from '../db/client.ts';
import { pickupPoints } from './schema.ts';
import { found } from '../lib/http-error.ts';
import { allCounties, countyTerms, type CountyTerms } from './counties.ts';
import type { AuditTrail } from '../audit/trail.ts';

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

type Parsed = Omit<PickupPointInput, 'active'> & { active?: boolean | undefined };

function columnsOf(input: Partial<Parsed>) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.county_code !== undefined && { countyCode: input.county_code }),
    ...(input.address !== undefined && { address: input.address }),
    ...(input.opening_hours !== undefined && { openingHours: input.opening_hours }),
    ...(input.fee !== undefined && { feeCents: input.fee * 100 }),
    ...(input.active !== undefined && { active: input.active }),
  };
}

/** What the audit log keeps of a point. */
const fieldsOf = ({ createdAt: _c, updatedAt: _u, ...fields }: PickupPointRow) => fields;

export async function createPickupPoint(
  db: Db,
  input: Parsed,
  audit?: AuditTrail,
): Promise<PickupPoint> {
  const row = await db.transaction(async (tx) => {
    const [made] = await tx
      .insert(pickupPoints)
      .values({
        name: input.name,
        countyCode: input.county_code,
        address: input.address,
        openingHours: input.opening_hours,
        feeCents: input.fee * 100,
        active: input.active ?? true,
      })
      .returning();
    await audit?.record(tx, {
      action: 'delivery.pickup_point.create',
      entity: 'pickup_point',
      entityId: made!.id,
      after: fieldsOf(made!),
    });
    return made!;
  });
  return pickupPointView(row, await countyTerms(db, row.countyCode));
}

export async function updatePickupPoint(
  db: Db,
  id: number,
  input: Partial<Parsed>,
  audit?: AuditTrail,
): Promise<PickupPoint> {
  const point = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(pickupPoints)
      .where(eq(pickupPoints.id, id))
      .for('update');
    found(before, 'Pickup point');
    const [row] = await tx
      .update(pickupPoints)
      .set({ ...columnsOf(input), updatedAt: new Date() })
      .where(eq(pickupPoints.id, id))
      .returning();
    await audit?.record(tx, {
      action: 'delivery.pickup_point.update',
      entity: 'pickup_point',
      entityId: id,
      before: fieldsOf(before!),
      after: fieldsOf(row!),
    });
    return row!;
  });
  return pickupPointView(point, await countyTerms(db, point.countyCode));
}

export async function deletePickupPoint(db: Db, id: number, audit?: AuditTrail): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(pickupPoints).where(eq(pickupPoints.id, id)).returning();
    found(row, 'Pickup point');
    await audit?.record(tx, {
      action: 'delivery.pickup_point.delete',
      entity: 'pickup_point',
      entityId: id,
      before: fieldsOf(row!),
    });
  });
}
