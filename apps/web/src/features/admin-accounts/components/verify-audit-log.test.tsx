// 'Verify the log' says in words what the server found: an intact log with the hash to note, or
// the first row that does not verify.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { AuditVerification } from '@duka/domain';
import { VerifyAuditLog } from './verify-audit-log.tsx';

function answer(body: AuditVerification) {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () =>
        new Response(JSON.stringify(body), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    ),
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Verify the log', () => {
  it('reports an intact log and the latest hash to keep', async () => {
    const hash = 'ab'.repeat(32);
    answer({
      ok: true,
      rows: 1234,
      first_bad_id: null,
      problem: null,
      head_id: 1234,
      head_hash: hash,
    });
    render(<VerifyAuditLog />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify the log' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('all 1,234 rows are as they were written');
    expect(status.textContent).toContain(`row 1234, ${hash}`);
  });

  it('names the first row that does not verify', async () => {
    answer({
      ok: false,
      rows: 41,
      first_bad_id: 41,
      problem: 'its content does not match its hash',
      head_id: null,
      head_hash: null,
    });
    render(<VerifyAuditLog />);
    fireEvent.click(screen.getByRole('button', { name: 'Verify the log' }));
    expect((await screen.findByRole('status')).textContent).toContain(
      'The log does not verify at row 41: its content does not match its hash.',
    );
  });
});
