// Walks the audit log's chain in id order, a batch at a time, and says whether every row is what
// was written (decision record 025): each row's hash must be its content's, its prev_hash the
// hash of the row before, and every run of unchained rows must be followed by the seal row that
// carries their digest. Stops at the first row that is not.
import type { AuditVerification } from '@duka/domain';
import type { Db } from '../db/client.ts';
import { GENESIS, hashOf, rowsAfter, RunDigest, SEAL_ACTION, type AuditRow } from './chain.ts';

const isSeal = (row: AuditRow) =>
  row.action === SEAL_ACTION && row.entity === 'audit_log' && row.actorId === null;

function sealMismatch(row: AuditRow, run: RunDigest | null): string | null {
  if (!run) return isSeal(row) ? 'a seal row with no unchained rows before it' : null;
  if (!isSeal(row)) return 'unchained rows not followed by a seal';
  const summary = run.summary();
  const claimed = row.after ?? {};
  const same = (Object.keys(summary) as (keyof typeof summary)[]).every(
    (key) => claimed[key] === summary[key],
  );
  return same ? null : 'the rows before this seal are not the ones it sealed';
}

export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  let rows = 0;
  let expected = GENESIS;
  let head: AuditRow | null = null;
  let run: RunDigest | null = null;
  const bad = (id: number, problem: string): AuditVerification => ({
    ok: false,
    rows,
    first_bad_id: id,
    problem,
    head_id: null,
    head_hash: null,
  });
  for await (const row of rowsAfter(db, 0)) {
    rows++;
    if (row.hash === null) {
      (run ??= new RunDigest()).add(row);
      continue;
    }
    const sealProblem = sealMismatch(row, run);
    if (sealProblem) return bad(row.id, sealProblem);
    run = null;
    if (row.prevHash !== expected) return bad(row.id, 'it does not follow the row before it');
    if (hashOf(row) !== row.hash) return bad(row.id, 'its content does not match its hash');
    expected = row.hash;
    head = row;
  }
  if (run) return bad(run.summary().from_id!, 'rows at the end are not chained');
  return {
    ok: true,
    rows,
    first_bad_id: null,
    problem: null,
    head_id: head?.id ?? null,
    head_hash: head?.hash ?? null,
  };
}
