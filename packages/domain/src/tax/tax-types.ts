// KRA's VAT tax types, as eTIMS names them (issue 23): every product has one; delivery is B.
export const TAX_TYPES = ['A', 'B', 'C', 'D', 'E'] as const;
export type TaxType = (typeof TAX_TYPES)[number];

/** The rate of each type, in percent. */
export const TAX_RATES: Record<TaxType, number> = { A: 0, B: 16, C: 0, D: 0, E: 8 };

/** As the back office and the receipt name them. */
export const TAX_TYPE_LABELS: Record<TaxType, string> = {
  A: 'A: exempt',
  B: 'B: VAT 16%',
  C: 'C: zero-rated 0%',
  D: 'D: non-VAT',
  E: 'E: VAT 8%',
};

/** What delivery is taxed as. */
export const DELIVERY_TAX_TYPE: TaxType = 'B';
export const DEFAULT_TAX_TYPE: TaxType = 'B';
