// Checkout in the Kiswahili shop (issue 37): the three steps, the ways to pay, 'Check your phone'
// and the Paybill's figures, every word from checkout's catalogue and none of the English left;
// the English catalogue keeps the specification's and the shared package's words.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { ReactNode } from 'react';
import type { CheckoutDetails, CheckoutSummary } from '@duka/domain';
import type { Locale } from '@duka/domain/i18n/locale';
import { enterPinMessage, MPESA_MESSAGES } from '@duka/domain/payments/messages';
import { COUPON_MESSAGES } from '@duka/domain/promotions/messages';
import { payOnDeliveryRefusal } from '@duka/domain/delivery/pay-on-delivery';
import { AppProviders, createQueryClient } from '../../app/providers.tsx';
import { AuthProvider } from '../../app/auth-provider.tsx';
import { loadCatalogues } from '../../lib/i18n/catalogue.ts';
import { LocaleProvider } from '../../lib/i18n/locale-context.tsx';
import { clearTokens, setTokens } from '../../lib/session-tokens.ts';
import { TOO_MANY_TRIES } from './components/coupon-field.tsx';
import { MpesaCheckout } from './components/mpesa-checkout.tsx';
import { PaybillCheckout } from './components/paybill-checkout.tsx';
import CheckoutPage from './routes/checkout-page.tsx';
import en from './locales/en.json';
import sw from './locales/sw.json';
import { checkoutTextIn } from './text.ts';

const summary: CheckoutSummary = {
  lines: [{ productId: 7, title: 'Kikoi beach towel', quantity: 1, lineTotalCents: 100_000 }],
  expectedDelivery: { from: '2026-12-01', to: '2026-12-04' },
  deliveryDays: { min: 3, max: 5 },
  pricesIncludeVat: false,
  itemCount: 1,
  itemsCents: 100_000,
  shippingCents: 25_000,
  beforeTaxCents: 125_000,
  vatCents: 20_000,
  totalCents: 145_000,
  discounts: [],
  discountTotalCents: 0,
  coupon: null,
};

const methods = {
  methods: [
    { method: 'mpesa', label: 'M-Pesa', kind: 'prompt', sandbox: true },
    { method: 'mpesa_paybill', label: 'M-Pesa Paybill', kind: 'paybill', sandbox: true },
    { method: 'paypal', label: 'PayPal', kind: 'redirect', sandbox: true },
  ],
};

