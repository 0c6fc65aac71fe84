// Reading the audit log: filters by actor, entity, action and Nairobi days; newest first.
import { and, count, desc, eq, like, or, type SQL } from 'drizzle-orm';
import type { AuditEntry, AuditQuery } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { auditLog } from './schema.ts';
import { csvCell } from '../lib/csv.ts';
import { paged } from '../lib/paged.ts';
import { withinNairobiDays } from '../lib/sql.ts';
import { withRecordNames } from './names.ts';

export function auditFilter(q: Omit<AuditQuery, 'skip' | 'limit'>): SQL | undefined {
  const actor = q.actor?.toLowerCase();
  return and(
    actor
      ? /^\d{1,10}$/.test(actor) && Number(actor) <= 2_147_483_647
        ? eq(auditLog.actorId, Number(actor))
        : eq(auditLog.actorEmail, actor)
      : undefined,
    q.entity ? eq(auditLog.entity, q.entity) : undefined,
    q.entity_id ? eq(auditLog.entityId, q.entity_id) : undefined,
    // 'product' finds every product.… action; 'product.price.update' just that one.
    q.action
      ? or(
          eq(auditLog.action, q.action),
          like(auditLog.action, `${q.action.replace(/[%_\\]/g, '\\$&')}.%`),
        )
      : undefined,
    withinNairobiDays(auditLog.at, q.from, q.to),
  );
}

/** A row as the API gives it (and as the hash chain reads it: chain.ts). */
export function toAuditEntry(
  row: Omit<typeof auditLog.$inferSelect, 'hash' | 'prevHash'>,
): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor_id: row.actorId,
    actor_email: row.actorEmail,
    actor_role: row.actorRole,
    action: row.action,
    entity: row.entity,
    entity_id: row.entityId,
    before: row.before,
    after: row.after,
    ip: row.ip,
    request_id: row.requestId,
  };
}

export async function listAudit(db: Db, q: AuditQuery) {
  const where = auditFilter(q);
  const page = await paged(
    'entries',
    q,
    db.select().from(auditLog).where(where).orderBy(desc(auditLog.id)),
    db.select({ n: count() }).from(auditLog).where(where),
    toAuditEntry,
  );
  return { ...page, entries: await withRecordNames(db, page.entries) };
}

/** Rows for the CSV export, newest first, at most `max`. */
export async function auditRows(db: Db, q: Omit<AuditQuery, 'skip' | 'limit'>, max: number) {
  const rows = await db
    .select()
    .from(auditLog)
    .where(auditFilter(q))
    .orderBy(desc(auditLog.id))
    .limit(max);
  return rows.map(toAuditEntry);
}

const cellText = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

export const AUDIT_CSV_HEADER = [
  'id',
  'at',
  'actor_id',
  'actor_email',
  'actor_role',
  'action',
  'entity',
  'entity_id',
  'before',
  'after',
  'ip',
  'request_id',
] as const;

export function auditCsv(entries: AuditEntry[]): string {
  const lines = [AUDIT_CSV_HEADER.join(',')];
  for (const e of entries)
    lines.push(AUDIT_CSV_HEADER.map((k) => csvCell(cellText(e[k]))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
