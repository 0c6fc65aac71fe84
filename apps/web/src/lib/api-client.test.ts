// The silent refresh: one refresh for a session's expired token, however the answers interleave.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, setApiTransport } from './api-client.ts';
import { clearTokens, getAccessToken, setTokens } from './session-tokens.ts';

/** A server in miniature: 'fresh' is the only token it accepts; /refresh hands it out. */
function server(options: { holdFirstAnswer: Promise<void> }) {
  const calls = { refresh: 0, requests: [] as string[] };
  let first = true;
  const fetchImpl = async (url: string, init: RequestInit) => {
    const auth = new Headers(init.headers).get('Authorization') ?? '';
    if (url === '/api/refresh') {
      calls.refresh += 1;
      return Response.json({ access_token: 'fresh', refresh_token: `refresh-${calls.refresh}` });
    }
    calls.requests.push(`${url} ${auth}`);
    if (first) {
      // This call's 401 comes back only after the other call has refreshed the session.
      first = false;
      await options.holdFirstAnswer;
    }
    return auth === 'Bearer fresh'
      ? Response.json({ ok: true })
      : Response.json({ error: 'Expired', code: 'UNAUTHORIZED' }, { status: 401 });
  };
  return { calls, fetchImpl };
}

describe('api() with an expired access token', () => {
  beforeEach(() => setTokens('expired', 'refresh-0'));
  afterEach(() => {
    clearTokens();
    setApiTransport((url, init) => fetch(url, init));
  });

  it('refreshes once when a 401 comes back after another call has already refreshed', async () => {
    let release!: () => void;
    const { calls, fetchImpl } = server({ holdFirstAnswer: new Promise((r) => (release = r)) });
    setApiTransport(fetchImpl);

    const slow = api('/profile');
    await expect(api('/me')).resolves.toEqual({ ok: true }); // 401, refresh, retry
    expect(getAccessToken()).toBe('fresh');
    release();
    await expect(slow).resolves.toEqual({ ok: true }); // 401 with the old token: sent again

    expect(calls.refresh).toBe(1);
    expect(calls.requests).toEqual([
      '/api/profile Bearer expired',
      '/api/me Bearer expired',
      '/api/me Bearer fresh',
      '/api/profile Bearer fresh',
    ]);
  });
});
