import type { ReactNode } from 'react';

/** A figure on a white card: the back office's summary cards and tiles. */
export function StatCard({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: ReactNode;
  /** A short line under the figure, e.g. '▲ 12% this month'. */
  note?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      {icon && (
        <span
          aria-hidden="true"
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700"
        >
          {icon}
        </span>
      )}
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-500">{label}</p>
        <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{value}</p>
        {note && <p className="mt-1 text-xs text-slate-500">{note}</p>}
      </div>
    </div>
  );
}
