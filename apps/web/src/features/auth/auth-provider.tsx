// The session as the screens see it (SPEC §3: authToken, userEmail, currentUser). On start, with a
// token, the current user is fetched; if that fails for good the session is cleared and the
// visitor goes to /login (SPEC §4).
import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, User } from '@duka/domain';
import { ApiError } from '../../lib/api-client.ts';
import { useAccessToken } from '../../lib/session.ts';
import { clearTokens, setTokens } from '../../lib/session-tokens.ts';
import { authQueries, logOut } from './api/auth-api.ts';

export interface AuthContextValue {
  authToken: string | null;
  userEmail: string | null;
  currentUser: User | null;
  /** True while a stored token's user is being fetched. */
  isLoading: boolean;
  completeLogin: (response: LoginResponse) => void;
  /** Ends the session on the server, then here. Throws if the server call fails. */
  logout: () => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const authToken = useAccessToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery({ ...authQueries.currentUser(), enabled: !!authToken });

  useEffect(() => {
    if (authToken && me.isError && me.error instanceof ApiError && me.error.status === 401) {
      clearTokens();
      queryClient.clear();
      navigate('/login');
    }
  }, [authToken, me.isError, me.error, navigate, queryClient]);

  const completeLogin = useCallback(
    (response: LoginResponse) => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.currentUser().queryKey, response.user);
      setTokens(response.access_token, response.refresh_token);
    },
    [queryClient],
  );

  const logout = useCallback(async () => {
    await logOut();
    clearTokens();
    queryClient.clear();
  }, [queryClient]);

  const currentUser = authToken ? (me.data ?? null) : null;
  const value = useMemo<AuthContextValue>(
    () => ({
      authToken,
      userEmail: currentUser?.email ?? null,
      currentUser,
      isLoading: !!authToken && me.isPending,
      completeLogin,
      logout,
    }),
    [authToken, currentUser, me.isPending, completeLogin, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
