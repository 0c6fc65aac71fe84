// A product's facts under its buttons (SPEC §2.5): shipping, delivery, availability, return
// policy, weight, dimensions and warranty.
import type { ReactNode } from 'react';
import type { Product } from '@duka/domain';
import { useCatalogText } from '../text.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800">{children}</dd>
    </div>
  );
}

/** The server's availability words (catalog/mappers.ts), each in the page's language. */
type AvailabilityKey = 'productFacts.inStock' | 'productFacts.lowStock' | 'productFacts.outOfStock';
const AVAILABILITY = new Map<string, AvailabilityKey>([
  ['In Stock', 'productFacts.inStock'],
  ['Low Stock', 'productFacts.lowStock'],
  ['Out of Stock', 'productFacts.outOfStock'],
]);

/**
 * Only what the merchant wrote (decision record 026): no shipping time, weight, dimensions or
 * warranty line unless given (0 g and 0 mm are not given); the return policy is the product's
 * own, else the shop's return window.
 */
export function ProductFacts({
  p,
  delivery,
  returnWindowDays,
}: {
  p: Product;
  delivery: string;
  returnWindowDays: number | undefined;
}) {
  const t = useCatalogText();
  const { width, height, depth } = p.dimensions;
  // The shop's window in the page's language (domain's returnPolicyText says the same in English).
  const shopPolicy =
    returnWindowDays === undefined
      ? ''
      : returnWindowDays > 0
        ? t('productFacts.returnWindow', { days: returnWindowDays })
        : t('productFacts.noReturns');
  const returns = p.returnPolicy || shopPolicy;
  const availability = AVAILABILITY.get(p.availabilityStatus);
  return (
    <dl className="mt-8">
      {p.shippingInformation && (
        <Fact label={t('productFacts.shipping')}>{p.shippingInformation}</Fact>
      )}
      <Fact label={t('productFacts.delivery')}>{delivery}</Fact>
      <Fact label={t('productFacts.availability')}>
        {availability ? t(availability) : p.availabilityStatus}
      </Fact>
      {returns && <Fact label={t('productFacts.returnPolicy')}>{returns}</Fact>}
      {p.weight > 0 && <Fact label={t('productFacts.weight')}>{`${p.weight} g`}</Fact>}
      {width > 0 && height > 0 && depth > 0 && (
        <Fact label={t('productFacts.dimensions')}>{`${width} x ${height} x ${depth} mm`}</Fact>
      )}
      {p.warrantyInformation && (
        <Fact label={t('productFacts.warranty')}>{p.warrantyInformation}</Fact>
      )}
    </dl>
  );
}
