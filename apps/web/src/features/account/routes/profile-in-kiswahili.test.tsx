// Update Profile in the Kiswahili shop (issue 37): the form, its messages and the phone number's
// check by code read in Kiswahili, the server's sentences too, with none of the English left.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders, createQueryClient } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { LocaleProvider } from '../../../lib/i18n/locale-context.tsx';
import { clearTokens, setTokens } from '../../../lib/session-tokens.ts';
import ProfilePage from './profile-page.tsx';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
let routes: Record<string, (body: Record<string, unknown> | undefined) => Reply> = {};
const sent: { key: string; body: unknown }[] = [];

const USER = {
  id: 9,
  username: 'Kamau',
  email: 'kamau@example.co.ke',
  phone_number: '0712345678',
  is_admin: false,
  role: null,
  permissions: [],
  two_factor: false,
};

beforeEach(() => {
  sent.length = 0;
  setTokens('test-access-token');
  routes = {
    'GET /api/settings': () => ({ body: { phone_sign_in: true } }),
    'GET /api/current_user': () => ({ body: USER }),
    'GET /api/profile': () => ({
      body: {
        username: 'Kamau',
        email: 'kamau@example.co.ke',
        phone_number: '+254712345678',
        phone_verified: false,
        has_password: true,
        marketing_consent: false,
        marketing_consent_at: null,
        language: 'sw',
      },
    }),
    'POST /api/profile/phone': () => ({ status: 202, body: { resend_after_seconds: 60 } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(input, 'http://duka.test').pathname}`;
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : undefined;
      sent.push({ key, body });
      const reply = routes[key]?.(body) ?? {
        status: 404,
        body: { error: `No stand-in for ${key}`, code: 'NOT_FOUND' },
      };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <LocaleProvider locale="sw">
      <MemoryRouter>
        <AppProviders queryClient={createQueryClient()}>
          <AuthProvider>
            <ProfilePage />
          </AuthProvider>
        </AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );

function noEnglish(words: string[]) {
  const text = document.body.textContent ?? '';
  for (const english of words) expect(text, english).not.toContain(english);
}

describe('Update Profile in Kiswahili', () => {
  it('reads in Kiswahili, with its own messages and the server’s', async () => {
    routes['PATCH /api/profile'] = () => ({
      status: 400,
      body: { error: 'Your current password is not correct.', code: 'WRONG_PASSWORD' },
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Badilisha wasifu', level: 1 })).toBeTruthy();
    expect(document.title).toBe('Badilisha wasifu | Duka');
    expect(screen.getByRole('textbox', { name: 'Jina la mtumiaji' })).toBeTruthy();
    const email = screen.getByRole('textbox', { name: 'Barua pepe' });
    expect(screen.getByRole('group', { name: 'Kubadilisha nenosiri' })).toBeTruthy();
    for (const label of ['Nenosiri la sasa', 'Nenosiri jipya', 'Thibitisha nenosiri'])
      expect(screen.getByLabelText(label)).toBeTruthy();

    fireEvent.change(email, { target: { value: 'kamau@duka.co.ke' } });
    expect(
      screen.getByText(
        'Weka nenosiri lako la sasa ili ubadilishe barua pepe yako. Liandike kwenye sehemu ya Nenosiri la sasa hapa chini.',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Nenosiri jipya'), { target: { value: 'Safari#2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Badilisha wasifu' }));
    expect(await screen.findByText('Manenosiri mapya hayalingani')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Thibitisha nenosiri'), {
      target: { value: 'Safari#2026' },
    });
    fireEvent.change(screen.getByLabelText('Nenosiri la sasa'), { target: { value: 'old-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Badilisha wasifu' }));
    expect(
      await screen.findByText('Imeshindikana kusasisha wasifu: Nenosiri lako la sasa si sahihi.'),
    ).toBeTruthy();
    noEnglish([
      'Update Profile',
      'Username',
      'Email Address',
      'Password',
      'Enter your current password',
      'It goes in',
      'do not match',
      'Failed to update',
      'Phone Number',
    ]);
  });

  it('checks a phone number by code in Kiswahili', async () => {
    routes['POST /api/profile/phone/verify'] = () => ({
      status: 400,
      body: { error: 'Wrong', code: 'CODE_WRONG' },
    });
    renderPage();
    const shown = await screen.findByRole('region', { name: 'Nambari ya simu' });
    expect(within(shown).getByText('Haijathibitishwa')).toBeTruthy();
    expect(
      within(shown).getByText(
        'Nambari iliyothibitishwa inakuwezesha kuingia kwa msimbo unaotumwa kwa SMS.',
      ),
    ).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Thibitisha nambari hii' })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Badilisha nambari' }));
    const number = within(shown).getByRole('textbox', { name: 'Nambari mpya ya simu' });
    expect(
      within(shown).getByText('Nambari ya simu ya Kenya, kama 0712 345 678. Tutaitumia msimbo.'),
    ).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Ghairi' })).toBeTruthy();
    fireEvent.click(within(shown).getByRole('button', { name: 'Tuma msimbo' }));
    expect(within(shown).getByText('Weka nambari yako ya simu.')).toBeTruthy();

    fireEvent.change(number, { target: { value: '0799 888 777' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Tuma msimbo' }));
    const code = await within(shown).findByRole('textbox', { name: 'Msimbo wa uthibitisho' });
    expect(sent.find((c) => c.key === 'POST /api/profile/phone')?.body).toEqual({
      phone: '+254799888777',
      language: 'sw',
    });
    expect(within(shown).getByRole('status').textContent).toBe(
      'Tumetuma msimbo kwa nambari +254 799 888 777.',
    );
    expect(
      within(shown).getByRole('button', { name: 'Tuma msimbo mpya baada ya sekunde 60' }),
    ).toBeTruthy();
    expect(within(shown).getByRole('button', { name: 'Tumia nambari nyingine' })).toBeTruthy();
    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Thibitisha' }));
    expect(
      await within(shown).findByText('Msimbo huo si sahihi au muda wake umeisha. Omba mpya.'),
    ).toBeTruthy();
    noEnglish([
      'Not verified',
      'A verified number',
      'New phone number',
      'We sent',
      'Code',
      'Verify',
      'Send a new code',
      'Use another number',
      'Cancel',
      'That code',
    ]);
  });
});
