import { useAuth } from '../../features/auth/auth-provider.tsx';

/** What the header shows of the visitor's account: where 'My Account' goes and the badge counts. */
export function useHeaderAccount() {
  const { authToken, currentUser } = useAuth();
  return {
    loggedIn: !!authToken,
    label: authToken ? 'My Account' : 'Login',
    href: !authToken
      ? '/login'
      : currentUser?.is_admin
        ? '/dashboard/dashboardAdmin'
        : '/userprofile/dashboarduser',
    cartCount: 0,
    wishlistCount: 0,
  };
}
