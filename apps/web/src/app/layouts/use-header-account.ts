import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth-context.ts';
import { cartQueries } from '../../features/cart/api/cart-api.ts';

/** What the header shows of the visitor's account: where 'My Account' goes and the badge counts. */
export function useHeaderAccount() {
  const { authToken, currentUser } = useAuth();
  // Anyone logged in may keep a cart (admins shop too); logged out, no badges.
  const loggedIn = !!authToken;
  const cart = useQuery({ ...cartQueries.cart(), enabled: loggedIn });
  const wishlist = useQuery({ ...cartQueries.wishlist(), enabled: loggedIn });
  return {
    loggedIn,
    href: !authToken
      ? '/login'
      : currentUser?.is_admin
        ? '/dashboard/dashboardAdmin'
        : '/userprofile/dashboarduser',
    cartCount: loggedIn ? (cart.data ?? []).reduce((n, l) => n + l.quantity, 0) : 0,
    wishlistCount: loggedIn ? (wishlist.data?.length ?? 0) : 0,
  };
}
