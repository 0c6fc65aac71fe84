// The Settings screen against a stand-in API (issue 33): the server's refusal shows at each field
// with everything typed kept; a save says so; slides are added, put in order and removed.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEFAULT_SHOP_SETTINGS, type ShopSettings } from '@duka/domain/settings/schemas';
import { AppProviders } from '../../../app/providers.tsx';
import { clearTokens, setTokens } from '../../../lib/session-tokens.ts';
import SettingsPage from './settings-page.tsx';

let stored: ShopSettings;
let refuse: Record<string, string> | null;
const sent: ShopSettings[] = [];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

beforeEach(() => {
  stored = structuredClone(DEFAULT_SHOP_SETTINGS);
  refuse = null;
  sent.length = 0;
  setTokens('test-access-token');
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://duka.test').pathname;
      if (path !== '/api/admin/settings') return json(404, { error: 'No', code: 'NOT_FOUND' });
      if (init?.method !== 'PUT') return json(200, stored);
      const body = JSON.parse(String(init.body)) as ShopSettings;
      sent.push(body);
      if (refuse) {
        return json(400, { error: 'Invalid body', code: 'VALIDATION_FAILED', fields: refuse });
      }
      stored = body;
      return json(200, stored);
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
        <SettingsPage />
      </AppProviders>
    </MemoryRouter>,
  );

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));

describe('Settings', () => {
  it('shows the shop as it is, saves a change and says so', async () => {
    renderPage();
    expect(((await screen.findByLabelText('Shop name')) as HTMLInputElement).value).toBe('Duka');
    type('Phone', '0722 000 111');
    type('Return window (days)', '14');
    save();
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Settings saved.');
    expect(sent[0]).toMatchObject({ phone: '0722 000 111', return_window_days: 14 });
    expect(stored.phone).toBe('0722 000 111');
  });

  it("puts the server's refusal at each field, and keeps what was typed", async () => {
    renderPage();
    await screen.findByLabelText('Shop name');
    type('E-mail', 'help@duka.example');
    refuse = {
      phone: 'Enter a Kenyan phone number, such as 0712 345 678 or +254 712 345 678.',
      'slides.1.image': 'That image is not in the shop any more. Upload it again.',
    };
    save();
    expect(
      await screen.findByText('Nothing was saved: correct the 2 fields marked below.'),
    ).toBeTruthy();
    const phone = screen.getByLabelText('Phone');
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(phone.getAttribute('aria-describedby')!)?.textContent).toBe(
      refuse.phone,
    );
    expect(document.activeElement).toBe(phone);
    expect(screen.getByText(refuse['slides.1.image']!)).toBeTruthy();
    expect((screen.getByLabelText('E-mail') as HTMLInputElement).value).toBe('help@duka.example');
    expect(stored.email).toBe(DEFAULT_SHOP_SETTINGS.email);
  });

  it('refuses a bad return window and a slide without a title before asking the server', async () => {
    renderPage();
    await screen.findByLabelText('Shop name');
    type('Return window (days)', '400');
    fireEvent.click(screen.getByRole('button', { name: 'Add a slide' }));
    save();
    expect(await screen.findByText('Enter a number of days from 0 to 365.')).toBeTruthy();
    expect(screen.getByText('Give the slide a title.')).toBeTruthy();
    expect(screen.getByText('Upload an image for this slide.')).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('puts slides in order and removes them', async () => {
    renderPage();
    await screen.findByLabelText('Shop name');
    fireEvent.click(screen.getByRole('button', { name: 'Move slide 1 down' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove slide 3' }));
    const titles = () =>
      within(screen.getByRole('group', { name: 'Home page slides' }))
        .getAllByLabelText(/^Slide \d title$/)
        .map((input) => (input as HTMLInputElement).value);
    expect(titles()).toEqual([
      DEFAULT_SHOP_SETTINGS.slides[1]!.title,
      DEFAULT_SHOP_SETTINGS.slides[0]!.title,
    ]);
    save();
    await screen.findByRole('status');
    expect(sent[0]!.slides.map((s) => s.image)).toEqual(['/hero/slide-2.svg', '/hero/slide-1.svg']);
  });
});
