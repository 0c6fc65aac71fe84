// /cart: the cart feature's overlay, over the catalogue's home page, with the checkout's notice of
// a cancelled payment above the lines.
import CartPage from '../../features/cart/routes/cart-page.tsx';
import { PaymentCancelledNotice } from '../../features/checkout/components/payment-cancelled-notice.tsx';
import { HomeBehind } from './home-behind.tsx';

export default function CartRoute() {
  return <CartPage behind={<HomeBehind />} notice={<PaymentCancelledNotice />} />;
}
