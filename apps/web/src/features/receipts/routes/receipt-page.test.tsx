// /receipt/:id in Kiswahili (issue 37): someone not logged in is asked to log in in Kiswahili.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthContext } from '../../../lib/auth-context.ts';
import { LocaleProvider } from '../../../lib/i18n/locale-context.tsx';
import ReceiptPage from './receipt-page.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/receipt/:id', () => {
  it('asks a visitor to log in, in Kiswahili', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 })),
    );
    render(
      <LocaleProvider locale="sw">
        <MemoryRouter initialEntries={['/receipt/7']}>
          <AppProviders>
            <AuthContext.Provider
              value={{
                authToken: null,
                userEmail: null,
                currentUser: null,
                isLoading: false,
                completeLogin: () => undefined,
                reloadCurrentUser: async () => undefined,
                logout: async () => undefined,
              }}
            >
              <Routes>
                <Route path="/receipt/:id" element={<ReceiptPage />} />
              </Routes>
            </AuthContext.Provider>
          </AppProviders>
        </MemoryRouter>
      </LocaleProvider>,
    );
    expect(screen.getByText('Tafadhali ingia ili kuona risiti yako.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ingia' })).toBeTruthy();
    expect(document.title).toBe('Risiti ya oda nambari 7 | Duka');
  });
});
