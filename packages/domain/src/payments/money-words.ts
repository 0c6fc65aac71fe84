// An order's money in one sentence, for the shopper's order page and the back office's (decision
// record 029): 'Partially paid: Ksh 1,000 of Ksh 2,378 — Ksh 1,378 still to pay', 'Paid Ksh 2,500 —
// Ksh 122 over, due back', 'Refunded Ksh 1,000'. Null when there is nothing to say (a cancelled
// order nobody paid).
import { formatKsh } from '../pricing/money.ts';
import type { Money } from './money-state.ts';

export function moneyInWords(money: Money): string | null {
  const { due, paid, refunded, balance, state } = money;
  if (state === 'refunded') return `Refunded ${formatKsh(refunded)}`;
  if (paid === 0) return due > 0 ? `Unpaid: ${formatKsh(due)} to pay` : null;
  if (state === 'partially_paid') {
    return `Partially paid: ${formatKsh(paid)} of ${formatKsh(due)} — ${formatKsh(balance)} still to pay`;
  }
  const head =
    refunded > 0
      ? `Paid ${formatKsh(paid)}, refunded ${formatKsh(refunded)}`
      : `Paid ${formatKsh(paid)}`;
  if (balance < 0) {
    // Nothing is due any more (cancelled): all that is kept goes back.
    return due === 0
      ? `${head} — ${formatKsh(-balance)} due back`
      : `${head} — ${formatKsh(-balance)} over, due back`;
  }
  if (balance > 0) return `${head} — ${formatKsh(balance)} still to pay`;
  return head;
}

/** The states a list flags beside an order's status: money still owed either way, or given back. */
export const moneyNeedsNotice = (money: Money): boolean =>
  money.state === 'partially_paid' ||
  money.state === 'overpaid' ||
  money.state === 'partially_refunded' ||
  money.state === 'refunded';
