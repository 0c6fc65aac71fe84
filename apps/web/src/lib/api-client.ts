// The one way the web app talks to the API: JSON in and out, the bearer token when there is one,
// and on a 401 exactly one silent refresh (shared by every request waiting on it) and a retry.
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './session-tokens.ts';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** A 429's Retry-After: how long to wait before trying again. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Query parameters (undefined and '' are left out); a list is sent as the parameter repeated (`option=a&option=b`). */
  query?: Record<string, string | number | undefined | null | readonly string[]>;
  /** Sends this bearer token instead of the session's, and never refreshes (log-out uses it). */
  token?: string;
}

let refreshing: Promise<boolean> | null = null;

type Fetch = (url: string, init: RequestInit) => Promise<Response>;
let transport: Fetch = (url, init) => fetch(url, init);

/** The server renders pages with the same calls, answered in-process (entry-server.tsx). */
/**
 * The shop's language, sent with every call (issue 37): the server keeps it with the account and
 * the order, and writes their e-mails and SMS in it. Set once where the page starts.
 */
let language = 'en';
export function setApiLanguage(locale: string): void {
  language = locale;
}

export function setApiTransport(fetchImpl: Fetch): void {
  transport = fetchImpl;
}

/** Trades the refresh token for new tokens; concurrent callers share one attempt. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) return false;
    try {
      const res = await transport('/api/refresh', {
        method: 'POST',
        headers: { Authorization: `Bearer ${refreshToken}` },
      });
      if (!res.ok) {
        clearTokens();
        return false;
      }
      const data = (await res.json()) as { access_token: string; refresh_token?: string };
      setTokens(data.access_token, data.refresh_token);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

function urlOf(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `/api${path}${qs ? `?${qs}` : ''}`;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': language,
  };
  const token = options.token ?? getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return transport(urlOf(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
}

async function errorOf(res: Response): Promise<ApiError> {
  const retryAfter = Number(res.headers.get('Retry-After') ?? NaN);
  const wait = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
  try {
    const data = (await res.json()) as {
      error?: string;
      code?: string;
      fields?: Record<string, string>;
    };
    return new ApiError(
      res.status,
      data.error ?? res.statusText,
      data.code ?? 'ERROR',
      data.fields,
      wait,
    );
  } catch {
    return new ApiError(
      res.status,
      res.statusText || 'Network response was not ok',
      'ERROR',
      {},
      wait,
    );
  }
}

/** The response of a call, refreshed once on a 401; throws the API's error when it is not ok. */
async function call(path: string, options: RequestOptions): Promise<Response> {
  const tokenUsed = getAccessToken();
  let res = await send(path, options);
  if (res.status === 401 && !options.token && getRefreshToken() && path !== '/refresh') {
    // A call that went out with the old token and came back after another call had already
    // refreshed it only needs to be sent again: a second refresh would be one too many.
    const renewed = getAccessToken();
    if (renewed && renewed !== tokenUsed) res = await send(path, options);
    else if (await refreshSession()) res = await send(path, options);
  }
  if (!res.ok) throw await errorOf(res);
  return res;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await call(path, options);
  if (res.status === 204) return undefined as T;
  return (await res.json()) as T;
}

/** A file the API answers with (a receipt's PDF), for the browser to save. */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await call(path, options)).blob();
}
