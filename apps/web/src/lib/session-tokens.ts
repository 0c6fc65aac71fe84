// The session's tokens live in sessionStorage under the keys of SPEC §3 ('token', 'refresh_token'):
// they last as long as the tab, and every part of the app reads them through this module.
// 'Remember me' (issue 37) keeps the refresh token in localStorage instead, which outlives the
// browser: a later visit trades it for a new session silently (app/auth-provider.tsx). Each
// refresh gives a new refresh token, kept where the old one was, so the tabs of a remembered
// session share one token rather than spending each other's.
const ACCESS_KEY = 'token';
const REFRESH_KEY = 'refresh_token';
const REMEMBERED_KEY = 'duka:remembered-refresh-token';
/** SPEC §6: some older code paths read the access token from this key too. */
const LEGACY_ACCESS_KEY = 'access_token';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(kind: 'sessionStorage' | 'localStorage' = 'sessionStorage'): Storage | undefined {
  try {
    return window[kind];
  } catch {
    return undefined;
  }
}

const remembered = () => storage('localStorage')?.getItem(REMEMBERED_KEY) ?? null;

export function getAccessToken(): string | null {
  const s = storage();
  return s?.getItem(ACCESS_KEY) ?? s?.getItem(LEGACY_ACCESS_KEY) ?? null;
}

/** This tab's own refresh token, else the remembered one. */
export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_KEY) ?? remembered();
}

/** A session kept by 'Remember me' that this tab has not signed in with yet. */
export function hasRememberedSession(): boolean {
  return !getAccessToken() && !!remembered();
}

/**
 * Keeps a session's tokens. `remember` is the log-in's 'Remember me' box: true keeps the refresh
 * token across browser restarts, false keeps it for this tab only and forgets any remembered one;
 * left out (a refresh), the new refresh token goes where the old one was.
 */
export function setTokens(access: string, refresh?: string, remember?: boolean): void {
  const s = storage();
  const local = storage('localStorage');
  s?.setItem(ACCESS_KEY, access);
  if (refresh) {
    const rememberedBefore = !s?.getItem(REFRESH_KEY) && !!remembered();
    if (remember ?? rememberedBefore) {
      local?.setItem(REMEMBERED_KEY, refresh);
      s?.removeItem(REFRESH_KEY);
    } else {
      s?.setItem(REFRESH_KEY, refresh);
      if (remember === false) local?.removeItem(REMEMBERED_KEY);
    }
  }
  listeners.forEach((l) => l());
}

export function clearTokens(): void {
  const s = storage();
  s?.removeItem(ACCESS_KEY);
  s?.removeItem(REFRESH_KEY);
  s?.removeItem(LEGACY_ACCESS_KEY);
  storage('localStorage')?.removeItem(REMEMBERED_KEY);
  listeners.forEach((l) => l());
}

export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
