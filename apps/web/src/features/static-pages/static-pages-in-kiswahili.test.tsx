// The static pages in the Kiswahili shop (issue 37): about, privacy, FAQs, delivery and the payment
// pages say in Kiswahili what they say in English, from the same settings and lists, with their
// links and bold words in place, and none of the catalogue's English left on the page.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import type { DeliveryCounty, PickupPoint } from '@duka/domain/delivery/schemas';
import type { PaymentMethods } from '@duka/domain/payments/schemas';
import { DEFAULT_SHOP_SETTINGS } from '@duka/domain/settings/schemas';
import { AppProviders } from '../../app/providers.tsx';
import { loadCatalogues } from '../../lib/i18n/catalogue.ts';
import { LocaleProvider } from '../../lib/i18n/locale-context.tsx';
import AboutPage from './about-page.tsx';
import DeliveryPage from './delivery-page.tsx';
import FaqsPage from './faqs-page.tsx';
import { MpesaPage, PaylessPage, PaypalPage } from './payment-info-page.tsx';
import PrivacyPage from './privacy-page.tsx';
import en from './locales/en.json';
import sw from './locales/sw.json';

const county = (code: string, name: string, fee: number, max: number): DeliveryCounty => ({
  code,
  name,
  fee,
  eta_min_days: 2,
  eta_max_days: max,
  pay_on_delivery: true,
  pay_on_delivery_max: null,
});

const point: PickupPoint = {
  id: 3,
  name: 'Kilimani Collection Point',
  county_code: '047',
  county: 'Nairobi City',
  address: 'Argwings Kodhek Rd',
  opening_hours: 'Mon–Sat 8:00–18:00',
  fee: 100,
  active: true,
  eta_min_days: 3,
  eta_max_days: 5,
};

const methods: PaymentMethods = {
  methods: [
    { method: 'mpesa', label: 'M-Pesa', kind: 'prompt', sandbox: true },
    {
      method: 'mpesa_paybill',
      label: 'M-Pesa Paybill',
      kind: 'paybill',
      business_number: '600100',
      sandbox: false,
    },
    { method: 'paypal', label: 'PayPal', kind: 'redirect', sandbox: false },
    { method: 'pay_on_delivery', label: 'Pay on delivery', kind: 'on_delivery', sandbox: false },
  ],
};

let returnDays = 14;

