// The dashboard's 'Sales Report': sales per Nairobi day over the last 30 days, in shillings.
// recharts is imported only here, and this only by the lazily loaded dashboard page.
import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { SALES_DAYS } from '@duka/domain/common/nairobi-time';
import { CENTS_PER_SHILLING, formatKsh } from '@duka/domain/pricing/money';
import { lastDaysInNairobi } from '../../../lib/dates.ts';

const BRAND_700 = '#047857';
const SLATE_200 = '#e2e8f0';
const SLATE_500 = '#64748b';

const dayLabel = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});
const shortKsh = new Intl.NumberFormat('en-KE', { notation: 'compact', maximumFractionDigits: 1 });

/** Every day of the period, with 0 for days without sales, so the line shows quiet days too. */
export function salesPoints(sales: { date: string; total: number }[], now = new Date()) {
  const byDay = new Map(sales.map((s) => [s.date, s.total]));
  const days = [...new Set([...lastDaysInNairobi(SALES_DAYS, now), ...byDay.keys()])].sort();
  return days.map((date) => ({
    date,
    sales: Math.round((byDay.get(date) ?? 0) / CENTS_PER_SHILLING),
  }));
}

export function SalesChart({ sales }: { sales: { date: string; total: number }[] }) {
  const points = salesPoints(sales);
  const total = sales.reduce((sum, s) => sum + s.total, 0);
  return (
    <figure>
      <figcaption className="sr-only">
        Sales per day over the last {SALES_DAYS} days: {formatKsh(total)} in all.
      </figcaption>
      <div className="h-64 w-full sm:h-72">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart data={points} margin={{ top: 8, right: 12, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke={SLATE_200} vertical={false} />
            <XAxis
              dataKey="date"
              tickFormatter={(d: string) => dayLabel.format(new Date(`${d}T00:00:00Z`))}
              tick={{ fontSize: 12, fill: SLATE_500 }}
              tickLine={false}
              axisLine={{ stroke: SLATE_200 }}
              minTickGap={24}
            />
            <YAxis
              tickFormatter={(v: number) => shortKsh.format(v)}
              tick={{ fontSize: 12, fill: SLATE_500 }}
              tickLine={false}
              axisLine={false}
              width={48}
              allowDecimals={false}
            />
            <Tooltip
              formatter={(v) => formatKsh(Number(v) * CENTS_PER_SHILLING)}
              labelFormatter={(d) => dayLabel.format(new Date(`${String(d)}T00:00:00Z`))}
            />
            <Legend verticalAlign="top" height={28} iconType="plainline" />
            <Line
              type="monotone"
              dataKey="sales"
              name="Sales (Ksh)"
              stroke={BRAND_700}
              strokeWidth={2}
              dot={false}
              activeDot={{ r: 4 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
