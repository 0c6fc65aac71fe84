// The figures of a credit note (issue 34): what a refund of goods gives back, stated against the
// sale invoice's lines. Lines named by the refund are credited with exactly the amounts refunded;
// a refund that names none (an order refunded whole, an amount given back for goods) is shared
// among what is left of the sale's lines, in proportion. Either way no line is credited more than
// was sold, and each credited line's VAT is its sold VAT in proportion to the amount, worked out
// on the running total of what was credited (so the VAT of all the notes of a line adds up to its
// sold VAT exactly once the whole line came back).
import { shareByWeight, type InvoiceFigures } from './invoice-figures.ts';
import { TAX_TYPES, type TaxType } from './tax-types.ts';

/** A line of the sale invoice as sold: VAT-inclusive, as eTIMS states lines. */
export interface SoldLine {
  /** Which line: an order item's id as text, or 'delivery'. */
  ref: string;
  taxType: TaxType;
  quantity: number;
  amountCents: number;
  taxCents: number;
}

/** What earlier credit notes took from a sold line. */
export interface Credited {
  amountCents: number;
  /** Units given back; a share of an amount gives none back. */
  returnedQuantity: number;
}

/** What a refund of goods asks to credit. */
export type CreditAsk =
  | { by: 'lines'; lines: readonly { ref: string; quantity: number; amountCents: number }[] }
  | { by: 'share'; amountCents: number };

export interface CreditNoteLine {
  ref: string;
  taxType: TaxType;
  /** As the note states it: the units given back, or for a share the units it is taken off. */
  quantity: number;
  returnedQuantity: number;
  amountCents: number;
  taxCents: number;
}

export interface CreditNoteFigures {
  lines: CreditNoteLine[];
  byType: InvoiceFigures['byType'];
  totalCents: number;
  totalTaxCents: number;
}

const NOTHING: Credited = { amountCents: 0, returnedQuantity: 0 };

/** The VAT of the first `amountCents` credited of a sold line: its VAT in proportion, half up. */
export function creditedTax(line: SoldLine, amountCents: number): number {
  if (line.amountCents <= 0 || amountCents <= 0) return 0;
  const sold = BigInt(line.amountCents);
  return Number((2n * BigInt(line.taxCents) * BigInt(amountCents) + sold) / (2n * sold));
}

/** Adds up what credit notes took from each line, by ref. */
export function creditedSoFar(
  notes: readonly (readonly { ref: string; amountCents: number; returnedQuantity: number }[])[],
): Map<string, Credited> {
  const credited = new Map<string, Credited>();
  for (const line of notes.flat()) {
    const before = credited.get(line.ref) ?? NOTHING;
    credited.set(line.ref, {
      amountCents: before.amountCents + line.amountCents,
      returnedQuantity: before.returnedQuantity + line.returnedQuantity,
    });
  }
  return credited;
}

/** What is still to credit of the sale: its amount less what the notes took, never below 0. */
export function uncreditedCents(
  sold: readonly SoldLine[],
  credited: ReadonlyMap<string, Credited>,
) {
  return sold.reduce(
    (sum, l) => sum + Math.max(0, l.amountCents - (credited.get(l.ref) ?? NOTHING).amountCents),
    0,
  );
}

const clamp = (n: number, max: number) => Math.max(0, Math.min(Math.trunc(n), max));

export function creditNoteFigures(
  sold: readonly SoldLine[],
  credited: ReadonlyMap<string, Credited>,
  ask: CreditAsk,
): CreditNoteFigures {
  const before = (ref: string) => credited.get(ref) ?? NOTHING;
  // What this note takes from each line, by ref (a line named twice adds up, still within it).
  const taking = new Map<string, Credited>();
  const left = (line: SoldLine) => {
    const taken = taking.get(line.ref) ?? NOTHING;
    return {
      amountCents: Math.max(0, line.amountCents - before(line.ref).amountCents - taken.amountCents),
      quantity: Math.max(
        0,
        line.quantity - before(line.ref).returnedQuantity - taken.returnedQuantity,
      ),
    };
  };
  const take = (line: SoldLine, amountCents: number, returnedQuantity: number) => {
    if (amountCents <= 0) return;
    const taken = taking.get(line.ref) ?? NOTHING;
    taking.set(line.ref, {
      amountCents: taken.amountCents + amountCents,
      returnedQuantity: taken.returnedQuantity + returnedQuantity,
    });
  };

  if (ask.by === 'lines') {
    const byRef = new Map(sold.map((l) => [l.ref, l]));
    for (const want of ask.lines) {
      const line = byRef.get(want.ref);
      if (!line) continue;
      const room = left(line);
      take(line, clamp(want.amountCents, room.amountCents), clamp(want.quantity, room.quantity));
    }
  } else {
    const room = sold.map((l) => left(l).amountCents);
    const total = clamp(
      ask.amountCents,
      room.reduce((s, r) => s + r, 0),
    );
    const shares = shareByWeight(total, room.map(BigInt));
    sold.forEach((line, i) => take(line, shares[i]!, 0));
  }

  const lines: CreditNoteLine[] = [];
  for (const line of sold) {
    const taken = taking.get(line.ref);
    if (!taken) continue;
    const already = before(line.ref).amountCents;
    const unitsLeft = Math.max(1, line.quantity - before(line.ref).returnedQuantity);
    lines.push({
      ref: line.ref,
      taxType: line.taxType,
      quantity: taken.returnedQuantity > 0 ? taken.returnedQuantity : unitsLeft,
      returnedQuantity: taken.returnedQuantity,
      amountCents: taken.amountCents,
      taxCents: creditedTax(line, already + taken.amountCents) - creditedTax(line, already),
    });
  }
  const byType = Object.fromEntries(
    TAX_TYPES.map((t) => [t, { taxableCents: 0, taxCents: 0 }]),
  ) as InvoiceFigures['byType'];
  for (const line of lines) {
    byType[line.taxType].taxableCents += line.amountCents;
    byType[line.taxType].taxCents += line.taxCents;
  }
  return {
    lines,
    byType,
    totalCents: lines.reduce((s, l) => s + l.amountCents, 0),
    totalTaxCents: lines.reduce((s, l) => s + l.taxCents, 0),
  };
}
