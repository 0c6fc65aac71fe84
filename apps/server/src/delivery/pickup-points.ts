// The merchant's pickup points: made, changed, closed (active: false) and removed by the admin.
// A removed point leaves the orders that used it their copy of its name, address and hours.
import { eq } from 'drizzle-orm';
import type { PickupPoint, PickupPointInput } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { pickupPoints } from '../db/schema.ts';
import { found } from '../lib/http-error.ts';
import { countyTerms, pickupPointView } from './settings.ts';

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

export async function createPickupPoint(db: Db, input: Parsed): Promise<PickupPoint> {
  const [row] = await db
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
  return pickupPointView(row!, await countyTerms(db, row!.countyCode));
}

export async function updatePickupPoint(
  db: Db,
  id: number,
  input: Partial<Parsed>,
): Promise<PickupPoint> {
  const [row] = await db
    .update(pickupPoints)
    .set({ ...columnsOf(input), updatedAt: new Date() })
    .where(eq(pickupPoints.id, id))
    .returning();
  const point = found(row, 'Pickup point');
  return pickupPointView(point, await countyTerms(db, point.countyCode));
}

export async function deletePickupPoint(db: Db, id: number): Promise<void> {
  const [row] = await db
    .delete(pickupPoints)
    .where(eq(pickupPoints.id, id))
    .returning({ id: pickupPoints.id });
  found(row, 'Pickup point');
}
