// The session's tokens live in sessionStorage under the keys of SPEC §3 ('token', 'refresh_token'):
// they last as long as the tab, and every part of the app reads them through this module.
const ACCESS_KEY = 'token';
const REFRESH_KEY = 'refresh_token';
/** SPEC §6: some older code paths read the access token from this key too. */
const LEGACY_ACCESS_KEY = 'access_token';

type Listener = () => void;
const listeners = new Set<Listener>();

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function getAccessToken(): string | null {
  const s = storage();
  return s?.getItem(ACCESS_KEY) ?? s?.getItem(LEGACY_ACCESS_KEY) ?? null;
}

export function getRefreshToken(): string | null {
  return storage()?.getItem(REFRESH_KEY) ?? null;
}

export function setTokens(access: string, refresh?: string): void {
  const s = storage();
  s?.setItem(ACCESS_KEY, access);
  if (refresh) s?.setItem(REFRESH_KEY, refresh);
  listeners.forEach((l) => l());
}

export function clearTokens(): void {
  const s = storage();
  s?.removeItem(ACCESS_KEY);
  s?.removeItem(REFRESH_KEY);
  s?.removeItem(LEGACY_ACCESS_KEY);
  listeners.forEach((l) => l());
}

export function subscribeTokens(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