beforeAll(() => loadCatalogues('sw'));
beforeEach(() => {
  returnDays = 14;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://duka.test').pathname;
      const body =
        path === '/api/delivery/counties'
          ? [county('001', 'Mombasa', 150, 4), county('023', 'Turkana', 800, 7)]
          : path === '/api/delivery/pickup-points'
            ? [point]
            : path === '/api/payments/methods'
              ? methods
              : path === '/api/settings'
                ? { ...DEFAULT_SHOP_SETTINGS, return_window_days: returnDays, current_year: 2026 }
                : null;
      return new Response(JSON.stringify(body), {
        status: body ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderSw = (page: ReactNode) =>
  render(
    <LocaleProvider locale="sw">
      <MemoryRouter>
        <AppProviders>{page}</AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );

/** The catalogue's English sentences that have another Kiswahili, each up to its first placeholder. */
const english = Object.entries(en)
  .filter(([key, text]) => text !== sw[key as keyof typeof sw])
  .map(([, text]) => text.split(/\{[^{}]*\}/)[0]!.trim())
  .filter((start) => start.length > 3);

/** Nothing of the catalogue's English in the page's text, labels or title. */
function expectNoEnglish() {
  const labels = [...document.body.querySelectorAll('[aria-label]')].map((el) =>
    el.getAttribute('aria-label'),
  );
  const text = [document.body.textContent, ...labels, document.title].join('\n');
  expect(english.filter((sentence) => text.includes(sentence))).toEqual([]);
}

const text = () => document.body.textContent!;

describe('the static pages in Kiswahili', () => {
  it('About: the mission and the values', async () => {
    renderSw(<AboutPage />);
    expect(await screen.findByText('Kuhusu Duka')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Dhamira yetu' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Uadilifu' })).toBeTruthy();
    expect(text()).toContain('Karibu Duka, duka la mtandaoni');
    expect(document.title).toBe('Kuhusu | Duka');
    expectNoEnglish();
  });

  it('Privacy: every section, the providers this shop uses and the bold and emphasised words', async () => {
    renderSw(<PrivacyPage />);
    expect(await screen.findByText(/M-Pesa ya Safaricom na PayPal\)\. Tunahifadhi/)).toBeTruthy();
    expect(
      screen.getByRole('heading', { name: '6. Haki zako na jinsi ya kuwasiliana nasi' }),
    ).toBeTruthy();
    expect(screen.getByText('Futa data yako').tagName).toBe('STRONG');
    expect(screen.getAllByText('Badilisha wasifu')[0]!.tagName).toBe('EM');
    expect(text()).toContain(
      'Futa data yako: chagua Futa akaunti yangu kwenye Badilisha wasifu kisha uthibitishe',
    );
    expect(screen.getByRole('link', { name: 'privacy@duka.co.ke' })).toBeTruthy();
    expect(document.title).toBe('Sera ya faragha | Duka');
    expectNoEnglish();
  });

  it('FAQs: questions and answers, with the payment ways, the return window and the links', async () => {
    renderSw(<FaqsPage />);
    const question = await screen.findByRole('button', { name: 'Mnapokea njia gani za malipo?' });
    fireEvent.click(question);
    expect(await screen.findByText(/Tunapokea M-Pesa, M-Pesa Paybill na PayPal\./)).toBeTruthy();
    expect(text()).toContain(
      'Paybill 600100, ukitumia nambari ya oda yako kama nambari ya akaunti.',
    );
    expect(text()).toContain('katika Mombasa, Turkana.');
    expect(text()).toContain('Unaweza kurejesha bidhaa ndani ya siku 14 baada ya kuzipokea');
    expect(
      screen.getByRole('link', { name: 'ukurasa wa kuingia', hidden: true }).getAttribute('href'),
    ).toBe('/login');
    expect(
      screen.getByRole('link', { name: 'Fuatilia oda yako', hidden: true }).getAttribute('href'),
    ).toBe('/track');
    expect(
      screen.getByRole('link', { name: 'Usafirishaji na marejesho', hidden: true }),
    ).toBeTruthy();
    expect(screen.getByText('Jiunge').tagName).toBe('STRONG');
    expectNoEnglish();
  });

  it('Delivery and Returns: fees by county, the pickup point and the return window', async () => {
    renderSw(<DeliveryPage />);
    expect(
      await screen.findByText(
        /Usafirishaji unagharimu kuanzia Ksh 150 hadi Ksh 800, kulingana na kaunti yako\./,
      ),
    ).toBeTruthy();
    expect(text()).toContain(
      'Kisha usafirishaji huchukua siku 2-7 za kazi, kulingana na kaunti yako.',
    );
    expect(screen.getByText('Ada ya usafirishaji na siku kwa kila kaunti')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Siku za kazi' })).toBeTruthy();
    expect(text()).toContain('Unaweza pia kuchukua oda yako kwenye kituo chetu cha kuchukulia');
    expect(text()).toContain(
      'Kilimani Collection Point, Argwings Kodhek Rd (Nairobi City): Ksh 100, hufunguliwa Mon–Sat 8:00–18:00.',
    );
    expect(text()).toContain('Unaweza kurejesha bidhaa ndani ya siku 14 baada ya kuipokea');
    expect(screen.getByRole('list', { name: 'Kwa muhtasari' })).toBeTruthy();
    expectNoEnglish();
  });

  it('Delivery and Returns when the shop takes nothing back', async () => {
    returnDays = 0;
    renderSw(<DeliveryPage />);
    expect(await screen.findByText('Bidhaa hazirejeshwi')).toBeTruthy();
    expect(text()).toContain('Bidhaa haziwezi kurejeshwa');
    expect(text()).not.toContain('siku 0');
    expectNoEnglish();
  });

  it('the payment pages: the steps of M-Pesa and PayPal, and a method the shop does not take', async () => {
    renderSw(<MpesaPage />);
    expect(await screen.findByText('Inapatikana wakati wa kulipa')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ombi kwenye simu yako' })).toBeTruthy();
    expect(
      screen.getByText('Kwenye menyu ya M-Pesa chagua Pay Bill, nambari ya biashara 600100.'),
    ).toBeTruthy();
    expect(text()).toContain('mazingira ya majaribio (sandbox) ya M-Pesa');
    expectNoEnglish();
    cleanup();

    renderSw(<PaypalPage />);
    expect(await screen.findByText('Ukishaidhinisha, utarudishwa kwenye Duka.')).toBeTruthy();
    expectNoEnglish();
    cleanup();

    renderSw(<PaylessPage />);
    expect(
      await screen.findByText('Duka haipokei Payless: haipo kati ya njia za kulipa.'),
    ).toBeTruthy();
    expect(
      screen.getByText('Wakati wa kulipa unaweza kutumia M-Pesa, M-Pesa Paybill na PayPal.'),
    ).toBeTruthy();
    expectNoEnglish();
  });
});
