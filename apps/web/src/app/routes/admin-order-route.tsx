// /dashboard/orders/:id: the back office's page of one order, with the payments feature's refunds
// panel (an order's refunds are money given back: decision record 029).
import AdminOrderPage from '../../features/admin-orders/routes/order-page.tsx';
import { RefundsPanel } from '../../features/admin-payments/components/refunds-panel.tsx';

export default function AdminOrderRoute() {
  return <AdminOrderPage refunds={(order) => <RefundsPanel order={order} />} />;
}
