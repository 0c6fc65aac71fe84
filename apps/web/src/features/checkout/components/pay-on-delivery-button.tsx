// 'Pay on delivery' at checkout (issue 22): offered where the shopper's county (or pickup point's
// county) takes it and the order is within its maximum; the server decides again when pressed.
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { payOnDeliveryRefusal } from '@duka/domain/delivery/pay-on-delivery';
import type { CheckoutDetails } from '@duka/domain/checkout/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { FormMessage } from '../../../components/ui/status.tsx';
import { formatKsh } from '@duka/domain/pricing/money';
import { api } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { deliveryQueries } from '../../../lib/delivery.ts';
import { useRefreshOnOfferRefusal } from '../api/offer-refusal.ts';
import { useCheckoutText } from '../text.ts';

export function PayOnDeliveryButton({
  details,
  countyName,
  orderId,
  totalCents,
  disabled,
}: {
  /** Where checkout's order goes (steps 1 and 2)… */
  details?: CheckoutDetails;
  /** …or, paying an order later, its county as the order names it. */
  countyName?: string | null;
  /** Pay this order of the shopper's on delivery instead of one made from the cart. */
  orderId?: number | undefined;
  totalCents: number;
  disabled: boolean;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const counties = useQuery(deliveryQueries.counties());
  const points = useQuery(deliveryQueries.pickupPoints());
  const [error, setError] = useState('');
  const refreshOnRefusal = useRefreshOnOfferRefusal();
  const [placing, setPlacing] = useState(false);
  const t = useCheckoutText();
  const m = useMessageText();

  const countyCode = !details
    ? undefined
    : details.delivery === 'pickup'
      ? points.data?.find((p) => p.id === details.pickup_point_id)?.county_code
      : details.county;
  const county = counties.data?.find((c) =>
    details ? c.code === countyCode : c.name === countyName,
  );
  const refusal = payOnDeliveryRefusal(
    county
      ? {
          name: county.name,
          payOnDelivery: county.pay_on_delivery,
          payOnDeliveryMaxCents:
            county.pay_on_delivery_max === null ? null : county.pay_on_delivery_max * 100,
        }
      : null,
    totalCents,
  );
  // Not offered here at all: no button to tease with.
  if (!county?.pay_on_delivery) return null;
  // Offered in the county, so the one refusal left is an order over its maximum.
  const tooMuch =
    refusal && county.pay_on_delivery_max !== null
      ? t('payOnDelivery.overMax', {
          county: county.name,
          max: formatKsh(county.pay_on_delivery_max * 100),
        })
      : refusal;

  const place = async () => {
    setError('');
    setPlacing(true);
    try {
      const placed = await api<{ order_id: number }>('/create-payment', {
        method: 'POST',
        body: { method: 'pay_on_delivery', ...(orderId ? { order_id: orderId } : {}) },
      });
      await queryClient.invalidateQueries({ queryKey: ['cart'] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      navigate(`/ordercomplete?order=${placed.order_id}`);
    } catch (err) {
      refreshOnRefusal(err);
      setError(err instanceof Error ? m(err.message) : t('payOnDelivery.failed'));
      setPlacing(false);
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <Button variant="secondary" onClick={place} disabled={disabled || placing || !!refusal}>
        {t(placing ? 'payOnDelivery.placing' : 'payOnDelivery.pay')}
      </Button>
      {(tooMuch || error) && <FormMessage kind="error">{error || tooMuch}</FormMessage>}
    </div>
  );
}
