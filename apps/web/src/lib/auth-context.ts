// The session as the screens see it (SPEC §3: authToken, userEmail, currentUser). The provider
// that fills it lives in app/ (it calls the auth feature's API); any screen reads it here.
import { createContext, useContext } from 'react';
import type { LoginResponse, User } from '@duka/domain';

export interface AuthContextValue {
  authToken: string | null;
  userEmail: string | null;
  currentUser: User | null;
  /** True while a stored token's user is being fetched, or a remembered session restored. */
  isLoading: boolean;
  /** Keeps the session; `remember` ('Remember me') keeps it across browser restarts. */
  completeLogin: (response: LoginResponse, options?: { remember?: boolean }) => void;
  /** Asks the server again who is logged in (e.g. after one's own rights changed). */
  reloadCurrentUser: () => Promise<void>;
  /** Ends the session on the server, then here. Throws if the server call fails. */
  logout: () => Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
