// /track in each language (issue 37): the form, its own checks and the order it finds read in
// Kiswahili on /sw/, and as before in English.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { TrackedOrder } from '@duka/domain/orders/schemas';
import type { Locale } from '@duka/domain/i18n/locale';
import { AppProviders } from '../../../app/providers.tsx';
import { LocaleProvider } from '../../../lib/i18n/locale-context.tsx';
import TrackPage from './track-page.tsx';

const tracked: TrackedOrder = {
  order_id: 7,
  status: 'shipped',
  timeline: [
    { status: 'paid', at: '2026-11-20T08:00:00.000Z' },
    { status: 'shipped', at: '2026-11-21T08:00:00.000Z' },
  ],
};

function track(locale: Locale) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) =>
      new URL(input, 'http://duka.test').pathname === '/api/track'
        ? Response.json(tracked)
        : Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  );
  render(
    <LocaleProvider locale={locale}>
      <MemoryRouter initialEntries={['/track']}>
        <AppProviders>
          <TrackPage />
        </AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/track', () => {
  it('reads in Kiswahili, its checks and the order it finds too', async () => {
    track('sw');
    expect(screen.getByRole('heading', { name: 'Fuatilia oda yako' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fuatilia' }));
    expect(screen.getByText('Weka nambari ya oda yako.')).toBeTruthy();
    expect(screen.getByText('Weka nambari ya simu iliyo kwenye oda.')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Nambari ya oda'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Nambari ya simu'), {
      target: { value: '0712345678' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Fuatilia' }));
    expect(await screen.findByRole('heading', { name: 'Oda nambari 7' })).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const english of ['Track your order', 'Enter your', 'Order number', 'Order no.'])
      expect(text).not.toContain(english);
  });

  it('keeps its English', async () => {
    track('en');
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(screen.getByText('Enter your order number.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Order number'), { target: { value: '7' } });
    fireEvent.change(screen.getByLabelText('Phone number'), { target: { value: '0712345678' } });
    fireEvent.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByRole('heading', { name: 'Order no. 7' })).toBeTruthy();
  });
});
