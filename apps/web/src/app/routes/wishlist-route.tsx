// /wishlist: the cart feature's wishlist overlay, over the page it was opened from (kept by the
// shop layout) or, opened directly, over the catalogue's home page.
import WishlistPage from '../../features/cart/routes/wishlist-page.tsx';
import { useLayoutShowsPageBehind } from '../layouts/page-behind.ts';
import { HomeBehind } from './home-behind.tsx';

export default function WishlistRoute() {
  const pageShown = useLayoutShowsPageBehind();
  return <WishlistPage behind={pageShown ? null : <HomeBehind />} />;
}
