// Accounts as the back office sees them: the list and the customer figures.
import { and, asc, count, gte, ilike, lt, or, type SQL } from 'drizzle-orm';
import { nairobiMonthStart, type AdminUser, type CustomersSummary } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { users } from './schema.ts';
import { paged, type PageRequest } from '../lib/paged.ts';

/** SPEC §9: 'Active Now' counts users active within 10 minutes. */
export const ACTIVE_WINDOW_MS = 600_000;

export function toAdminUser(row: typeof users.$inferSelect): AdminUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    phone_number: row.phoneNumber,
    is_admin: row.isAdmin,
    role: row.role,
    created_at: row.createdAt.toISOString(),
    last_active_at: row.lastActiveAt?.toISOString() ?? null,
  };
}

export function listUsers(db: Db, page: PageRequest) {
  return paged(
    'users',
    page,
    db.select().from(users).orderBy(asc(users.id)),
    db.select({ n: count() }).from(users),
    toAdminUser,
  );
}

/** Accounts whose username or e-mail matches the LIKE pattern. */
export async function searchUsers(db: Db, pattern: string, limit: number): Promise<AdminUser[]> {
  const rows = await db
    .select()
    .from(users)
    .where(or(ilike(users.username, pattern), ilike(users.email, pattern)))
    .orderBy(asc(users.id))
    .limit(limit);
  return rows.map(toAdminUser);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row?.n ?? 0;
}

/** part as a percentage of whole, one decimal; null when there is nothing to compare with. */
const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 1000) / 10 : null;

/**
 * The Customers tiles (DESIGN.md 10: computed, not the spec's fixed '16%' and '1%'). Months are
 * Nairobi months.
 */
export async function customersSummary(db: Db, now = new Date()): Promise<CustomersSummary> {
  const thisMonth = nairobiMonthStart(now, 0);
  const lastMonth = nairobiMonthStart(now, 1);
  const countWhere = async (where?: SQL) =>
    (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
  const [total, active, signupsThisMonth, signupsLastMonth] = await Promise.all([
    countWhere(),
    countWhere(gte(users.lastActiveAt, new Date(now.getTime() - ACTIVE_WINDOW_MS))),
    countWhere(gte(users.createdAt, thisMonth)),
    countWhere(and(gte(users.createdAt, lastMonth), lt(users.createdAt, thisMonth))),
  ]);
  return {
    total_customers: total,
    members: Math.max(0, total - 15),
    active_now: active,
    signups_this_month: signupsThisMonth,
    signups_last_month: signupsLastMonth,
    growth_percent: percent(signupsThisMonth, total - signupsThisMonth),
    signups_change_percent: percent(signupsThisMonth - signupsLastMonth, signupsLastMonth),
    active_percent: percent(active, total) ?? 0,
  };
}
