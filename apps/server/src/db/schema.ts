// The whole database schema, gathered: each domain declares its own tables in its schema.ts, and
// drizzle-kit (drizzle.config.ts) generates the migrations in ../../drizzle from this file. Money is
// integer cents; discounts are basis points (1 % = 100). Domain code imports its tables from its
// own schema.ts; only db/, the seed and test support import this file.
export * from '../auth/schema.ts';
export * from '../staff/schema.ts';
export * from '../catalog/schema.ts';
export * from '../cart/schema.ts';
export * from '../delivery/schema.ts';
export * from '../addresses/schema.ts';
export * from '../checkout/schema.ts';
export * from '../orders/schema.ts';
export * from '../promotions/schema.ts';
export * from '../payments/schema.ts';
export * from '../invoices/schema.ts';
export * from '../contacts/schema.ts';
export * from '../outbox/schema.ts';
export * from '../limits/schema.ts';
export * from '../settings/schema.ts';
export * from '../audit/schema.ts';
