// The audit log's writer (decision record 021). A change made through an admin route records who
// made it, from where, and what changed (only the fields that did), in the same transaction as
// the change: if the change rolls back, so does its row, and no change lands without one. Every
// row goes through the hash chain's one writer (chain.ts, decision record 025).
import type { FastifyRequest } from 'fastify';
import type { Db, Tx } from '../db/client.ts';
import { appendAudit } from './chain.ts';

export interface AuditActor {
  id: number | null;
  email: string | null;
  role: string | null;
  ip: string | null;
  requestId: string | null;
}

type Fields = Record<string, unknown>;

export interface AuditEntry {
  /** `entity.field.verb` or `entity.verb`, e.g. `product.price.update`, `order.status.update`. */
  action: string;
  entity: string;
  entityId: string | number | null;
  /** The record before (null: it is new); fields equal in both are left out. */
  before?: Fields | null;
  /** The record after (null: it is gone). */
  after?: Fields | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Only what changed: the fields whose values differ, each side keeping its own value. */
export function changedFields(
  before: Fields | null | undefined,
  after: Fields | null | undefined,
): { before: Fields | null; after: Fields | null } {
  if (!before || !after) return { before: before ?? null, after: after ?? null };
  const was: Fields = {};
  const now: Fields = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (same(before[key], after[key])) continue;
    was[key] = before[key] ?? null;
    now[key] = after[key] ?? null;
  }
  return { before: was, after: now };
}

export class AuditTrail {
  constructor(readonly actor: AuditActor) {}

  /**
   * Writes the entry, chained (in `db`'s transaction, or in one of its own); an update that
   * changed nothing writes nothing.
   */
  async record(db: Db | Tx, entry: AuditEntry): Promise<void> {
    const { before, after } = changedFields(entry.before, entry.after);
    if (before && after && Object.keys(after).length === 0) return;
    await appendAudit(db, {
      actorId: this.actor.id,
      actorEmail: this.actor.email,
      actorRole: this.actor.role,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === null ? null : String(entry.entityId),
      before,
      after,
      ip: this.actor.ip,
      requestId: this.actor.requestId,
    });
  }
}

/** The trail of the signed-in person making this request (or of a sign-in attempt's e-mail). */
export function auditOf(
  request: FastifyRequest,
  who?: { id: number | null; email: string | null; role: string | null },
): AuditTrail {
  const user = who ?? request.user;
  return new AuditTrail({
    id: user?.id ?? null,
    email: user?.email ?? null,
    role: user?.role ?? null,
    ip: request.ip,
    requestId: request.id,
  });
}
