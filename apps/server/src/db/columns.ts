// Columns the domains' tables share.
import { timestamp } from 'drizzle-orm/pg-core';

export const createdAt = (name = 'created_at') =>
  timestamp(name, { withTimezone: true }).notNull().defaultNow();
