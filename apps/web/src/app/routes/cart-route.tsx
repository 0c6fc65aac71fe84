// /cart: the cart feature's overlay, over the page it was opened from (kept by the shop layout) or,
// opened directly, over the catalogue's home page; with the checkout's notice of a cancelled
// payment above the lines.
import CartPage from '../../features/cart/routes/cart-page.tsx';
import { PaymentCancelledNotice } from '../../features/checkout/components/payment-cancelled-notice.tsx';
import { useLayoutShowsPageBehind } from '../layouts/page-behind.ts';
import { HomeBehind } from './home-behind.tsx';

export default function CartRoute() {
  const pageShown = useLayoutShowsPageBehind();
  return (
    <CartPage behind={pageShown ? null : <HomeBehind />} notice={<PaymentCancelledNotice />} />
  );
}
