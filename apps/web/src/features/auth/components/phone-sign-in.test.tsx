// 'Continue with your phone number' on /login and /signup (issue 37) against a stand-in API: the
// number step, the code step with its minute's wait before a new code, a new account's name, the
// staff's second step, and each refusal said at its field with nothing typed lost.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../../../app/providers.tsx';
import { AuthProvider } from '../../../app/auth-provider.tsx';
import { clearTokens, getAccessToken, getRefreshToken } from '../../../lib/session-tokens.ts';
import LoginPage from '../routes/login-page.tsx';
import SignupPage from '../routes/signup-page.tsx';

type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };
type Handler = (body: Record<string, unknown> | undefined, init: RequestInit | undefined) => Reply;
let routes: Record<string, Handler> = {};
const calls: { key: string; body: unknown; auth: string | null }[] = [];

const SHOPPER = {
  id: 41,
  username: 'Shopper 4821',
  email: null,
  phone_number: '+254712345678',
  is_admin: false,
  role: null,
  permissions: [],
  two_factor: false,
};
const signedIn = (isNew: boolean, user: object = SHOPPER) => ({
  access_token: 'phone-access',
  refresh_token: 'phone-refresh',
  token_type: 'Bearer',
  expires_in: 900,
  user,
  is_new_account: isNew,
});
const WRONG = { error: 'That code is not right or has expired.', code: 'CODE_WRONG' };

