// What the Returns screens share: a return's status as a badge and its outcome in words.
import type { AdminReturn } from '@duka/domain';
import { RETURN_STATUS_WORDS } from '@duka/domain/orders/return-schemas';
import { formatKsh } from '@duka/domain/pricing/money';

const LOOK: Record<AdminReturn['status'], string> = {
  requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-sky-100 text-sky-900',
  refused: 'bg-rose-100 text-rose-900',
  received: 'bg-emerald-100 text-emerald-900',
};

export function ReturnStatusBadge({ status }: { status: AdminReturn['status'] }) {
  return (
    <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${LOOK[status]}`}>
      {RETURN_STATUS_WORDS[status]}
    </span>
  );
}

/** 'Refund Ksh 4,640' or 'Exchange for 42 (Ksh 580 to pay)'. */
export function outcomeOf(ret: AdminReturn): string {
  if (!ret.exchange) return `Refund ${formatKsh(ret.value)}`;
  const d = ret.exchange.difference;
  const money = d > 0 ? `${formatKsh(d)} to pay` : d < 0 ? `${formatKsh(-d)} back` : 'no charge';
  return `Exchange for ${ret.exchange.variant} (${money})`;
}
