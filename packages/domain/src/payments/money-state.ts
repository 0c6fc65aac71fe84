// An order's money, from its account (decision record 029): what it costs now (`due`), what came
// in (`paid`) and went back (`refunded`), what is left either way (`balance`: positive, the shopper
// still owes it; negative, the shop owes it back) and one word for all of it. Integer cents.
import { z } from 'zod';
import { centsSchema } from '../common/schemas.ts';

export const MONEY_STATES = [
  'unpaid',
  'partially_paid',
  'paid',
  'overpaid',
  'partially_refunded',
  'refunded',
] as const;
export type MoneyStateName = (typeof MONEY_STATES)[number];

export const moneySchema = z
  .object({
    due: centsSchema.describe('What the order costs now: its total less what was credited'),
    paid: centsSchema.describe('Everything that came in'),
    refunded: centsSchema.describe('Everything that went back'),
    balance: z
      .number()
      .int()
      .describe('due − (paid − refunded): above 0 the shopper owes it, below 0 the shop does'),
    state: z.enum(MONEY_STATES),
  })
  .meta({ id: 'OrderMoney' });
export type Money = z.infer<typeof moneySchema>;

export function moneyState(figures: { due: number; paid: number; refunded: number }): Money {
  const { due, paid, refunded } = figures;
  const kept = paid - refunded;
  const balance = due - kept;
  let state: MoneyStateName;
  if (refunded > 0 && kept === 0) state = 'refunded';
  else if (kept > due) state = 'overpaid';
  else if (refunded > 0) state = 'partially_refunded';
  else if (kept === 0) state = due === 0 ? 'paid' : 'unpaid';
  else state = kept < due ? 'partially_paid' : 'paid';
  return { due, paid, refunded, balance, state };
}

/** What the shop owes back: money kept above what is due. */
export const overpaidOf = (money: Money) => Math.max(0, -money.balance);
