// One audit entry's change, field by field, in words: 'Price: Ksh 1,500 → Ksh 1,505',
// 'Two-step sign-in: off' (issue 33; the codes stay in the CSV export).
import type { AuditEntry } from '@duka/domain';
import { fieldValueWords, fieldWords } from '@duka/domain/admin/words';
import { formatNairobiDateTime } from '../../../lib/dates.ts';

export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const value = (v: unknown, key: string) => fieldValueWords(key, v, entry.entity);
  // A field empty on both sides says nothing ('Courier: — → —'): left out.
  const keys = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ].filter(
    (key) => value(entry.before?.[key], key) !== '—' || value(entry.after?.[key], key) !== '—',
  );
  if (keys.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {keys.map((key) => (
        <li key={key} className="break-words">
          <span className="font-medium">{fieldWords(key)}</span>:{' '}
          {entry.before ? (
            <>
              <span className="text-slate-600">{value(entry.before[key], key)}</span> →{' '}
            </>
          ) : null}
          <span>{entry.after ? value(entry.after[key], key) : 'removed'}</span>
        </li>
      ))}
    </ul>
  );
}

/** '27 Nov 2026, 14:05', Nairobi time. */
export const auditTime = formatNairobiDateTime;
