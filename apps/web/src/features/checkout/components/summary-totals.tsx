// Step 3's figures as the server computed them from the cart (SPEC §2.11, DESIGN 3): items and
// delivery as shelved, each promotion by name with what it takes off under what it takes it off
// (issue 36), then the total.
import type { CheckoutSummary } from '@duka/domain';
import { formatKsh } from '@duka/domain/pricing/money';
import { discountLabel, minusKsh } from '../../../components/ui/discount-label.ts';
import { useCheckoutText } from '../text.ts';

function Row({
  label,
  value,
  strong = false,
  saving = false,
}: {
  label: string;
  value: string;
  strong?: boolean;
  saving?: boolean;
}) {
  const look = strong
    ? 'border-t border-slate-200 text-lg font-bold'
    : saving
      ? 'text-sm text-green-800'
      : 'text-sm';
  return (
    <div className={`flex justify-between gap-3 py-2 ${look}`}>
      <dt className="min-w-0">{label}</dt>
      <dd className="whitespace-nowrap">{value}</dd>
    </div>
  );
}

/** The discounts that come off the items, or off the delivery fee, each by name. */
function Discounts({ summary, on }: { summary: CheckoutSummary; on: 'items' | 'delivery' }) {
  return summary.discounts
    .filter((d) => d.on === on)
    .map((d, i) => (
      <Row key={`${on}-${i}`} label={discountLabel(d)} value={minusKsh(d.amountCents)} saving />
    ));
}

export function SummaryTotals({ summary: s }: { summary: CheckoutSummary }) {
  const t = useCheckoutText();
  return (
    <dl aria-label={t('summaryTotals.label')}>
      <Row label={t('summaryTotals.items')} value={String(s.itemCount)} />
      <Row label={t('summaryTotals.itemTotal')} value={formatKsh(s.itemsCents)} />
      <Discounts summary={s} on="items" />
      <Row label={t('summaryTotals.shipping')} value={formatKsh(s.shippingCents)} />
      <Discounts summary={s} on="delivery" />
      <Row label={t('summaryTotals.beforeTax')} value={formatKsh(s.beforeTaxCents)} />
      <Row
        label={t(s.pricesIncludeVat ? 'summaryTotals.vatIncluded' : 'summaryTotals.vatCollected')}
        value={formatKsh(s.vatCents)}
      />
      <Row label={t('summaryTotals.total')} value={formatKsh(s.totalCents)} strong />
    </dl>
  );
}
