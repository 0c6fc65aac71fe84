// The profile's phone number against a stand-in API (issue 37): 'Verified' beside a proven number,
// a new number made the account's only by the code sent to it, refusals at their field, and the
// plain field of before when the shop cannot send SMS.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { clearTokens, setTokens } from '../../../lib/session-tokens.ts';
import ProfilePage from '../routes/profile-page.tsx';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (body: Record<string, unknown> | undefined) => Reply;
let routes: Record<string, Handler> = {};
const calls: { key: string; body: unknown }[] = [];

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
let profile: Record<string, unknown>;

beforeEach(() => {
  calls.length = 0;
  setTokens('test-access-token');
  profile = {
    username: 'Kamau',
    email: 'kamau@example.co.ke',
    phone_number: '+254712345678',
    phone_verified: true,
    has_password: true,
    marketing_consent: false,
    marketing_consent_at: null,
    language: 'en',
  };
  routes = {
    'GET /api/settings': () => ({ body: { phone_sign_in: true } }),
    'GET /api/current_user': () => ({ body: USER }),
    'GET /api/profile': () => ({ body: profile }),
    'POST /api/profile/phone': () => ({ status: 202, body: { resend_after_seconds: 60 } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(input, 'http://duka.test').pathname}`;
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : undefined;
      calls.push({ key, body });
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
    <MemoryRouter>
      <AppProviders>
        <AuthProvider>
          <ProfilePage />
        </AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );

const section = async () => screen.findByRole('region', { name: 'Phone Number' });
const sent = (key: string) => calls.filter((c) => c.key === key).map((c) => c.body);

describe("the profile's phone number", () => {
  it("says 'Verified' beside a proven number, and 'Not verified' beside another, with a way to verify it", async () => {
    renderPage();
    const shown = await section();
    expect(within(shown).getByText('+254 712 345 678')).toBeTruthy();
    expect(within(shown).getByText('Verified')).toBeTruthy();
    expect(within(shown).queryByRole('button', { name: 'Verify this number' })).toBeNull();
    cleanup();

    profile = { ...profile, phone_number: '0712 345 678', phone_verified: false };
    renderPage();
    const unproven = await section();
    expect(within(unproven).getByText('Not verified')).toBeTruthy();
    fireEvent.click(within(unproven).getByRole('button', { name: 'Verify this number' }));
    expect(
      (within(unproven).getByRole('textbox', { name: 'New phone number' }) as HTMLInputElement)
        .value,
    ).toBe('+254712345678');
  });

  it('says neither when the server does not tell', async () => {
    const { phone_verified: _gone, ...older } = profile;
    profile = older;
    renderPage();
    const shown = await section();
    expect(within(shown).getByText('+254 712 345 678')).toBeTruthy();
    expect(within(shown).queryByText('Verified')).toBeNull();
    expect(within(shown).queryByText('Not verified')).toBeNull();
  });

  it('becomes a new number only by the code sent to it; a wrong code is said at its field', async () => {
    let tries = 0;
    routes['POST /api/profile/phone/verify'] = (body) => {
      if (++tries === 1) return { status: 400, body: { error: 'Wrong', code: 'CODE_WRONG' } };
      profile = { ...profile, phone_number: body?.phone, phone_verified: true };
      return { body: { message: 'Your phone number is verified.' } };
    };
    renderPage();
    const shown = await section();
    fireEvent.click(within(shown).getByRole('button', { name: 'Change number' }));
    const number = within(shown).getByRole('textbox', { name: 'New phone number' });
    fireEvent.change(number, { target: { value: '0799' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Send code' }));
    expect(
      within(shown).getByText('Enter a Kenyan mobile number such as 0712 345 678.'),
    ).toBeTruthy();
    expect(sent('POST /api/profile/phone')).toEqual([]);

    fireEvent.change(number, { target: { value: '0799 888 777' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Send code' }));
    const code = await within(shown).findByRole('textbox', { name: 'Code' });
    expect(sent('POST /api/profile/phone')).toEqual([{ phone: '+254799888777', language: 'en' }]);
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(within(shown).getByRole('status').textContent).toBe(
      'We sent a code to +254 799 888 777.',
    );
    const resend = within(shown).getByRole('button', {
      name: /Send a new code/,
    }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Verify' }));
    expect(
      await within(shown).findByText('That code is not right or has expired. Ask for a new one.'),
    ).toBeTruthy();
    expect((code as HTMLInputElement).value).toBe('000000');

    fireEvent.change(code, { target: { value: '424242' } });
    fireEvent.click(within(shown).getByRole('button', { name: 'Verify' }));
    expect(await within(shown).findByText('Your phone number is verified.')).toBeTruthy();
    expect(await within(shown).findByText('+254 799 888 777')).toBeTruthy();
    expect(sent('POST /api/profile/phone/verify')).toEqual([
      { phone: '+254799888777', code: '000000' },
      { phone: '+254799888777', code: '424242' },
    ]);
  });

  it('says at the field when another account has the number', async () => {
    routes['POST /api/profile/phone/verify'] = () => ({
      status: 409,
      body: { error: 'Another account already uses this phone number.', code: 'PHONE_TAKEN' },
    });
    renderPage();
    const shown = await section();
    fireEvent.click(within(shown).getByRole('button', { name: 'Change number' }));
    fireEvent.change(within(shown).getByRole('textbox', { name: 'New phone number' }), {
      target: { value: '0711000111' },
    });
    fireEvent.click(within(shown).getByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(shown).findByRole('textbox', { name: 'Code' }), {
      target: { value: '123456' },
    });
    fireEvent.click(within(shown).getByRole('button', { name: 'Verify' }));
    const said = await within(shown).findByText('Another account already uses this phone number.');
    expect(said.closest('div')?.querySelector('input')?.getAttribute('aria-invalid')).toBe('true');
  });

  it("is not sent with 'Update Profile' when it is verified by code", async () => {
    routes['PATCH /api/profile'] = () => ({
      body: { message: 'Profile updated successfully', user: USER },
    });
    renderPage();
    await section();
    expect(screen.queryByRole('textbox', { name: 'Phone Number' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(sent('PATCH /api/profile')).toEqual([
      { username: 'Kamau', email: 'kamau@example.co.ke' },
    ]);
  });

  it('is a plain field of the form, as before, when the shop cannot send SMS', async () => {
    routes['GET /api/settings'] = () => ({ body: { phone_sign_in: false } });
    routes['PATCH /api/profile'] = () => ({
      body: { message: 'Profile updated successfully', user: USER },
    });
    renderPage();
    const field = await screen.findByRole('textbox', { name: 'Phone Number' });
    expect(screen.queryByRole('region', { name: 'Phone Number' })).toBeNull();
    fireEvent.change(field, { target: { value: '0700 111 222' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    expect(sent('PATCH /api/profile')).toEqual([
      { username: 'Kamau', email: 'kamau@example.co.ke', phone_number: '0700 111 222' },
    ]);
  });
});

describe('an account made by phone sign-in', () => {
  it('adds an e-mail and a password without a current password it does not have', async () => {
    profile = { ...profile, email: null, has_password: false };
    routes['PATCH /api/profile'] = () => ({
      body: { message: 'Profile updated successfully', user: USER },
    });
    renderPage();
    await section();
    expect(screen.queryByLabelText('Current Password')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    expect(await screen.findByText('Profile updated successfully')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Email Address' }), {
      target: { value: 'kamau@example.co.ke' },
    });
    fireEvent.change(screen.getByLabelText('New Password', { selector: 'input' }), {
      target: { value: 'Mpya#2026' },
    });
    fireEvent.change(screen.getByLabelText('Confirm Password', { selector: 'input' }), {
      target: { value: 'Mpya#2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Update Profile' }));
    await vi.waitFor(() => expect(sent('PATCH /api/profile')).toHaveLength(2));
    expect(sent('PATCH /api/profile')).toEqual([
      // No e-mail yet, and none typed: none sent.
      { username: 'Kamau' },
      { username: 'Kamau', email: 'kamau@example.co.ke', newPassword: 'Mpya#2026' },
    ]);
  });
});
