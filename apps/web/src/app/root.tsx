import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { announceHydrated } from '../lib/hydration.tsx';
import { AuthProvider } from './auth-provider.tsx';

/** The root route: the session is available to every screen below it. */
export function Root() {
  // The page answers clicks from here on; taps held before are made now (ssr/keep-taps.ts).
  useEffect(() => void announceHydrated(document), []);
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
