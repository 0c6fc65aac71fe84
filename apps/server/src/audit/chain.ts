// The audit log's hash chain (decision record 025). Every row stores SHA-256 over its own content
// and the hash of the row before it, so changing, deleting, inserting or reordering a row breaks
// every link after it. Rows are added by one function, under one transaction-level advisory lock,
// so two server instances cannot both chain onto the same row. Rows written before the chain
// existed (no hash) are sealed by a chained row that carries their digest.
import { createHash } from 'node:crypto';
import { and, asc, desc, gt, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { auditLog } from './schema.ts';
import { queryRows } from '../lib/sql.ts';
import { toAuditEntry } from './query.ts';

export type AuditRow = typeof auditLog.$inferSelect;
/** What a writer gives; the chain adds id, time and the two hashes. */
export type AuditValues = Omit<typeof auditLog.$inferInsert, 'id' | 'at' | 'prevHash' | 'hash'>;

/** The `prev_hash` of the first chained row. */
export const GENESIS = '0'.repeat(64);
/** The action of the row that seals rows written before the chain (or by an older version). */
export const SEAL_ACTION = 'audit.chain.seal';
const BATCH = 1_000;

/** JSON with every object's keys sorted: the same text however jsonb ordered what it stored. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as Record<string, unknown>;
  const fields = Object.keys(record)
    .filter((key) => record[key] !== undefined)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonicalJson(record[key])}`);
  return `{${fields.join(',')}}`;
}

/** A value as jsonb gives it back (dates as strings, undefined gone, -0 as 0…). */
const asStored = <T>(value: T | null | undefined): T | null =>
  value === null || value === undefined ? null : (JSON.parse(JSON.stringify(value)) as T);

/** The row's content in canonical form: every column but `hash`. */
export function contentOf(row: Omit<AuditRow, 'hash'>): string {
  return canonicalJson({ ...toAuditEntry(row), prev_hash: row.prevHash });
}

export const hashOf = (row: Omit<AuditRow, 'hash'>): string =>
  createHash('sha256').update(contentOf(row)).digest('hex');

/** The digest a seal row carries of the unchained rows before it, fed one row at a time. */
export class RunDigest {
  private readonly sha = createHash('sha256');
  rows = 0;
  fromId: number | null = null;
  toId: number | null = null;

  add(row: AuditRow): void {
    this.sha.update(`${contentOf(row)}\n`);
    this.rows++;
    this.fromId ??= row.id;
    this.toId = row.id;
  }

  /** What the seal row's `after` holds. */
  summary(): { rows: number; from_id: number | null; to_id: number | null; digest: string } {
    return {
      rows: this.rows,
      from_id: this.fromId,
      to_id: this.toId,
      digest: this.sha.copy().digest('hex'),
    };
  }
}

/** Rows in id order after `afterId` (up to `throughId`), a batch at a time. */
export async function* rowsAfter(
  db: Db | Tx,
  afterId: number,
  throughId?: number,
): AsyncGenerator<AuditRow> {
  for (let last = afterId; ;) {
    const batch = await db
      .select()
      .from(auditLog)
      .where(
        and(
          gt(auditLog.id, last),
          throughId === undefined ? undefined : lte(auditLog.id, throughId),
        ),
      )
      .orderBy(asc(auditLog.id))
      .limit(BATCH);
    yield* batch;
    if (batch.length < BATCH) return;
    last = batch.at(-1)!.id;
  }
}

// A PgTransaction has rollback(); the database handle does not.
const isTransaction = (db: Db | Tx): db is Tx => 'rollback' in db;

/**
 * Adds one row to the chain, in the caller's transaction (or in one of its own): takes the
 * chain's lock (held until that transaction ends), seals any unchained rows at the end of the
 * table, then writes the row with its id, time and hashes set here, so what is hashed is exactly
 * what is read back.
 */
export async function appendAudit(db: Db | Tx, values: AuditValues): Promise<void> {
  if (isTransaction(db)) return append(db, values);
  await db.transaction((tx) => append(tx, values));
}

/** Seals rows written without a hash (older rows, at start-up), if the table ends with any. */
export async function sealUnchainedRows(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await lockChain(tx);
    await chainHead(tx);
  });
}

async function append(tx: Tx, values: AuditValues): Promise<void> {
  await lockChain(tx);
  await insertChained(tx, values, await chainHead(tx));
}

const lockChain = (tx: Tx) => tx.execute(sql`select pg_advisory_xact_lock(hashtext('audit_log'))`);

/** The hash the next row chains onto; seals the unchained rows the table ends with first. */
async function chainHead(tx: Tx): Promise<string> {
  const [last] = await tx
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!last) return GENESIS;
  if (last.hash !== null) return last.hash;
  const [chained] = await tx
    .select({ id: auditLog.id, hash: auditLog.hash })
    .from(auditLog)
    .where(isNotNull(auditLog.hash))
    .orderBy(desc(auditLog.id))
    .limit(1);
  const run = new RunDigest();
  for await (const row of rowsAfter(tx, chained?.id ?? 0, last.id)) run.add(row);
  const seal: AuditValues = {
    action: SEAL_ACTION,
    entity: 'audit_log',
    entityId: null,
    after: run.summary(),
  };
  return insertChained(tx, seal, chained?.hash ?? GENESIS);
}

async function insertChained(tx: Tx, values: AuditValues, prevHash: string): Promise<string> {
  // The id is taken under the lock, so the chain's order is the ids' order.
  const [next] = await queryRows<{ id: string }>(
    tx,
    sql`select nextval(pg_get_serial_sequence('audit_log', 'id'))::text as id`,
  );
  const row: Omit<AuditRow, 'hash'> = {
    id: Number(next!.id),
    at: new Date(),
    actorId: values.actorId ?? null,
    actorEmail: values.actorEmail ?? null,
    actorRole: values.actorRole ?? null,
    action: values.action,
    entity: values.entity,
    entityId: values.entityId ?? null,
    before: asStored(values.before),
    after: asStored(values.after),
    ip: values.ip ?? null,
    requestId: values.requestId ?? null,
    prevHash,
  };
  const hash = hashOf(row);
  await tx
    .insert(auditLog)
    .overridingSystemValue()
    .values({ ...row, hash });
  return hash;
}
