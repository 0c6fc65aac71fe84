import { useAccessToken } from '../../lib/session.ts';

/** What the header shows of the visitor's account: where 'My Account' goes and the badge counts. */
export function useHeaderAccount() {
  const token = useAccessToken();
  return {
    label: token ? 'My Account' : 'Login',
    href: token ? '/userprofile/dashboarduser' : '/login',
    cartCount: 0,
    wishlistCount: 0,
  };
}
