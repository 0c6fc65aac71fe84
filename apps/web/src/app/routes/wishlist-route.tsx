// /wishlist: the cart feature's wishlist overlay, over the catalogue's home page.
import WishlistPage from '../../features/cart/routes/wishlist-page.tsx';
import { HomeBehind } from './home-behind.tsx';

export default function WishlistRoute() {
  return <WishlistPage behind={<HomeBehind />} />;
}
