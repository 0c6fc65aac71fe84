// An order's money in one sentence in the page's language (issue 37): the same sentence as the
// domain's moneyInWords (decision record 029), whose English it must match word for word, made
// from this area's catalogue so that Kiswahili reads as a sentence too.
import type { Money } from '@duka/domain/payments/money-state';
import { formatKsh } from '@duka/domain/pricing/money';
import type { Locale } from '@duka/domain/i18n/locale';
import { useLocale } from '../../lib/i18n/locale-context.tsx';
import { uiTextIn } from './text.ts';

/** 'Partially paid: Ksh 1,000 of Ksh 2,378 — Ksh 1,378 still to pay'; null: nothing to say. */
export function moneyWordsIn(locale: Locale, money: Money): string | null {
  const t = uiTextIn(locale);
  const { due, paid, refunded, balance, state } = money;
  const ksh = { due: formatKsh(due), paid: formatKsh(paid), refunded: formatKsh(refunded) };
  if (state === 'refunded') return t('moneyWords.refunded', ksh);
  if (paid === 0) return due > 0 ? t('moneyWords.unpaid', ksh) : null;
  if (state === 'partially_paid') {
    return t('moneyWords.partiallyPaid', { ...ksh, balance: formatKsh(balance) });
  }
  const head = t(refunded > 0 ? 'moneyWords.paidAndRefunded' : 'moneyWords.paid', ksh);
  if (balance < 0) {
    // Nothing is due any more (cancelled): all that is kept goes back.
    const amount = formatKsh(-balance);
    return t(due === 0 ? 'moneyWords.dueBack' : 'moneyWords.overDueBack', { head, amount });
  }
  if (balance > 0) return t('moneyWords.stillToPay', { head, amount: formatKsh(balance) });
  return head;
}

/** The same, in the page's language. */
export function useMoneyWords(): (money: Money) => string | null {
  const locale = useLocale();
  return (money) => moneyWordsIn(locale, money);
}
