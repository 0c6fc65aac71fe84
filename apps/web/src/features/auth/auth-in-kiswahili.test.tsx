// The sign-in pages in the Kiswahili shop (issue 37): /login, /signup, the forgotten and reset
// password, and the phone sign-in's steps read in Kiswahili, with the shared schemas' and the
// server's sentences in Kiswahili too, and none of the English left; English keeps its words.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Locale } from '@duka/domain/i18n/locale';
import { AppProviders, createQueryClient } from '../../app/providers.tsx';
import { AuthProvider } from '../../app/auth-provider.tsx';
import { LocaleProvider } from '../../lib/i18n/locale-context.tsx';
import { clearTokens } from '../../lib/session-tokens.ts';
import ForgotPasswordPage from './routes/forgot-password-page.tsx';
import LoginPage from './routes/login-page.tsx';
import ResetPasswordPage from './routes/reset-password-page.tsx';
import SignupPage from './routes/signup-page.tsx';
import { authTextIn } from './text.ts';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
let routes: Record<string, (body: Record<string, unknown> | undefined) => Reply> = {};
let alerts: string[] = [];

const SHOPPER = {
  id: 41,
  username: 'Wanjiru',
  email: 'wanjiru@example.co.ke',
  phone_number: '+254712345678',
  is_admin: false,
  role: null,
  permissions: [],
  two_factor: false,
};
const signedIn = (isNew = false) => ({
  access_token: 'access',
  refresh_token: 'refresh',
  token_type: 'Bearer',
  expires_in: 900,
  user: SHOPPER,
  is_new_account: isNew,
});

