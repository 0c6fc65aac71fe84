// The fields every refund form asks for (amount in shillings, reason, and the reference of a
// refund made by hand once the server says it must be), and their check before anything is sent.
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { formatKsh, formatKshExact } from '@duka/domain/pricing/money';

/** An amount as the back office writes it: whole shillings plainly, cents when there are some. */
export const kshOf = (cents: number) =>
  cents % 100 === 0 ? formatKsh(cents) : formatKshExact(cents);

/** '1,189.50' or '622' → cents; null when it is not an amount. */
export function centsOf(text: string): number | null {
  const plain = text.replace(/[\s,]/g, '').replace(/^ksh/i, '');
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(plain)) return null;
  const cents = Math.round(Number(plain) * 100);
  return cents > 0 ? cents : null;
}

export function useRefundFields(initial: { amount: string; reason: string }) {
  const [amount, setAmount] = useState(initial.amount);
  const [reason, setReason] = useState(initial.reason);
  const [reference, setReference] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return {
    amount,
    setAmount,
    reason,
    setReason,
    reference,
    setReference,
    problem,
    /** The server refused to send it: the form now asks for a refund made by hand. */
    byHand: (error: unknown) => error instanceof ApiError && error.code === 'REFUND_BY_HAND',
    /** What to send, or null with the problem shown; at most `max` cents. */
    checked(max: number): { cents: number; reason: string } | null {
      const cents = centsOf(amount);
      const why =
        cents === null
          ? 'Enter the amount to refund in shillings, e.g. 500.'
          : cents > max
            ? `At most ${kshOf(max)} can be refunded.`
            : !reason.trim()
              ? 'Say why the money goes back.'
              : null;
      setProblem(why);
      return why === null ? { cents: cents!, reason: reason.trim() } : null;
    },
  };
}
