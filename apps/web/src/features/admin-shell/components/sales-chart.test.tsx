import { describe, expect, it } from 'vitest';
import { SALES_DAYS } from '@duka/domain/common/nairobi-time';
import { salesPoints } from './sales-chart.tsx';

describe('salesPoints', () => {
  it('gives every day of the period in shillings, with 0 where nothing was sold', () => {
    const now = new Date('2026-11-22T09:00:00Z');
    const points = salesPoints(
      [
        { date: '2026-11-20', total: 129_950 },
        { date: '2026-11-22', total: 5_000 },
      ],
      now,
    );
    expect(points).toHaveLength(SALES_DAYS);
    expect(points[0]).toEqual({ date: '2026-10-24', sales: 0 });
    expect(points.at(-3)).toEqual({ date: '2026-11-20', sales: 1300 });
    expect(points.at(-2)).toEqual({ date: '2026-11-21', sales: 0 });
    expect(points.at(-1)).toEqual({ date: '2026-11-22', sales: 50 });
  });

  it('keeps a day the server reports even when it falls just outside the 30 days', () => {
    const points = salesPoints(
      [{ date: '2026-10-23', total: 100 }],
      new Date('2026-11-22T09:00:00Z'),
    );
    expect(points[0]).toEqual({ date: '2026-10-23', sales: 1 });
    expect(points).toHaveLength(SALES_DAYS + 1);
  });
});