let alerts: string[] = [];
beforeEach(() => {
  calls.length = 0;
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
      calls.push({ key, body, auth: new Headers(init?.headers).get('Authorization') });
      const handler = routes[key];
      const reply = handler?.(body, init) ?? {
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

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppProviders>
        <AuthProvider>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/signup" element={<SignupPage />} />
            <Route path="/" element={<p>The home page</p>} />
          </Routes>
        </AuthProvider>
      </AppProviders>
    </MemoryRouter>,
  );

const sent = (key: string) => calls.filter((c) => c.key === key);
/** The form's alert, or its status line, with this text (the page's notices have their own, empty). */
const said = (role: 'alert' | 'status', text: string) =>
  vi.waitFor(() => expect(screen.getAllByRole(role).map((e) => e.textContent)).toContain(text));
const numberField = () => screen.findByRole('textbox', { name: 'Phone number' });
const codeField = () => screen.findByRole('textbox', { name: 'Code' });

/** Opens the phone sign-in on /login and types a number that reaches the code step. */
async function reachCodeStep(typed = '0712 345 678') {
  renderAt('/login?with=phone');
  fireEvent.change(await numberField(), { target: { value: typed } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('heading', { name: 'Enter your code' });
}

const enterCode = async (code: string) => {
  fireEvent.change(await codeField(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
};

describe("the way in: 'Continue with your phone number'", () => {
  it('is offered under the log-in and sign-up forms when the shop can send SMS, and opens the number step', async () => {
    renderAt('/login');
    fireEvent.click(await screen.findByRole('link', { name: 'Continue with your phone number' }));
    expect(
      await screen.findByRole('heading', { name: 'Continue with your phone number' }),
    ).toBeTruthy();
    // Back to the e-mail form.
    fireEvent.click(screen.getByRole('button', { name: 'Use your e-mail and password instead' }));
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeTruthy();
    cleanup();

    renderAt('/signup');
    expect(
      await screen.findByRole('link', { name: 'Continue with your phone number' }),
    ).toBeTruthy();
  });

  it('is hidden when the shop has no SMS gateway, even at its own address', async () => {
    routes['GET /api/settings'] = () => ({ body: { shop_name: 'Duka', phone_sign_in: false } });
    renderAt('/login?with=phone');
    expect(await screen.findByRole('heading', { name: 'Log in to your account' })).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.queryByRole('link', { name: 'Continue with your phone number' })).toBeNull();
  });
});

describe('the number step', () => {
  it('refuses what is not a Kenyan mobile number at the field, keeping it, and asks nothing of the server', async () => {
    renderAt('/login?with=phone');
    const field = await numberField();
    expect(field.getAttribute('type')).toBe('tel');
    expect(field.getAttribute('autocomplete')).toBe('tel');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter your phone number.')).toBeTruthy();

    fireEvent.change(field, { target: { value: '0812 345 678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter a Kenyan mobile number such as 0712 345 678.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('0812 345 678');
    expect(field.getAttribute('aria-describedby')).toContain('phone-hint');
    expect(sent('POST /api/login/phone')).toEqual([]);
  });

  it('sends any usual form of the number as +254…, in the page language, and names it on the code step', async () => {
    await reachCodeStep('+254 712-345-678');
    expect(sent('POST /api/login/phone').map((c) => c.body)).toEqual([
      { phone: '+254712345678', language: 'en' },
    ]);
    await said('status', 'We sent a code to +254 712 345 678.');
  });

  it('says when to try again after too many codes, keeping the number', async () => {
    routes['POST /api/login/phone'] = () => ({
      status: 429,
      body: { error: 'Too many codes asked for. Please try again later.', code: 'TOO_MANY_CODES' },
      headers: { 'Retry-After': '540' },
    });
    renderAt('/login?with=phone');
    fireEvent.change(await numberField(), { target: { value: '0712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await said('alert', 'Too many codes were asked for. Please try again in 9 minutes.');
    expect(((await numberField()) as HTMLInputElement).value).toBe('0712345678');
  });

  it('says so when the shop cannot send the SMS', async () => {
    const message = 'We could not send the SMS just now. Please try again in a minute.';
    routes['POST /api/login/phone'] = () => ({
      status: 503,
      body: { error: message, code: 'SMS_FAILED' },
    });
    renderAt('/login?with=phone');
    fireEvent.change(await numberField(), { target: { value: '0712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await said('alert', message);
  });
});

describe('the code step', () => {
  it('is a one-time-code field for digits; letters or a short code are refused at the field without a request', async () => {
    await reachCodeStep();
    const field = await codeField();
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    expect(field.getAttribute('inputmode')).toBe('numeric');
    // The field is described by where the code went and what it is.
    expect(field.getAttribute('aria-describedby')).toBe('code-sent-to code-hint');
    await enterCode('12a456');
    expect(screen.getByText('The code is the 6 digits in the SMS we sent you.')).toBeTruthy();
    await enterCode('12345');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST /api/login/phone/verify')).toEqual([]);
  });

  it('says a wrong or expired code at the field and keeps it; the right one signs in and lands at home', async () => {
    let tries = 0;
    routes['POST /api/login/phone/verify'] = () =>
      ++tries === 1 ? { status: 401, body: WRONG } : { body: signedIn(false) };
    await reachCodeStep();
    await enterCode('111 111');
    expect(
      await screen.findByText('That code is not right or has expired. Ask for a new one.'),
    ).toBeTruthy();
    expect(((await codeField()) as HTMLInputElement).value).toBe('111 111');
    expect(getAccessToken()).toBeNull();

    await enterCode('123456');
    expect(await screen.findByText('The home page')).toBeTruthy();
    expect(sent('POST /api/login/phone/verify').map((c) => c.body)).toEqual([
      { phone: '+254712345678', code: '111111' },
      { phone: '+254712345678', code: '123456' },
    ]);
    expect(alerts).toEqual(['Login success']);
    expect(getAccessToken()).toBe('phone-access');
    // 'Remember me' was left unticked: the tab's session only.
    expect(sessionStorage.getItem('refresh_token')).toBe('phone-refresh');
    expect(localStorage.length).toBe(0);
  });

  it("with 'Remember me' ticked keeps the refresh token past the browser's closing", async () => {
    routes['POST /api/login/phone/verify'] = () => ({ body: signedIn(false) });
    await reachCodeStep();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await enterCode('123456');
    await screen.findByText('The home page');
    expect(sessionStorage.getItem('refresh_token')).toBeNull();
    expect(getRefreshToken()).toBe('phone-refresh');
    expect([...Object.keys(localStorage)]).toEqual(['duka:remembered-refresh-token']);
  });

  it("offers 'Send a new code' only after the minute's wait, counting it down, and again after each new code", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await reachCodeStep();
    const resend = () =>
      screen.getByRole('button', { name: /Send a new code/ }) as HTMLButtonElement;
    expect(resend().textContent).toBe('Send a new code in 60 s');
    expect(resend().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(59_000));
    expect(resend().textContent).toBe('Send a new code in 1 s');
    expect(resend().disabled).toBe(true);
    act(() => vi.advanceTimersByTime(1_000));
    expect(resend().textContent).toBe('Send a new code');
    expect(resend().disabled).toBe(false);

    fireEvent.click(resend());
    await said('status', 'We sent a new code to +254 712 345 678.');
    expect(sent('POST /api/login/phone')).toHaveLength(2);
    expect(resend().disabled).toBe(true);
    expect(resend().textContent).toBe('Send a new code in 60 s');
  });

  it('says how long to wait when a new code is refused as too soon', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    await reachCodeStep();
    routes['POST /api/login/phone'] = () => ({
      status: 429,
      body: { error: 'A code was sent a moment ago.', code: 'CODE_TOO_SOON' },
      headers: { 'Retry-After': '25' },
    });
    act(() => vi.advanceTimersByTime(60_000));
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await said('alert', 'Too many tries. Please try again in 25 seconds.');
    expect(screen.getByRole('button', { name: /Send a new code/ }).textContent).toBe(
      'Send a new code in 25 s',
    );
  });

  it("'Use another number' goes back to the number, as it was typed", async () => {
    await reachCodeStep('0712 345 678');
    fireEvent.click(screen.getByRole('button', { name: 'Use another number' }));
    expect(((await numberField()) as HTMLInputElement).value).toBe('0712 345 678');
  });

  it("shows the server's words for a staff account without two-step sign-in", async () => {
    const message = 'Staff accounts sign in with e-mail and password.';
    routes['POST /api/login/phone/verify'] = () => ({
      status: 403,
      body: { error: message, code: 'STAFF_USE_PASSWORD' },
    });
    await reachCodeStep();
    await enterCode('123456');
    await said('alert', message);
    expect(getAccessToken()).toBeNull();
  });

  it("goes on to a staff account's second step, then to the back office", async () => {
    routes['POST /api/login/phone/verify'] = () => ({
      body: { mfa_required: true, mfa_token: 'mfa-1' },
    });
    routes['POST /api/login/2fa'] = () => ({
      body: signedIn(false, { ...SHOPPER, is_admin: true, role: 'owner', two_factor: true }),
    });
    await reachCodeStep();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    await enterCode('123456');
    expect(await screen.findByRole('heading', { name: 'Two-step sign-in' })).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'Code' }), {
      target: { value: '654321' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await vi.waitFor(() => expect(alerts).toEqual(['Login success']));
    expect(sent('POST /api/login/2fa').map((c) => c.body)).toEqual([
      { mfa_token: 'mfa-1', code: '654321' },
    ]);
    expect(localStorage.getItem('duka:remembered-refresh-token')).toBe('phone-refresh');
  });
});

describe('a new account', () => {
  it('is asked its name, which is saved on the profile with the new session, then lands at home', async () => {
    routes['POST /api/login/phone/verify'] = () => ({ body: signedIn(true) });
    let name = '';
    routes['PATCH /api/profile'] = (body) => {
      name = String(body?.username);
      return name === 'Admin'
        ? {
            status: 400,
            body: {
              error: 'Invalid',
              code: 'VALIDATION',
              fields: { username: 'Choose another name.' },
            },
          }
        : { body: { message: 'Profile updated successfully' } };
    };
    routes['GET /api/current_user'] = () => ({ body: { ...SHOPPER, username: name } });
    await reachCodeStep();
    await enterCode('123456');
    expect(await screen.findByRole('heading', { name: 'Welcome to Duka' })).toBeTruthy();
    expect(alerts).toEqual([]);
    const field = screen.getByRole('textbox', { name: 'Your name' });

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Enter your name.')).toBeTruthy();
    fireEvent.change(field, { target: { value: 'Admin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Choose another name.')).toBeTruthy();
    expect((field as HTMLInputElement).value).toBe('Admin');

    fireEvent.change(field, { target: { value: 'Wanjiru Kamau' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The home page')).toBeTruthy();
    expect(alerts).toEqual(['Login success']);
    const patches = sent('PATCH /api/profile');
    expect(patches.map((c) => c.body)).toEqual([
      { username: 'Admin' },
      { username: 'Wanjiru Kamau' },
    ]);
    expect(patches.every((c) => c.auth === 'Bearer phone-access')).toBe(true);
  });

  it('signs up from /signup the same way', async () => {
    routes['POST /api/login/phone/verify'] = () => ({ body: signedIn(true) });
    routes['PATCH /api/profile'] = () => ({ body: { message: 'Profile updated successfully' } });
    renderAt('/signup');
    fireEvent.click(await screen.findByRole('link', { name: 'Continue with your phone number' }));
    fireEvent.change(await numberField(), { target: { value: '0712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    await enterCode('123456');
    const form = (await screen.findByRole('heading', { name: 'Welcome to Duka' })).parentElement!;
    fireEvent.change(within(form).getByRole('textbox', { name: 'Your name' }), {
      target: { value: 'Otieno' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The home page')).toBeTruthy();
  });
});
