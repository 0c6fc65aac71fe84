// A member of staff changing their own log-in e-mail or password is in the audit log (decision
// record 025): both are how an account is taken over. Written in the transaction of the change.
// Shoppers' own changes are not staff actions, and the log keeps what it holds for good, so their
// addresses stay out of it (they can be erased; the log cannot).
import type { Tx } from '../db/client.ts';
import type { AuditTrail } from '../audit/trail.ts';

export async function recordOwnAccountChange(
  tx: Tx,
  audit: AuditTrail | undefined,
  user: { id: number; email: string | null; role: string | null },
  change: { email: string | null; passwordChanged: boolean },
): Promise<void> {
  if (!audit || !user.role) return;
  if (change.email !== user.email) {
    await audit.record(tx, {
      action: 'user.email.update',
      entity: 'user',
      entityId: user.id,
      before: { email: user.email },
      after: { email: change.email },
    });
  }
  if (change.passwordChanged) {
    await audit.record(tx, {
      action: 'user.password.update',
      entity: 'user',
      entityId: user.id,
      after: { password: 'changed', other_sessions: 'ended' },
    });
  }
}
