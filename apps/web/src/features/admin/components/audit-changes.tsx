// One audit entry's change, field by field: 'price_cents: 150000 → 150500'.
import type { AuditEntry } from '@duka/domain';

const shown = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const keys = [
    ...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]),
  ];
  if (keys.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {keys.map((key) => (
        <li key={key} className="break-words">
          <span className="font-medium">{key}</span>:{' '}
          {entry.before ? (
            <>
              <span className="text-slate-600">{shown(entry.before[key])}</span> →{' '}
            </>
          ) : null}
          <span>{shown(entry.after?.[key])}</span>
        </li>
      ))}
    </ul>
  );
}

export const auditTime = (at: string) =>
  new Date(at).toLocaleString('en-KE', {
    timeZone: 'Africa/Nairobi',
    dateStyle: 'medium',
    timeStyle: 'short',
  });
