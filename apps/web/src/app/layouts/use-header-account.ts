import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../features/auth/auth-provider.tsx';
import { cartQueries } from '../../features/cart/api/cart-api.ts';

/** What the header shows of the visitor's account: where 'My Account' goes and the badge counts. */
export function useHeaderAccount() {
  const { authToken, currentUser } = useAuth();
  const shopper = !!authToken && !!currentUser && !currentUser.is_admin;
  const cart = useQuery({ ...cartQueries.cart(), enabled: shopper });
  const wishlist = useQuery({ ...cartQueries.wishlist(), enabled: shopper });
  return {
    loggedIn: !!authToken,
    label: authToken ? 'My Account' : 'Login',
    href: !authToken
      ? '/login'
      : currentUser?.is_admin
        ? '/dashboard/dashboardAdmin'
        : '/userprofile/dashboarduser',
    cartCount: shopper ? (cart.data ?? []).reduce((n, l) => n + l.quantity, 0) : 0,
    wishlistCount: shopper ? (wishlist.data?.length ?? 0) : 0,
  };
}
