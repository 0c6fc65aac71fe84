// Fills the session context (lib/auth-context.ts). On start, with a token, the current user is
// fetched; if that fails for good the session is cleared and the visitor goes to /login (SPEC §4).
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse } from '@duka/domain';
import { ApiError, refreshSession } from '../lib/api-client.ts';
import { AuthContext, type AuthContextValue } from '../lib/auth-context.ts';
import { useAccessToken } from '../lib/session.ts';
import { forgetViewed } from '../lib/recently-viewed.ts';
import {
  clearTokens,
  getAccessToken,
  hasRememberedSession,
  setTokens,
} from '../lib/session-tokens.ts';
import { authQueries, endSession } from '../features/auth/api/auth-api.ts';

export function AuthProvider({ children }: { children: ReactNode }) {
  const authToken = useAccessToken();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useQuery({ ...authQueries.currentUser(), enabled: !!authToken });
  // 'Remember me': a new tab or a restarted browser signs in silently with the kept refresh token.
  const [restoring, setRestoring] = useState(hasRememberedSession);
  useEffect(() => {
    const restore = hasRememberedSession()
      ? refreshSession().then((signedIn) => {
          // What was fetched as a visitor is fetched again as the person.
          if (signedIn) void queryClient.invalidateQueries();
        })
      : Promise.resolve();
    void restore.finally(() => setRestoring(false));
  }, [queryClient]);

  useEffect(() => {
    if (authToken && me.isError && me.error instanceof ApiError && me.error.status === 401) {
      clearTokens();
      queryClient.clear();
      navigate('/login');
    }
  }, [authToken, me.isError, me.error, navigate, queryClient]);

  const completeLogin = useCallback(
    (response: LoginResponse, options?: { remember?: boolean }) => {
      queryClient.clear();
      queryClient.setQueryData(authQueries.currentUser().queryKey, response.user);
      setTokens(response.access_token, response.refresh_token, options?.remember ?? false);
    },
    [queryClient],
  );

  const reloadCurrentUser = useCallback(
    () => queryClient.invalidateQueries(authQueries.currentUser()),
    [queryClient],
  );

  // Forget first, then tell the server: a log-out whose request fails (offline, the server
  // restarting) must still leave nobody logged in at this browser.
  const logout = useCallback(async () => {
    const token = getAccessToken();
    clearTokens();
    queryClient.clear();
    forgetViewed();
    if (token) void endSession(token);
  }, [queryClient]);

  const currentUser = authToken ? (me.data ?? null) : null;
  const value = useMemo<AuthContextValue>(
    () => ({
      authToken,
      userEmail: currentUser?.email ?? null,
      currentUser,
      isLoading: restoring || (!!authToken && me.isPending),
      completeLogin,
      reloadCurrentUser,
      logout,
    }),
    [authToken, currentUser, restoring, me.isPending, completeLogin, reloadCurrentUser, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
