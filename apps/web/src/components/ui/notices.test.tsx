// A notice goes after 2000 ms; a page left before then leaves no timer behind to fire into a tree
// that is gone (it once did, after a test's window was torn down).
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTICE_TIMEOUT_MS, NoticesProvider, useNotice } from './notices.tsx';

function Saver() {
  const notice = useNotice();
  return (
    <button type="button" onClick={() => notice('success', 'Saved')}>
      Save
    </button>
  );
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('notices', () => {
  it('show for 2000 ms, then go', () => {
    vi.useFakeTimers();
    render(
      <NoticesProvider>
        <Saver />
      </NoticesProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(screen.getByText('Saved')).toBeTruthy();
    act(() => vi.advanceTimersByTime(NOTICE_TIMEOUT_MS));
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('leave no timer running once the page is gone', () => {
    vi.useFakeTimers();
    const { unmount } = render(
      <NoticesProvider>
        <Saver />
      </NoticesProvider>,
    );
    act(() => screen.getByRole('button', { name: 'Save' }).click());
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