beforeEach(() => {
  alerts = [];
  vi.stubGlobal('alert', (message: string) => alerts.push(message));
  routes = {
    'GET /api/settings': () => ({ body: { shop_name: 'Duka', phone_sign_in: true } }),
    'POST /api/login/phone': () => ({ status: 202, body: { resend_after_seconds: 60 } }),
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${new URL(input, 'http://duka.test').pathname}`;
      const body = init?.body
        ? (JSON.parse(String(init.body)) as Record<string, unknown>)
        : undefined;
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
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderAt(path: string, locale: Locale = 'sw') {
  render(
    <LocaleProvider locale={locale}>
      <MemoryRouter initialEntries={[path]}>
        <AppProviders queryClient={createQueryClient()}>
          <AuthProvider>
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/signup" element={<SignupPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/" element={<p>Ukurasa wa mwanzo</p>} />
            </Routes>
          </AuthProvider>
        </AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

/** None of these English words is left on the page. */
function noEnglish(words: string[]) {
  const text = document.body.textContent ?? '';
  for (const english of words) expect(text, english).not.toContain(english);
}

const said = (role: 'alert' | 'status', text: string) =>
  vi.waitFor(() => expect(screen.getAllByRole(role).map((e) => e.textContent)).toContain(text));

describe('/login in Kiswahili', () => {
  it('reads in Kiswahili, says what is missing and what the server refused, and lands with a Kiswahili alert', async () => {
    renderAt('/login');
    expect(screen.getByRole('heading', { name: 'Ingia kwenye akaunti yako' })).toBeTruthy();
    expect(document.title).toBe('Ingia | Duka');
    expect(screen.getByRole('textbox', { name: 'Barua pepe' })).toBeTruthy();
    expect(screen.getByLabelText('Nenosiri')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Nikumbuke' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Umesahau nenosiri?' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Jisajili' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rudi mwanzo' })).toBeTruthy();
    expect(screen.getByText('au endelea kwa')).toBeTruthy();
    expect(screen.getByText('Huna akaunti?')).toBeTruthy();
    expect(
      await screen.findByRole('link', { name: 'Endelea kwa nambari yako ya simu' }),
    ).toBeTruthy();

    // The shared schema's words, and the server's.
    fireEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Barua pepe inahitajika')).toBeTruthy();
    expect(screen.getByText('Nenosiri linahitajika')).toBeTruthy();
    routes['POST /api/login'] = () => ({
      status: 401,
      body: { error: 'Invalid email or password', code: 'INVALID_CREDENTIALS' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Barua pepe' }), {
      target: { value: 'wanjiru@example.co.ke' },
    });
    fireEvent.change(screen.getByLabelText('Nenosiri'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    await said('alert', 'Barua pepe au nenosiri si sahihi');

    fireEvent.click(screen.getByRole('button', { name: 'Onyesha nenosiri' }));
    noEnglish([
      'Log in',
      'Email',
      'Password',
      'Remember me',
      'Forgot password',
      'Log In',
      'or continue with',
      "Don't have an account",
      'Sign up',
      'Go Home',
      'Continue with your phone number',
      'Invalid',
      'Show',
    ]);

    routes['POST /api/login'] = () => ({ body: signedIn() });
    fireEvent.click(screen.getByRole('button', { name: 'Ingia' }));
    expect(await screen.findByText('Ukurasa wa mwanzo')).toBeTruthy();
    expect(alerts).toEqual(['Umeingia kwenye akaunti yako']);
  });

  it('says in Kiswahili that a social sign-in is not there yet', () => {
    renderAt('/login');
    fireEvent.click(screen.getByRole('button', { name: /Google/ }));
    expect(
      screen.getByText(
        'Kuingia kwa Google bado hakupatikani. Tafadhali tumia barua pepe na nenosiri lako.',
      ),
    ).toBeTruthy();
  });
});

describe('/signup in Kiswahili', () => {
  it('reads in Kiswahili, with the schemas’ and the server’s sentences too', async () => {
    routes['POST /api/register'] = () => ({
      status: 201,
      body: { message: 'Registration successful. Please log in.', user: SHOPPER },
    });
    renderAt('/signup');
    expect(screen.getByRole('heading', { name: 'Fungua akaunti yako' })).toBeTruthy();
    expect(document.title).toBe('Jisajili | Duka');
    for (const name of ['Jina la mtumiaji', 'Nambari ya simu', 'Barua pepe'])
      expect(screen.getByRole('textbox', { name })).toBeTruthy();
    expect(screen.getByLabelText('Nenosiri')).toBeTruthy();
    expect(screen.getByLabelText('Rudia nenosiri')).toBeTruthy();
    expect(
      screen.getByRole('checkbox', { name: 'Nitumie ofa na habari kwa barua pepe' }),
    ).toBeTruthy();
    expect(screen.getByText('au jisajili kwa')).toBeTruthy();
    expect(screen.getByText('Tayari una akaunti?')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ingia' })).toBeTruthy();
    expect(
      await screen.findByRole('link', { name: 'Endelea kwa nambari yako ya simu' }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Jisajili' }));
    expect(await screen.findByText('Jina la mtumiaji linahitajika')).toBeTruthy();
    noEnglish([
      'Create your account',
      'Username',
      'Phone Number',
      'Email',
      'Password',
      'Repeat',
      'Send me offers',
      'Sign Up',
      'or sign up with',
      'Already have an account',
      'Log in',
      'Go Home',
      'is required',
    ]);

    fireEvent.change(screen.getByRole('textbox', { name: 'Jina la mtumiaji' }), {
      target: { value: 'Wanjiru' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Nambari ya simu' }), {
      target: { value: '0712345678' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Barua pepe' }), {
      target: { value: 'wanjiru@example.co.ke' },
    });
    fireEvent.change(screen.getByLabelText('Nenosiri'), { target: { value: 'Safari#2026' } });
    fireEvent.change(screen.getByLabelText('Rudia nenosiri'), {
      target: { value: 'Safari#2026' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Jisajili' }));
    await vi.waitFor(() => expect(alerts).toEqual(['Umejisajili. Tafadhali ingia.']));
  });
});

describe('the forgotten password in Kiswahili', () => {
  it('asks for the e-mail and says the server’s answer in Kiswahili', async () => {
    routes['POST /api/forgot-password'] = () => ({
      body: {
        message:
          'If an account exists for that e-mail, we have sent a link to reset your password.',
      },
    });
    renderAt('/forgot-password');
    expect(screen.getByRole('heading', { name: 'Weka nenosiri jipya' })).toBeTruthy();
    expect(screen.getByText('Umelikumbuka?')).toBeTruthy();
    noEnglish(['Reset your password', 'Enter the e-mail', 'Send reset link', 'Remembered']);
    fireEvent.change(screen.getByRole('textbox', { name: 'Barua pepe' }), {
      target: { value: 'wanjiru@example.co.ke' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Tuma kiungo' }));
    await said(
      'status',
      'Ikiwa kuna akaunti yenye barua pepe hiyo, tumetuma kiungo cha kubadilisha nenosiri lako.',
    );
  });

  it('says a dead reset link in Kiswahili and offers a new one', () => {
    renderAt('/reset-password');
    expect(screen.getByText('Muda wa kiungo hiki umeisha au kimeshatumika.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Tuma kiungo kipya' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rudi kwenye kuingia' })).toBeTruthy();
    noEnglish(['expired', 'Send a new link', 'Back to log in']);
  });
});

describe('the phone sign-in in Kiswahili', () => {
  it('reads in Kiswahili at the number and code steps, with refusals and the wait in Kiswahili', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    renderAt('/login?with=phone');
    expect(
      await screen.findByRole('heading', { name: 'Endelea kwa nambari yako ya simu' }),
    ).toBeTruthy();
    const number = screen.getByRole('textbox', { name: 'Nambari ya simu' });
    expect(
      screen.getByText(
        'Tutatuma msimbo wa tarakimu 6 kwa SMS kwenye simu yako. Huhitaji nenosiri.',
      ),
    ).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Tumia barua pepe na nenosiri lako badala yake' }),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tuma msimbo' }));
    expect(await screen.findByText('Weka nambari yako ya simu.')).toBeTruthy();
    fireEvent.change(number, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tuma msimbo' }));
    expect(
      await screen.findByText('Weka nambari ya simu ya Kenya kama 0712 345 678.'),
    ).toBeTruthy();
    noEnglish(['We will send', 'Phone number', 'Send code', 'Enter', 'Use your e-mail']);

    fireEvent.change(number, { target: { value: '0712 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tuma msimbo' }));
    expect(await screen.findByRole('heading', { name: 'Weka msimbo wako' })).toBeTruthy();
    await said('status', 'Tumetuma msimbo kwa nambari +254 712 345 678.');
    const code = screen.getByRole('textbox', { name: 'Msimbo wa uthibitisho' });
    expect(
      screen.getByText('Tarakimu 6 zilizo kwenye SMS. Msimbo unatumika kwa dakika 5.'),
    ).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Nikumbuke' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tumia nambari nyingine' })).toBeTruthy();
    const resend = () => screen.getByRole('button', { name: /^Tuma msimbo mpya/ });
    expect(resend().textContent).toBe('Tuma msimbo mpya baada ya sekunde 60');

    fireEvent.change(code, { target: { value: '12ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));
    expect(
      await screen.findByText('Msimbo ni tarakimu 6 zilizo kwenye SMS tuliyokutumia.'),
    ).toBeTruthy();
    routes['POST /api/login/phone/verify'] = () => ({
      status: 401,
      body: { error: 'That code is not right or has expired.', code: 'CODE_WRONG' },
    });
    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));
    expect(
      await screen.findByText('Msimbo huo si sahihi au muda wake umeisha. Omba mpya.'),
    ).toBeTruthy();

    // A new code asked for too soon: the wait in Kiswahili words.
    routes['POST /api/login/phone'] = () => ({
      status: 429,
      body: { error: 'A code was sent a moment ago.', code: 'CODE_TOO_SOON' },
      headers: { 'Retry-After': '25' },
    });
    act(() => vi.advanceTimersByTime(60_000));
    expect(resend().textContent).toBe('Tuma msimbo mpya');
    fireEvent.click(resend());
    await said('alert', 'Umejaribu mara nyingi mno. Tafadhali jaribu tena baada ya sekunde 25.');
    noEnglish([
      'Enter your code',
      'We sent',
      'Code',
      'The 6 digits',
      'Remember me',
      'Continue',
      'Send a new code',
      'Use another number',
      'That code',
      'Too many',
      'seconds',
    ]);

    // The right code, for a new account: its name, then the landing, in Kiswahili.
    routes['POST /api/login/phone/verify'] = () => ({ body: signedIn(true) });
    routes['PATCH /api/profile'] = () => ({ body: { message: 'Profile updated successfully' } });
    routes['GET /api/current_user'] = () => ({ body: SHOPPER });
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));
    expect(await screen.findByRole('heading', { name: 'Karibu Duka' })).toBeTruthy();
    expect(screen.getByText('Akaunti yako iko tayari. Tukuite nani?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));
    expect(await screen.findByText('Weka jina lako.')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Jina lako' }), {
      target: { value: 'Wanjiru' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));
    expect(await screen.findByText('Ukurasa wa mwanzo')).toBeTruthy();
    expect(alerts).toEqual(['Umeingia kwenye akaunti yako']);
  });
});

describe('the sign-in pages in English', () => {
  it('keep the specification’s words', () => {
    const t = authTextIn('en');
    expect(t('login.success')).toBe('Login success');
    expect(t('phoneCode.resendIn', { seconds: 9 })).toBe('Send a new code in 9 s');
    renderAt('/login', 'en');
    expect(screen.getByRole('heading', { name: 'Log in to your account' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Remember me' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toBeTruthy();
    expect(screen.getByText("Don't have an account?")).toBeTruthy();
  });
});
