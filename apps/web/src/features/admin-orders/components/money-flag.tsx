// Beside an order's status in the back office's lists (issue 34): where its money stands, shown
// only where that is not what the status already says — partially paid with the balance,
// overpaid with the amount due back, refunded in part or in whole.
import type { Money } from '@duka/domain/payments/money-state';
import { moneyNeedsNotice } from '@duka/domain/payments/money-words';
import { MONEY_STATE_WORDS } from '@duka/domain/admin/words';
import { formatKsh } from '@duka/domain/pricing/money';

function detail(money: Money): string {
  switch (money.state) {
    case 'partially_paid':
      return `${formatKsh(money.balance)} to pay`;
    case 'overpaid':
      return `${formatKsh(-money.balance)} over`;
    default:
      return `${formatKsh(money.refunded)} back`;
  }
}

export function MoneyFlag({ money }: { money: Money }) {
  if (!moneyNeedsNotice(money)) return null;
  const owing = money.state === 'partially_paid' || money.state === 'overpaid';
  return (
    <span
      className={`mt-1 block w-fit rounded-lg px-2 py-0.5 text-xs font-medium ${
        owing ? 'bg-orange-100 text-orange-900' : 'bg-slate-100 text-slate-700'
      }`}
    >
      {MONEY_STATE_WORDS[money.state]} · {detail(money)}
    </span>
  );
}
