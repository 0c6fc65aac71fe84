// The address and e-mail a person typed in checkout, for their data export and erasure.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { checkoutDetails } from './schema.ts';
import { findDetails } from './repo.ts';

export async function checkoutDetailsOf(db: Db, userId: number) {
  const row = await findDetails(db, userId);
  if (!row) return null;
  return {
    name: row.name,
    street_address: row.streetAddress,
    apartment_number: row.apartmentNumber,
    city: row.city,
    zip_code: row.zipCode,
    county: row.countyCode,
    phone: row.phone,
    email: row.email,
    kra_pin: row.kraPin,
    business_name: row.businessName,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function forgetCheckoutDetails(tx: Tx, userId: number): Promise<void> {
  await tx.delete(checkoutDetails).where(eq(checkoutDetails.userId, userId));
}
