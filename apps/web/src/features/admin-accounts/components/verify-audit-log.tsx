// 'Verify the log' on the audit log screen (owners): the server reads every row against its hash
// chain and says, in words, whether the log is as written, or which row is not.
import { useState } from 'react';
import type { AuditVerification } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { verifyAuditLog } from '../api/staff-api.ts';

function outcome(result: AuditVerification): string {
  if (!result.ok) {
    return `The log does not verify at row ${result.first_bad_id}: ${result.problem}. It, or a row just before it, is not as it was written.`;
  }
  if (result.head_id === null) return 'The log is intact: it has no rows yet.';
  return `The log is intact: all ${result.rows.toLocaleString('en')} rows are as they were written. Keep this note of its latest row somewhere else: row ${result.head_id}, ${result.head_hash}.`;
}

export function VerifyAuditLog() {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const verify = async () => {
    setBusy(true);
    setResult(null);
    try {
      const answer = await verifyAuditLog();
      setResult({ ok: answer.ok, text: outcome(answer) });
    } catch (err) {
      setResult({
        ok: false,
        text: `The check could not run: ${err instanceof Error ? err.message : String(err)}`,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mb-6">
      <Button variant="secondary" onClick={verify} disabled={busy}>
        {busy ? 'Verifying…' : 'Verify the log'}
      </Button>
      {result && (
        <p
          role="status"
          className={`mt-2 break-all text-sm ${result.ok ? 'text-emerald-800' : 'text-red-700'}`}
        >
          {result.text}
        </p>
      )}
    </div>
  );
}
