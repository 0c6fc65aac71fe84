// A product's price history on its editor (issue 25): every audited change of its price, from
// the audit log, newest first, with who made it. Shown to those who may read the audit log.
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { formatNairobiDateTime } from '../../../lib/dates.ts';
import { productAuditQuery } from '../api/price-history-api.ts';

/** The price fields an entry changed: the product's own, or a variant's. */
function priceChanges(entry: AuditEntry): { label: string; from: unknown; to: unknown }[] {
  const out: { label: string; from: unknown; to: unknown }[] = [];
  for (const [key, to] of Object.entries(entry.after ?? {})) {
    const from = entry.before?.[key];
    if (key === 'price_cents') out.push({ label: 'Price', from, to });
    else if (key.startsWith('variant ') && typeof to === 'object' && to && 'price_cents' in to) {
      const was = (from as { price_cents?: unknown } | undefined)?.price_cents;
      const now = (to as { price_cents: unknown }).price_cents;
      if (was !== now) out.push({ label: key.slice('variant '.length), from: was, to: now });
    }
  }
  return out;
}

const kes = (cents: unknown) => (typeof cents === 'number' ? formatKsh(cents) : '—');

export function PriceHistory({ productId }: { productId: number }) {
  const history = useQuery(productAuditQuery(productId));
  const rows =
    history.data?.entries.flatMap((e) => priceChanges(e).map((c) => ({ ...c, entry: e }))) ?? [];
  return (
    <section
      aria-labelledby="price-history"
      className="mt-8 rounded-xl border border-slate-200 bg-white p-4"
    >
      <h2 id="price-history" className="mb-3 text-lg font-semibold text-slate-900">
        Price history
      </h2>
      {history.isPending ? (
        <LoadingText />
      ) : history.isError ? (
        <ErrorText>Error: {history.error.message}</ErrorText>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">
          The price has not been changed since the log began.
        </p>
      ) : (
        <ul className="space-y-2 text-sm">
          {rows.map(({ entry, label, from, to }) => (
            <li key={`${entry.id}-${label}`}>
              <span className="text-slate-600">{formatNairobiDateTime(entry.at)}</span>: {label}{' '}
              <span className="font-medium">
                {kes(from)} → {kes(to)}
              </span>{' '}
              by {entry.actor_email ?? 'unknown'}
            </li>
          ))}
        </ul>
      )}
      <Link
        to={`/dashboard/audit?entity=product&entity_id=${productId}`}
        className="mt-3 inline-block text-sm text-brand-700 underline"
      >
        Every change of this product
      </Link>
    </section>
  );
}
