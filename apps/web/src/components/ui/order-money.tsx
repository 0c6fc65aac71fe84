// An order's money as the shopper's order page and the back office's show it (issue 34): what it
// costs, what came in, what went back and what is left either way, with the state in words.
import type { Money } from '@duka/domain/payments/money-state';
import { formatKsh } from '@duka/domain/pricing/money';
import { useMoneyWords } from './money-words.ts';
import { useUiText, type UiKey } from './text.ts';

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div
      className={`flex justify-between gap-3 py-1 ${strong ? 'border-t border-slate-200 pt-2 font-semibold text-slate-900' : ''}`}
    >
      <dt>{label}</dt>
      <dd className="whitespace-nowrap">{value}</dd>
    </div>
  );
}

/** The balance's row: still to pay, due back, or nothing left. */
function balanceRow(balance: number): { label: UiKey | null; value: string } {
  if (balance > 0) return { label: 'orderMoney.balanceToPay', value: formatKsh(balance) };
  if (balance < 0) return { label: null, value: formatKsh(-balance) };
  return { label: 'orderMoney.balance', value: formatKsh(0) };
}

export function OrderMoney({
  money,
  totalCents,
  owedBackLabel,
  headingId,
}: {
  money: Money;
  /** The order's total when it was made; the money's `due` is what it costs now. */
  totalCents: number;
  /** How money the shop owes back is named: 'Due back to you' for the shopper. */
  owedBackLabel?: string;
  headingId?: string;
}) {
  const t = useUiText();
  const words = useMoneyWords()(money);
  const balance = balanceRow(money.balance);
  const balanceLabel = balance.label
    ? t(balance.label)
    : (owedBackLabel ?? t('orderMoney.dueBack'));
  return (
    <div className="text-sm">
      {words && (
        <p id={headingId} className="mb-2 font-medium text-slate-900" data-testid="money-words">
          {words}
        </p>
      )}
      <dl aria-label={t('orderMoney.summary')} className="text-slate-700">
        <Row label={t('orderMoney.total')} value={formatKsh(totalCents)} />
        {money.due !== totalCents && (
          <Row
            label={t(money.due === 0 ? 'orderMoney.owedNothing' : 'orderMoney.owedNow')}
            value={formatKsh(money.due)}
          />
        )}
        <Row label={t('orderMoney.paid')} value={formatKsh(money.paid)} />
        <Row label={t('orderMoney.refunded')} value={formatKsh(money.refunded)} />
        <Row label={balanceLabel} value={balance.value} strong />
      </dl>
    </div>
  );
}
