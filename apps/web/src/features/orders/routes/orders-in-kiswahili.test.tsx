// The shopper's order screens in each language (issue 37): the same order reads in Kiswahili on
// /sw/ and exactly as the specification words it in English; what the shopper bought keeps its
// title as bought.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { OrderDetail, OrderPage as OrderList, OrderReturns } from '@duka/domain';
import type { Locale } from '@duka/domain/i18n/locale';
import { RETURN_STATUS_WORDS } from '@duka/domain/orders/return-schemas';
import { PAY_ON_DELIVERY_LABEL } from '@duka/domain/delivery/messages';
import { AppProviders } from '../../../app/providers.tsx';
import { LocaleProvider } from '../../../lib/i18n/locale-context.tsx';
import OrderCompletePage from './order-complete-page.tsx';
import OrderHistoryPage from './order-history-page.tsx';
import OrderPage from './order-page.tsx';
import { ordersTextIn } from '../text.ts';

const line = {
  product_id: 11,
  title: 'Jiko Kettle',
  variant_id: null,
  variant: '',
  image: '/uploads/kettle.webp',
  price: 250_000,
  quantity: 2,
  subtotal: 500_000,
};

/** A kettle order paid on delivery in Nairobi: delivered, one return asked, one more possible. */
const order: OrderDetail = {
  id: 7,
  order_date: '2026-11-20T08:00:00.000Z',
  status: 'delivered',
  shipping_address: 'Moi Avenue 12, Nairobi',
  payment_method: 'Pay on delivery',
  order_total: 530_000,
  items: [line],
  discounts: [],
  discount_total: 0,
  money: { due: 530_000, paid: 530_000, refunded: 0, balance: 0, state: 'paid' },
  item_count: 2,
  items_total: 500_000,
  shipping: 30_000,
  vat: 73_103,
  shipping_name: 'Wanjiru Kamau',
  street_address: 'Moi Avenue 12',
  apartment_number: null,
  city: 'Nairobi',
  zip_code: '00100',
  email: 'wanjiru@example.co.ke',
  phone_number: '0712345678',
  paid_at: '2026-11-22T10:00:00.000Z',
  transaction_id: 'SKL1234567',
  payer_id: null,
  settlement: null,
  expected_delivery: null,
  delivery: 'home',
  county: 'Nairobi',
  pickup_point: null,
  courier: 'G4S',
  tracking_number: 'G4S-778',
  timeline: [
    { status: 'confirmed', at: '2026-11-20T08:00:00.000Z', note: null },
    { status: 'delivered', at: '2026-11-22T10:00:00.000Z', note: null },
  ],
};

const returns: OrderReturns = {
  returns: [
    {
      id: 3,
      order_id: 7,
      status: 'requested',
      resolution: 'refund',
      reason: 'Leaks at the spout',
      note: null,
      created_at: '2026-11-23T09:00:00.000Z',
      decided_at: null,
      received_at: null,
      lines: [{ ...line, id: 1, quantity: 1, restocked: null }],
      value: 250_000,
      exchange: null,
      refunds: [],
    },
  ],
  returnable: [
    {
      ...line,
      bought: 2,
      returnable: 1,
      return_by: '2026-12-06',
      exchange_options: [],
    },
  ],
  exchange_for: null,
};

const list: OrderList = { orders: [order], total: 1, skip: 0, limit: 10 };