/** The shop's API as checkout asks it; what steps 1 and 2 save is what the details then read. */
function shop(extra: Record<string, unknown> = {}) {
  const details: CheckoutDetails = {
    name: null,
    street_address: null,
    apartment_number: null,
    city: null,
    zip_code: null,
    email: null,
    county: null,
    phone: null,
    delivery: 'home',
    pickup_point_id: null,
    kra_pin: null,
    business_name: null,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://duka.test');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      const answers: Record<string, unknown> = {
        'GET /api/current_user': { id: 3, username: 'achieng', email: 'achieng@example.co.ke' },
        'GET /api/checkout/details': { ...details },
        'POST /api/shipping': { message: 'Shipping address saved' },
        'POST /api/payment': { message: 'Payment info saved' },
        'GET /api/checkout/summary': summary,
        'GET /api/payments/methods': methods,
        'GET /api/delivery/counties': [],
        'GET /api/delivery/pickup-points': [],
        'GET /api/addresses': [],
        ...extra,
      };
      if (key === 'POST /api/shipping') Object.assign(details, body);
      if (key === 'POST /api/payment') details.email = body.email;
      if (!(key in answers)) throw new Error(`unexpected ${key}`);
      return new Response(JSON.stringify(answers[key]), {
        status: key === 'POST /api/create-payment' ? 202 : 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

function renderIn(locale: Locale, page: ReactNode) {
  render(
    <LocaleProvider locale={locale}>
      <MemoryRouter initialEntries={['/checkout']}>
        <AppProviders queryClient={createQueryClient()}>
          <AuthProvider>
            <Routes>
              <Route path="/checkout" element={page} />
            </Routes>
          </AuthProvider>
        </AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** None of these English words on the page. */
const noEnglish = (...english: string[]) => {
  for (const text of english) expect(screen.queryByText(text), text).toBeNull();
};

// As a Kiswahili page does before its first render (main.tsx).
beforeAll(() => loadCatalogues('sw'));
beforeEach(() => setTokens('test-access-token'));
afterEach(() => {
  cleanup();
  clearTokens();
  vi.unstubAllGlobals();
});

describe('checkout in Kiswahili', () => {
  it('walks the three steps in Kiswahili, to the ways to pay', async () => {
    shop();
    renderIn('sw', <CheckoutPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'Kamilisha ununuzi' })).toBeTruthy();
    const steps = screen.getByRole('list', { name: 'Hatua za kukamilisha ununuzi' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1Anwani ya usafirishaji', '2Maelezo ya malipo', '3Muhtasari']);
    await screen.findByLabelText('Jina la kwanza', {}, { timeout: 3_000 });
    expect(screen.getByRole('group', { name: 'Usafirishaji' })).toBeTruthy();
    expect(screen.getByLabelText('Kuletewa nyumbani')).toBeTruthy();
    expect(screen.getByLabelText('Kaunti')).toBeTruthy();
    expect(screen.getByLabelText('Hifadhi anwani hii kwa wakati ujao')).toBeTruthy();
    noEnglish('Shipping Address', 'First Name', 'Home delivery', 'Proceed', 'Cancel');
    fill('Jina la kwanza', 'Achieng');
    fill('Jina la ukoo', 'Otieno');
    fill('Anwani ya mtaa', 'Oginga Odinga Street 7');
    fill('Mji / eneo', 'Kisumu');
    fill('Msimbo wa posta', '40100');
    fireEvent.click(screen.getByRole('button', { name: 'Endelea' }));

    const email = await screen.findByLabelText('Barua pepe', {}, { timeout: 3_000 });
    expect(
      await screen.findByText(
        'Utachagua jinsi ya kulipa katika hatua inayofuata: M-Pesa, M-Pesa Paybill au PayPal. Tutatuma risiti kwa anwani hii ya barua pepe.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Ankara ya kodi kwa biashara (si lazima)')).toBeTruthy();
    noEnglish('Payment Information', 'Save Payment Info', 'Back');
    fireEvent.change(email, { target: { value: 'achieng.otieno@example.co.ke' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hifadhi maelezo ya malipo' }));

    const totals = await screen.findByLabelText('Muhtasari wa oda', {}, { timeout: 3_000 });
    expect(within(totals).getByText('Jumla ya oda').nextElementSibling?.textContent).toBe(
      'Ksh 1,450',
    );
    expect(within(totals).getByText('Kodi iliyotozwa (VAT 16%)')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bidhaa zako' })).toBeTruthy();
    expect(screen.getByText('Anwani ya kuletewa')).toBeTruthy();
    expect(
      screen.getByText('Siku 1-2 za kazi kuandaa oda, kisha siku 3-5 za kazi kuileta.'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Una msimbo wa kuponi?')).toBeTruthy();
    for (const name of [
      'Lipa na M-Pesa',
      'Lipa kupitia Paybill ya M-Pesa',
      'Lipa na PayPal',
      'Rudi',
    ])
      expect(screen.getByRole('button', { name })).toBeTruthy();
    noEnglish('Summary', 'Order Total', 'Pay with M-Pesa', 'Have a coupon code?', 'Your items');
  });

  it("asks the phone for the PIN: 'Angalia simu yako'", async () => {
    shop({
      'GET /api/profile': { phone_number: '0712 345 678' },
      'POST /api/create-payment': { order_id: 9, paymentId: 'MP-1', status: 'pending' },
      'GET /api/payments/MP-1': {
        status: 'pending',
        method: 'mpesa',
        order_id: 9,
        amount: 1_234_500,
      },
    });
    renderIn('sw', <MpesaCheckout totalCents={1_234_500} onBack={() => {}} />);

    expect(await screen.findByRole('heading', { name: 'Lipa na M-Pesa' })).toBeTruthy();
    expect(screen.getByLabelText('Nambari ya simu ya M-Pesa')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Njia nyingine za malipo' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Tuma ombi kwa simu' }));

    expect(await screen.findByRole('heading', { name: 'Angalia simu yako' })).toBeTruthy();
    expect(screen.getByText('Weka PIN yako ya M-Pesa ili ulipe Ksh 12,345')).toBeTruthy();
    expect(screen.getByText(/^Ombi limetumwa kwa/).textContent).toBe(
      'Ombi limetumwa kwa 0712 345 678.',
    );
    noEnglish('Check your phone', 'Enter your M-Pesa PIN to pay Ksh 12,345');
  });

  it("gives the Paybill's figures and steps in Kiswahili", async () => {
    const paybill = {
      kind: 'paybill',
      business_number: '174379',
      account_number: '42',
      amount: 1378,
    };
    shop({
      'POST /api/create-payment': { order_id: 42, paymentId: 'PB-1', status: 'pending', paybill },
      'GET /api/payments/PB-1': {
        status: 'pending',
        method: 'mpesa_paybill',
        order_id: 42,
        amount: 137_800,
        paybill,
      },
    });
    renderIn('sw', <PaybillCheckout orderId={42} onBack={() => {}} />);

    expect(
      await screen.findByRole('heading', { name: 'Lipa kupitia Paybill ya M-Pesa' }),
    ).toBeTruthy();
    expect(screen.getByText('Nambari ya biashara')).toBeTruthy();
    expect(screen.getByText('Nambari ya akaunti')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nakili nambari ya akaunti 42' })).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Fungua M-Pesa kwenye simu yako na uchague Lipa na M-Pesa.',
      'Chagua Pay Bill kisha weka nambari ya biashara.',
      'Weka nambari ya oda yako kama nambari ya akaunti.',
      'Weka kiasi, Ksh 1,378, na PIN yako.',
    ]);
    expect(screen.getByRole('button', { name: 'Chagua njia nyingine ya kulipa' })).toBeTruthy();
    noEnglish('Business number', 'Account number', 'Choose another way to pay');
  });

  it('keeps the English words of the specification and of the shared package', () => {
    const t = checkoutTextIn('en');
    for (const key of [
      'payWithMpesa',
      'payWithPaypal',
      'payViaPaybill',
      'payViaTill',
      'phoneLabel',
      'send',
      'checkPhone',
      'tryAgain',
      'failed',
    ] as const)
      expect(t(`mpesa.${key}`)).toBe(MPESA_MESSAGES[key]);
    expect(t('mpesa.enterPin', { amount: 'Ksh 12,345' })).toBe(enterPinMessage(1_234_500));
    expect(t('couponField.label')).toBe(COUPON_MESSAGES.fieldLabel);
    expect(t('couponField.tooManyTries')).toBe(TOO_MANY_TRIES);
    expect(t('payOnDelivery.overMax', { county: 'Nyeri', max: 'Ksh 5,000' })).toBe(
      payOnDeliveryRefusal(
        { name: 'Nyeri', payOnDelivery: true, payOnDeliveryMaxCents: 500_000 },
        600_000,
      ),
    );
    expect(t('paymentStep.invoiceHelp')).toBe(
      "Add your business's KRA PIN and the tax invoice will carry it, so you can claim the VAT back.",
    );
    expect(Object.keys(sw).sort()).toEqual(Object.keys(en).sort());
  });
});
