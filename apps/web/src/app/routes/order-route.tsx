// /userprofile/orders/:id: the orders feature's page of one order, with checkout's 'Pay now' for an
// order still awaiting payment (paying later, the same order: issue 34).
import { PayLater } from '../../features/checkout/components/pay-later.tsx';
import OrderPage from '../../features/orders/routes/order-page.tsx';

export default function OrderRoute() {
  return (
    <OrderPage
      payNow={(order) => (
        <PayLater
          orderId={order.id}
          balanceCents={order.money.balance}
          totalCents={order.order_total}
          countyName={order.county}
        />
      )}
    />
  );
}
