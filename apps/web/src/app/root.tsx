import { Outlet } from 'react-router';
import { AuthProvider } from './auth-provider.tsx';

/** The root route: the session is available to every screen below it. */
export function Root() {
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
