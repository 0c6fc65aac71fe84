// The audit log: who changed what, append-only.
import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Who changed what, append-only: written in the same transaction as the change; on PostgreSQL a
 * trigger refuses UPDATE, DELETE and TRUNCATE (decision record 021). No foreign keys: a row must
 * outlive whatever it names. Each row is chained to the one before by `hash` (audit/chain.ts,
 * decision record 025); rows from before the chain have none and are sealed by the first that has.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
    requestId: text('request_id'),
    /** The hash of the row before this one in the chain (64 zeros for the first). */
    prevHash: text('prev_hash'),
    /** SHA-256 of this row's content and `prevHash`, hex. */
    hash: text('hash'),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.id),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);
