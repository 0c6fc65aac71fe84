import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkoutTotals } from '../pricing/checkout-totals.ts';
import {
  creditedSoFar,
  creditNoteFigures,
  uncreditedCents,
  type CreditAsk,
  type CreditNoteFigures,
  type SoldLine,
} from './credit-note-figures.ts';
import { DELIVERY_LINE_KEY, invoiceFigures } from './invoice-figures.ts';
import { TAX_RATES, TAX_TYPES, type TaxType } from './tax-types.ts';

interface Order {
  lines: { shillings: number; quantity: number; taxType: TaxType }[];
  deliveryShillings: number;
  pricesIncludeVat: boolean;
}

/** The sale invoice of an order, as its lines were sold: refs are the lines' positions. */
function soldLines(order: Order): SoldLine[] {
  const lines = order.lines.map((l, i) => ({
    key: String(i),
    name: `Product ${i}`,
    unitPriceCents: l.shillings * 100,
    quantity: l.quantity,
    taxType: l.taxType,
  }));
  const deliveryCents = order.deliveryShillings * 100;
  const { pricesIncludeVat } = order;
  const totals = checkoutTotals(lines, deliveryCents, { pricesIncludeVat });
  return invoiceFigures({
    lines,
    deliveryCents,
    pricesIncludeVat,
    vatCents: totals.vatCents,
  }).lines.map((l) => ({
    ref: l.key,
    taxType: l.taxType,
    quantity: l.quantity,
    amountCents: l.amountCents,
    taxCents: l.taxCents,
  }));
}

const orderArb: fc.Arbitrary<Order> = fc.record({
  lines: fc.array(
    fc.record({
      shillings: fc.integer({ min: 1, max: 200_000 }),
      quantity: fc.integer({ min: 1, max: 6 }),
      taxType: fc.constantFrom(...TAX_TYPES),
    }),
    { minLength: 1, maxLength: 6 },
  ),
  deliveryShillings: fc.integer({ min: 0, max: 1_500 }),
  pricesIncludeVat: fc.boolean(),
});

const sum = (ns: number[]) => ns.reduce((s, n) => s + n, 0);

/** A note's own arithmetic: lines, types and totals agree, VAT only where the type has it. */
function expectAddsUp(note: CreditNoteFigures, sold: SoldLine[]) {
  expect(sum(note.lines.map((l) => l.amountCents))).toBe(note.totalCents);
  expect(sum(note.lines.map((l) => l.taxCents))).toBe(note.totalTaxCents);
  expect(sum(TAX_TYPES.map((t) => note.byType[t].taxableCents))).toBe(note.totalCents);
  expect(sum(TAX_TYPES.map((t) => note.byType[t].taxCents))).toBe(note.totalTaxCents);
  for (const t of TAX_TYPES) {
    const ofType = note.lines.filter((l) => l.taxType === t);
    expect(sum(ofType.map((l) => l.amountCents))).toBe(note.byType[t].taxableCents);
    expect(sum(ofType.map((l) => l.taxCents))).toBe(note.byType[t].taxCents);
  }
  for (const line of note.lines) {
    const soldLine = sold.find((s) => s.ref === line.ref)!;
    expect(line.taxType).toBe(soldLine.taxType);
    expect(line.amountCents).toBeGreaterThan(0);
    expect(line.quantity).toBeGreaterThanOrEqual(1);
    expect(line.taxCents).toBeGreaterThanOrEqual(0);
    if (TAX_RATES[line.taxType] === 0) expect(line.taxCents).toBe(0);
    // The VAT in the amount at the line's rate, as close as the sale's own rounding allowed.
    const rate = TAX_RATES[line.taxType];
    const exact = (cents: number) => (cents * rate) / (100 + rate);
    const saleSlack = Math.abs(soldLine.taxCents - exact(soldLine.amountCents));
    const slack = (saleSlack * line.amountCents) / soldLine.amountCents + 1 + 1e-6;
    expect(Math.abs(line.taxCents - exact(line.amountCents))).toBeLessThanOrEqual(slack);
  }
}

