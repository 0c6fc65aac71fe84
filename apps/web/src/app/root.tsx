import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { announceHydrated, HydrateLater } from '../lib/hydration.tsx';
import { AuthProvider } from './auth-provider.tsx';

/** The root route: the session is available to every screen below it. */
export function Root() {
  // The page answers clicks from here on; taps held before are made now (ssr/keep-taps.ts).
  useEffect(() => void announceHydrated(document), []);
  // The layout and the page hydrate in a turn after the session's (lib/hydration.tsx): on a phone
  // the two together were the longest task of the first load.
  return (
    <AuthProvider>
      <HydrateLater>
        <Outlet />
      </HydrateLater>
    </AuthProvider>
  );
}
