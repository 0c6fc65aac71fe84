// The account area in each language (issue 37): its menu, the dashboard and the profile's 'Your
// data' section read in Kiswahili on /sw/, and as the specification words them in English.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { User } from '@duka/domain';
import { DATA_RIGHTS_MESSAGES } from '@duka/domain/auth/data-rights';
import type { Locale } from '@duka/domain/i18n/locale';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context.ts';
import { LocaleProvider } from '../../../lib/i18n/locale-context.tsx';
import DashboardUserPage from '../routes/dashboard-user-page.tsx';
import { accountTextIn } from '../text.ts';
import { AccountLayout } from './account-layout.tsx';
import { DataRightsSection } from './data-rights-section.tsx';

const wanjiru: User = {
  id: 4,
  username: 'Wanjiru',
  email: 'wanjiru@example.co.ke',
  phone_number: '0712345678',
  is_admin: false,
  role: null,
  permissions: [],
  two_factor: false,
};

function signedIn(user: User): AuthContextValue {
  return {
    authToken: 'token',
    userEmail: user.email,
    currentUser: user,
    isLoading: false,
    completeLogin: () => undefined,
    reloadCurrentUser: async () => undefined,
    logout: async () => undefined,
  };
}

function account(locale: Locale, user: User = wanjiru) {
  // The shop's settings are not what this looks at: nothing answers.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 })),
  );
  render(
    <LocaleProvider locale={locale}>
      <MemoryRouter initialEntries={['/userprofile/dashboarduser']}>
        <AppProviders>
          <AuthContext.Provider value={signedIn(user)}>
            <Routes>
              <Route path="/userprofile" element={<AccountLayout />}>
                <Route
                  path="dashboarduser"
                  element={
                    <>
                      <DashboardUserPage />
                      <DataRightsSection marketingConsent={false} />
                    </>
                  }
                />
              </Route>
            </Routes>
          </AuthContext.Provider>
        </AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the account area', () => {
  it('reads in Kiswahili: menu, dashboard, data rights and the deletion dialog', () => {
    account('sw');
    const menu = screen.getByRole('navigation', { name: 'Akaunti' });
    for (const name of ['Dashibodi', 'Historia ya oda', 'Orodha ya matamanio', 'Badilisha wasifu'])
      expect(screen.getAllByRole('link', { name: new RegExp(name) }).length).toBeGreaterThan(0);
    expect(menu.textContent).toContain('Toka');
    expect(screen.getByRole('heading', { name: 'Karibu tena, Wanjiru' })).toBeTruthy();
    expect(screen.getByText('Umeingia kama wanjiru@example.co.ke')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Tumekuchagulia' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Data yako' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Nitumie ofa na habari kwa barua pepe' }));
    expect(screen.getByRole('button', { name: 'Pakua data yangu' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Futa akaunti yangu' }));
    expect(screen.getByRole('dialog', { name: 'Futa akaunti yako?' })).toBeTruthy();
    expect(screen.getByLabelText('Nenosiri la sasa')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ghairi' })).toBeTruthy();

    const text = document.body.textContent ?? '';
    for (const english of [
      'Dashboard',
      'Order History',
      'Update Profile',
      'Logout',
      'Welcome back',
      'Signed in as',
      'Picked for you',
      'Your data',
      'Data Protection Act',
      'Send me offers',
      'Download my data',
      'Delete my account',
      'This erases your profile',
      'Current Password',
      'Cancel',
    ])
      expect(text).not.toContain(english);
  });

  it('names an account made by phone by its number until it gives an e-mail', () => {
    account('sw', { ...wanjiru, email: null });
    expect(screen.getByText('Umeingia kama 0712345678')).toBeTruthy();
  });

  it('keeps its English, the data-rights label as the shared messages word it', () => {
    expect(accountTextIn('en')('dataRights.marketingLabel')).toBe(
      DATA_RIGHTS_MESSAGES.marketingLabel,
    );
    account('en');
    expect(screen.getByRole('heading', { name: 'Welcome back, Wanjiru' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Update Profile' })).toBeTruthy();
    expect(
      screen.getByText(
        "Under Kenya's Data Protection Act, 2019 you can see, correct and erase what we hold about you.",
      ),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Send me offers and news by e-mail' }));
  });
});
