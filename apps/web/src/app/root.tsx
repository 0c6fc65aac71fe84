import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { AuthProvider } from './auth-provider.tsx';

/** The root route: the session is available to every screen below it. */
export function Root() {
  // The page answers clicks from here on (the server's HTML was on screen before): the journeys
  // wait for this mark before they touch a page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = '';
  }, []);
  return (
    <AuthProvider>
      <Outlet />
    </AuthProvider>
  );
}
