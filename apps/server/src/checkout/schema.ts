// What a shopper typed in checkout, until the order is made.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.ts';
import { pickupPoints } from '../delivery/schema.ts';

/** What the shopper typed in checkout steps 1 and 2, kept until the order is created. */
export const checkoutDetails = pgTable('checkout_details', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name'),
  streetAddress: text('street_address'),
  apartmentNumber: text('apartment_number'),
  city: text('city'),
  zipCode: text('zip_code'),
  email: text('email'),
  countyCode: text('county_code'),
  phone: text('phone'),
  delivery: text('delivery').notNull().default('home'),
  pickupPointId: integer('pickup_point_id').references(() => pickupPoints.id, {
    onDelete: 'set null',
  }),
  /** For a business's tax invoice: its KRA PIN and name (checkout step 2). */
  kraPin: text('kra_pin'),
  businessName: text('business_name'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