function fakeApi() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const path = new URL(input, 'http://duka.test').pathname;
      const body =
        path === '/api/order/7'
          ? order
          : path === '/api/orders/7/returns'
            ? returns
            : path === '/api/order'
              ? list
              : null;
      return new Response(JSON.stringify(body ?? { error: 'Not found', code: 'NOT_FOUND' }), {
        status: body ? 200 : 404,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
}

function show(locale: Locale, at: string, path: string, page: React.ReactNode) {
  fakeApi();
  render(
    <LocaleProvider locale={locale}>
      <MemoryRouter initialEntries={[at]}>
        <AppProviders>
          <Routes>
            <Route path={path} element={page} />
          </Routes>
        </AppProviders>
      </MemoryRouter>
    </LocaleProvider>,
  );
}

/** None of these English words may be left on the Kiswahili page. */
function expectNoEnglish(...sentences: string[]) {
  const text = document.body.textContent ?? '';
  for (const sentence of sentences) expect(text).not.toContain(sentence);
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("an order's page", () => {
  it('reads in Kiswahili, its returns and the return form too', async () => {
    show('sw', '/userprofile/orders/7', '/userprofile/orders/:id', <OrderPage />);
    expect(await screen.findByRole('heading', { name: 'Oda nambari 7' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Anwani ya kuletewa' })).toBeTruthy();
    expect(screen.getByText('Nairobi, Kaunti ya Nairobi, 00100')).toBeTruthy();
    expect(screen.getByText('Msafirishaji')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hatua za oda' })).toBeTruthy();
    expect(screen.getByText('Jumla (usafirishaji Ksh 300 na VAT vimejumuishwa)')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Risiti' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Oda zote' })).toBeTruthy();
    // The kettle keeps the title it was bought with.
    expect(screen.getAllByText(/Jiko Kettle/).length).toBeGreaterThan(0);

    expect(await screen.findByRole('heading', { name: 'Kurudisha bidhaa' })).toBeTruthy();
    expect(screen.getByText(/^Ombi la kurudisha #3 · liliombwa /)).toBeTruthy();
    expect(screen.getByText('Imeombwa')).toBeTruthy();
    expect(screen.getByText(/Kurejeshewa Ksh 2,500 · Sababu: Leaks at the spout/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Rudisha au badilisha bidhaa' }));
    expect(screen.getByRole('group', { name: 'Unarudisha nini?' })).toBeTruthy();
    expect(screen.getByText(/Ksh 2,500 kila moja · rudisha kufikia /)).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Nirejeshewe pesa, kwa njia niliyolipia' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Saizi au rangi nyingine' }));
    expect(screen.getByText('Chagua hapo juu bidhaa moja unayotaka kubadilisha.')).toBeTruthy();
    expect(screen.getByLabelText('Kwa nini unairudisha?')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Tuma ombi la kurudisha' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ghairi' })).toBeTruthy();

    expectNoEnglish(
      'Order no.',
      'Delivery address',
      'County',
      'Courier',
      'Progress',
      'Total (delivery',
      'Returns',
      'Return #',
      'Requested',
      'Refund of',
      'Reason:',
      'What are you returning?',
      'each · return by',
      'A refund, the way I paid',
      'Choose the one item',
      'Send return request',
      'Cancel',
      'Printable summary',
      'All orders',
    );
  });

  it('reads as the specification words it in English', async () => {
    show('en', '/userprofile/orders/7', '/userprofile/orders/:id', <OrderPage />);
    expect(await screen.findByRole('heading', { name: 'Order no. 7' })).toBeTruthy();
    expect(screen.getByText('Nairobi, Nairobi County, 00100')).toBeTruthy();
    expect(screen.getByText('Total (delivery Ksh 300 and VAT included)')).toBeTruthy();
    expect(await screen.findByText(/^Return #3 · asked /)).toBeTruthy();
    expect(screen.getByText(/Refund of Ksh 2,500 · Reason: Leaks at the spout/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Return or exchange items' }));
    expect(screen.getByText(/Ksh 2,500 each · return by /)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Send return request' })).toBeTruthy();
  });
});

describe('Order History', () => {
  it('reads in Kiswahili, with the way of paying in words the shopper reads', async () => {
    show('sw', '/userprofile/orderhistory', '/userprofile/orderhistory', <OrderHistoryPage />);
    expect(await screen.findByRole('heading', { name: 'Oda nambari 7' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Historia ya oda' })).toBeTruthy();
    expect(screen.getByText(/Lipa ukipokea/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Angalia oda nambari 7' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Jumla ndogo' })).toBeTruthy();
    expect(screen.getAllByText('Jumla ya bei:').length).toBe(2);
    expect(screen.getByText(/Jumla ya oda pamoja na usafirishaji na VAT:/)).toBeTruthy();
    expectNoEnglish('Order History', 'Pay on delivery', 'View order', 'Subtotal', 'Total Price');
  });

  it('keeps its English', async () => {
    show('en', '/userprofile/orderhistory', '/userprofile/orderhistory', <OrderHistoryPage />);
    expect(await screen.findByRole('link', { name: 'View order no. 7' })).toBeTruthy();
    expect(screen.getByText(/Pay on delivery/)).toBeTruthy();
    expect(screen.getByText('Order total with shipping and VAT:', { exact: false })).toBeTruthy();
  });
});

describe('/ordercomplete', () => {
  it('reads in Kiswahili, and says when to pay an order paid on delivery', async () => {
    vi.stubGlobal('print', () => undefined);
    show('sw', '/ordercomplete?order=7', '/ordercomplete', <OrderCompletePage />);
    expect(await screen.findByRole('heading', { name: 'Oda yako imekamilika!' })).toBeTruthy();
    expect(
      screen.getByText('Asante, Wanjiru Kamau. Risiti itatumwa kwa wanjiru@example.co.ke.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Maelezo ya usafirishaji' })).toBeTruthy();
    expect(screen.getByText('Njia ya malipo').nextSibling?.textContent).toBe('Lipa ukipokea');
    expect(screen.getByText('JUMLA')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Endelea kununua' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Chapisha' })).toBeTruthy();
    expectNoEnglish('Your order is complete', 'Thank you', 'Shipping info', 'TOTAL', 'Print');
  });

  it('tells an order still to be paid on delivery what it will cost, in Kiswahili', async () => {
    order.status = 'confirmed';
    try {
      show('sw', '/ordercomplete?order=7', '/ordercomplete', <OrderCompletePage />);
      expect(
        await screen.findByText(
          'Utalipa Ksh 5,300 oda yako itakapoletwa, kwa pesa taslimu au kwa M-Pesa.',
        ),
      ).toBeTruthy();
    } finally {
      order.status = 'delivered';
    }
  });
});

describe("the orders' English", () => {
  it('says what the shared words say: return states and paying on delivery', () => {
    const t = ordersTextIn('en');
    expect(t('returns.status.requested')).toBe(RETURN_STATUS_WORDS.requested);
    expect(t('returns.status.approved')).toBe(RETURN_STATUS_WORDS.approved);
    expect(t('returns.status.refused')).toBe(RETURN_STATUS_WORDS.refused);
    expect(t('returns.status.received')).toBe(RETURN_STATUS_WORDS.received);
    expect(t('payment.payOnDelivery')).toBe(PAY_ON_DELIVERY_LABEL);
  });
});
