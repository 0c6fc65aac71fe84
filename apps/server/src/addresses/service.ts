// A shopper's saved delivery addresses (issue 22): their own only (anyone else's is a 404), at
// most one default (the first saved becomes it; removing it passes it to the newest left).
import { and, desc, eq, ne } from 'drizzle-orm';
import { MAX_SAVED_ADDRESSES, type Address, type addressInputSchema } from '@duka/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { addresses } from './schema.ts';
import { lockAccount } from '../auth/accounts.ts';
import { found, unprocessable } from '../lib/http-error.ts';

type Input = z.output<typeof addressInputSchema>;
type Row = typeof addresses.$inferSelect;

export function toAddress(row: Row): Address {
  return {
    id: row.id,
    name: row.name,
    street_address: row.streetAddress,
    apartment_number: row.apartmentNumber,
    city: row.city,
    zip_code: row.zipCode,
    county: row.countyCode,
    phone: row.phone,
    is_default: row.isDefault,
  };
}

function columnsOf(input: Partial<Input>) {
  return {
    ...(input.name !== undefined && { name: input.name }),
    ...(input.street_address !== undefined && { streetAddress: input.street_address }),
    ...(input.apartment_number !== undefined && {
      apartmentNumber: input.apartment_number || null,
    }),
    ...(input.city !== undefined && { city: input.city }),
    ...(input.zip_code !== undefined && { zipCode: input.zip_code || null }),
    ...(input.county !== undefined && { countyCode: input.county }),
    ...(input.phone !== undefined && { phone: input.phone }),
  };
}

/** The default first, then the newest. */
export async function listAddresses(db: Db | Tx, userId: number): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(toAddress);
}

/**
 * One change to a shopper's addresses at a time: the account row is the lock, so two saves at
 * once cannot both become the first (and default) address, nor pass the limit together.
 */
async function lockOwner(tx: Tx, userId: number): Promise<void> {
  await lockAccount(tx, userId);
}

async function ownRow(tx: Db | Tx, userId: number, id: number): Promise<Row> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .for('update');
  return found(row, 'Address');
}

/** Makes `id` the one default: the others give it up first (the unique index allows one). */
async function makeDefault(tx: Tx, userId: number, id: number) {
  await tx
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, id), eq(addresses.isDefault, true)));
  await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, id));
}

export async function addAddress(db: Db, userId: number, input: Input): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const mine = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId));
    if (mine.length >= MAX_SAVED_ADDRESSES) {
      throw unprocessable(
        `You can keep up to ${MAX_SAVED_ADDRESSES} addresses. Please remove one first.`,
        'TOO_MANY_ADDRESSES',
      );
    }
    const [row] = await tx
      .insert(addresses)
      .values({
        userId,
        name: input.name,
        streetAddress: input.street_address,
        city: input.city,
        ...columnsOf(input),
      })
      .returning();
    if (mine.length === 0 || input.is_default) await makeDefault(tx, userId, row!.id);
    return toAddress(await ownRow(tx, userId, row!.id));
  });
}

export async function updateAddress(
  db: Db,
  userId: number,
  id: number,
  input: Partial<Input>,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    await ownRow(tx, userId, id);
    const columns = columnsOf(input);
    if (Object.keys(columns).length > 0) {
      await tx
        .update(addresses)
        .set({ ...columns, updatedAt: new Date() })
        .where(eq(addresses.id, id));
    }
    if (input.is_default) await makeDefault(tx, userId, id);
    return toAddress(await ownRow(tx, userId, id));
  });
}

export async function removeAddress(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const row = await ownRow(tx, userId, id);
    await tx.delete(addresses).where(eq(addresses.id, id));
    if (!row.isDefault) return;
    const [newest] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.id))
      .limit(1);
    if (newest) await makeDefault(tx, userId, newest.id);
  });
}

/** For the data export and erasure (privacy/). */
export const addressesOf = (db: Db, userId: number) => listAddresses(db, userId);
export async function forgetAddresses(tx: Tx, userId: number): Promise<void> {
  await tx.delete(addresses).where(eq(addresses.userId, userId));
}
