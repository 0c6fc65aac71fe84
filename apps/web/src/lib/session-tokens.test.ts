// Where the session's tokens are kept: the tab's sessionStorage, or with 'Remember me' the
// browser's localStorage, where each refresh's new token replaces the old one.
import { afterEach, describe, expect, it } from 'vitest';
import {
  clearTokens,
  getAccessToken,
  getRefreshToken,
  hasRememberedSession,
  setTokens,
} from './session-tokens.ts';

const REMEMBERED = 'duka:remembered-refresh-token';

afterEach(() => {
  clearTokens();
  localStorage.clear();
});

describe('session tokens', () => {
  it("without 'Remember me' live in the tab only, and forget a session remembered before", () => {
    localStorage.setItem(REMEMBERED, 'old-remembered');
    setTokens('access-1', 'refresh-1', false);
    expect(sessionStorage.getItem('token')).toBe('access-1');
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(localStorage.getItem(REMEMBERED)).toBeNull();
    // A refresh keeps them in the tab.
    setTokens('access-2', 'refresh-2');
    expect(sessionStorage.getItem('refresh_token')).toBe('refresh-2');
    expect(localStorage.getItem(REMEMBERED)).toBeNull();
  });

  it("with 'Remember me' keep the refresh token in localStorage, where each refresh puts its successor", () => {
    setTokens('access-1', 'refresh-1', true);
    expect(sessionStorage.getItem('token')).toBe('access-1');
    expect(sessionStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem(REMEMBERED)).toBe('refresh-1');
    expect(getRefreshToken()).toBe('refresh-1');
    setTokens('access-2', 'refresh-2');
    expect(localStorage.getItem(REMEMBERED)).toBe('refresh-2');
    expect(sessionStorage.getItem('refresh_token')).toBeNull();
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('say a remembered session is waiting when a new tab (or a restarted browser) has no token yet', () => {
    setTokens('access-1', 'refresh-1', true);
    expect(hasRememberedSession()).toBe(false);
    sessionStorage.clear(); // the browser closed
    expect(hasRememberedSession()).toBe(true);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBe('refresh-1');
  });

  it("of another tab's own session are not overwritten by a remembered one, nor the other way round", () => {
    localStorage.setItem(REMEMBERED, 'remembered-1');
    sessionStorage.setItem('token', 'tab-access');
    sessionStorage.setItem('refresh_token', 'tab-refresh');
    expect(getRefreshToken()).toBe('tab-refresh');
    setTokens('tab-access-2', 'tab-refresh-2'); // this tab's refresh
    expect(sessionStorage.getItem('refresh_token')).toBe('tab-refresh-2');
    expect(localStorage.getItem(REMEMBERED)).toBe('remembered-1');
  });

  it('are all forgotten at log-out, the remembered one too', () => {
    setTokens('access-1', 'refresh-1', true);
    clearTokens();
    expect([getAccessToken(), getRefreshToken(), localStorage.getItem(REMEMBERED)]).toEqual([
      null,
      null,
      null,
    ]);
  });
});
