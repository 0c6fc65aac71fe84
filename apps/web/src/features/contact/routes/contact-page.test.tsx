// /contact in each language (issue 37): the form and what it says once sent read in Kiswahili on
// /sw/; in English they are the specification's words (CONTACT_MESSAGES, SPEC §2.10).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CONTACT_MESSAGES } from '@duka/domain/contact/messages';
import type { Locale } from '@duka/domain/i18n/locale';
import { AppProviders } from '../../../app/providers.tsx';
import { LocaleProvider } from '../../../lib/i18n/locale-context.tsx';
import { contactTextIn } from '../text.ts';
import ContactPage from './contact-page.tsx';

function contact(locale: Locale) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) =>
      new URL(input, 'http://duka.test').pathname === '/api/contact'
        ? Response.json({ message: CONTACT_MESSAGES.submitted }, { status: 201 })
        : Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 }),
    ),
  );
  render(
    <LocaleProvider locale={locale}>
      <MemoryRouter initialEntries={['/contact']}>
        <AppProviders>
          <ContactPage />
        </AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/contact', () => {
  it('reads in Kiswahili, and says so in Kiswahili once the message is sent', async () => {
    contact('sw');
    expect(screen.getByRole('heading', { name: 'Wasiliana nasi' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Jina'), { target: { value: 'Wanjiru' } });
    fireEvent.change(screen.getByLabelText('Barua pepe'), {
      target: { value: 'wanjiru@example.co.ke' },
    });
    fireEvent.change(screen.getByLabelText('Nambari ya simu'), { target: { value: '0712345678' } });
    fireEvent.change(screen.getByLabelText('Ujumbe'), { target: { value: 'Iko wapi oda yangu?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Tuma' }));
    expect(await screen.findByText('Imetumwa')).toBeTruthy();
    expect(
      await screen.findByText('Ujumbe wako umetumwa. Timu yetu itakujibu hivi karibuni!'),
    ).toBeTruthy();
    const text = document.body.textContent ?? '';
    for (const english of ['Get in Touch', 'Questions about', 'Submit', 'successfully'])
      expect(text).not.toContain(english);
  });

  it('keeps the specification’s English', () => {
    const t = contactTextIn('en');
    expect(t('contactPage.submitted')).toBe(CONTACT_MESSAGES.submitted);
    expect(t('contactPage.toast')).toBe(CONTACT_MESSAGES.toast);
    contact('en');
    expect(screen.getByRole('heading', { name: 'Get in Touch' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeTruthy();
  });
});