describe('creditNoteFigures', () => {
  // 2 × Ksh 1,000 at B, 1 × Ksh 250 exempt, delivery Ksh 50: VAT 328, total 2,628.
  const order: Order = {
    lines: [
      { shillings: 1_000, quantity: 2, taxType: 'B' },
      { shillings: 250, quantity: 1, taxType: 'A' },
    ],
    deliveryShillings: 50,
    pricesIncludeVat: false,
  };
  const sold = soldLines(order);

  it('credits exactly the lines and amounts refunded, with the VAT of each by its type', () => {
    expect(sold.map((l) => [l.ref, l.amountCents, l.taxCents])).toEqual([
      ['0', 232_000, 32_000],
      ['1', 25_000, 0],
      [DELIVERY_LINE_KEY, 5_800, 800],
    ]);
    const note = creditNoteFigures(sold, new Map(), {
      by: 'lines',
      lines: [
        { ref: '0', quantity: 1, amountCents: 116_000 },
        { ref: '1', quantity: 1, amountCents: 25_000 },
        { ref: DELIVERY_LINE_KEY, quantity: 1, amountCents: 5_800 },
      ],
    });
    expect(note.lines.map((l) => [l.ref, l.quantity, l.amountCents, l.taxCents])).toEqual([
      ['0', 1, 116_000, 16_000],
      ['1', 1, 25_000, 0],
      [DELIVERY_LINE_KEY, 1, 5_800, 800],
    ]);
    expect(note.byType.B).toEqual({ taxableCents: 121_800, taxCents: 16_800 });
    expect(note.byType.A).toEqual({ taxableCents: 25_000, taxCents: 0 });
    expect(note.totalCents).toBe(146_800);
    expect(note.totalTaxCents).toBe(16_800);
  });

  it('shares an amount among what is left of the lines, never more than was sold', () => {
    const first = creditNoteFigures(sold, new Map(), {
      by: 'lines',
      lines: [{ ref: '0', quantity: 1, amountCents: 116_000 }],
    });
    const credited = creditedSoFar([first.lines]);
    expect(uncreditedCents(sold, credited)).toBe(262_800 - 116_000);
    // More than is left: only what is left is credited, and then all of it, line by line.
    const rest = creditNoteFigures(sold, credited, { by: 'share', amountCents: 1_000_000 });
    expect(rest.lines.map((l) => [l.ref, l.quantity, l.returnedQuantity, l.amountCents])).toEqual([
      ['0', 1, 0, 116_000],
      ['1', 1, 0, 25_000],
      [DELIVERY_LINE_KEY, 1, 0, 5_800],
    ]);
    expect(rest.totalTaxCents + first.totalTaxCents).toBe(32_800);
    const none = creditNoteFigures(sold, creditedSoFar([first.lines, rest.lines]), {
      by: 'share',
      amountCents: 100,
    });
    expect(none.lines).toEqual([]);
    expect(none.totalCents).toBe(0);
  });

  it('ignores lines the sale does not have, and caps a line at what is left of it', () => {
    const note = creditNoteFigures(sold, new Map(), {
      by: 'lines',
      lines: [
        { ref: '99', quantity: 1, amountCents: 5_000 },
        { ref: '1', quantity: 3, amountCents: 40_000 },
        { ref: '1', quantity: 1, amountCents: 1 },
      ],
    });
    expect(note.lines).toEqual([
      {
        ref: '1',
        taxType: 'A',
        quantity: 1,
        returnedQuantity: 1,
        amountCents: 25_000,
        taxCents: 0,
      },
    ]);
  });

  it('adds up to the refund, line by line and by tax type, whatever the order', () => {
    fc.assert(
      fc.property(
        orderArb.chain((o) => {
          const sold = soldLines(o);
          const want = fc.subarray(sold, { minLength: 1 }).chain((picked) =>
            fc.tuple(
              ...picked.map((line) =>
                fc.record({
                  ref: fc.constant(line.ref),
                  quantity: fc.integer({ min: 1, max: line.quantity }),
                  amountCents: fc.integer({ min: 1, max: line.amountCents }),
                }),
              ),
            ),
          );
          return fc.tuple(fc.constant(sold), want);
        }),
        ([sold, lines]) => {
          const note = creditNoteFigures(sold, new Map(), { by: 'lines', lines });
          expectAddsUp(note, sold);
          expect(note.totalCents).toBe(sum(lines.map((l) => l.amountCents)));
          for (const want of lines) {
            const line = note.lines.find((l) => l.ref === want.ref)!;
            expect([line.quantity, line.amountCents]).toEqual([want.quantity, want.amountCents]);
          }
        },
      ),
    );
  });

  it('never credits an order more than its invoice, and the rest credits it exactly', () => {
    const askArb = (sold: SoldLine[]): fc.Arbitrary<CreditAsk> =>
      fc.oneof(
        fc.record({
          by: fc.constant('share' as const),
          amountCents: fc.integer({ min: 1, max: sum(sold.map((l) => l.amountCents)) }),
        }),
        fc.record({
          by: fc.constant('lines' as const),
          lines: fc.array(
            fc.record({
              ref: fc.constantFrom(...sold.map((l) => l.ref)),
              quantity: fc.integer({ min: 1, max: 8 }),
              amountCents: fc.integer({
                min: 1,
                max: 2 * Math.max(...sold.map((l) => l.amountCents)),
              }),
            }),
            { minLength: 1, maxLength: 4 },
          ),
        }),
      );
    fc.assert(
      fc.property(
        orderArb.chain((o) => {
          const sold = soldLines(o);
          return fc.tuple(fc.constant(sold), fc.array(askArb(sold), { maxLength: 4 }));
        }),
        ([sold, asks]) => {
          const invoiceTotal = sum(sold.map((l) => l.amountCents));
          const notes: CreditNoteFigures[] = [];
          const credited = () => creditedSoFar(notes.map((n) => n.lines));
          for (const ask of [...asks, { by: 'share', amountCents: invoiceTotal } as const]) {
            const left = uncreditedCents(sold, credited());
            const note = creditNoteFigures(sold, credited(), ask);
            expectAddsUp(note, sold);
            if (ask.by === 'share') expect(note.totalCents).toBe(Math.min(ask.amountCents, left));
            notes.push(note);
            for (const line of sold) {
              const mine = notes.flatMap((n) => n.lines).filter((l) => l.ref === line.ref);
              expect(sum(mine.map((l) => l.amountCents))).toBeLessThanOrEqual(line.amountCents);
              expect(sum(mine.map((l) => l.taxCents))).toBeLessThanOrEqual(line.taxCents);
              expect(sum(mine.map((l) => l.returnedQuantity))).toBeLessThanOrEqual(line.quantity);
            }
            expect(sum(notes.map((n) => n.totalCents))).toBeLessThanOrEqual(invoiceTotal);
          }
          // The last note gave back the rest: together they credit the invoice exactly.
          for (const line of sold) {
            const mine = notes.flatMap((n) => n.lines).filter((l) => l.ref === line.ref);
            expect(sum(mine.map((l) => l.amountCents))).toBe(line.amountCents);
            expect(sum(mine.map((l) => l.taxCents))).toBe(line.taxCents);
          }
          for (const t of TAX_TYPES) {
            const ofType = sold.filter((l) => l.taxType === t);
            expect(sum(notes.map((n) => n.byType[t].taxableCents))).toBe(
              sum(ofType.map((l) => l.amountCents)),
            );
            expect(sum(notes.map((n) => n.byType[t].taxCents))).toBe(
              sum(ofType.map((l) => l.taxCents)),
            );
          }
          expect(sum(notes.map((n) => n.totalCents))).toBe(invoiceTotal);
          expect(sum(notes.map((n) => n.totalTaxCents))).toBe(sum(sold.map((l) => l.taxCents)));
        },
      ),
    );
  });
});
