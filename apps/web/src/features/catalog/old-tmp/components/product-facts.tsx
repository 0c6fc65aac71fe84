// A product's facts under its buttons (SPEC §2.5): shipping, delivery, availability, return
// policy, weight, dimensions and warranty.
import type { ReactNode } from 'react';
import type { Product } from '@duka/domain';
import { returnPolicyText } from '@duka/domain/settings/texts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800">{children}</dd>
    </div>
  );
}

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
  const { width, height, depth } = p.dimensions;
  const returns =
    p.returnPolicy || (returnWindowDays === undefined ? '' : returnPolicyText(returnWindowDays));
  return (
    <dl className="mt-8">
      {p.shippingInformation && <Fact label="Shipping">{p.shippingInformation}</Fact>}
      <Fact label="Delivery">{delivery}</Fact>
      <Fact label="Availability">{p.availabilityStatus}</Fact>
      {returns && <Fact label="Return policy">{returns}</Fact>}
      {p.weight > 0 && <Fact label="Weight">{p.weight} g</Fact>}
      {width > 0 && height > 0 && depth > 0 && (
        <Fact label="Dimensions">
          {width} x {height} x {depth} mm
        </Fact>
      )}
      {p.warrantyInformation && <Fact label="Warranty">{p.warrantyInformation}</Fact>}
    </dl>
  );
}
