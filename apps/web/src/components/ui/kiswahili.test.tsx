// The shared components in the Kiswahili shop (issue 37): their own words from this area's
// catalogue, and the schemas' and the server's English sentences through the sentence catalogue.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { contactInputSchema, type ContactInput } from '@duka/domain/contact/schemas';
import type { Locale } from '@duka/domain/i18n/locale';
import { moneyState } from '@duka/domain/payments/money-state';
import { moneyInWords } from '@duka/domain/payments/money-words';
import { LocaleProvider } from '../../lib/i18n/locale-context.tsx';
import { TextField } from './field.tsx';
import { HalfStars } from './half-stars.tsx';
import { moneyWordsIn } from './money-words.ts';
import NotFoundPage from './not-found-page.tsx';
import { NoticesProvider, useNotice } from './notices.tsx';
import { OrderMoney } from './order-money.tsx';
import { OrderStatusBadge } from './order-status-badge.tsx';
import { Pagination } from './pagination.tsx';
import { PasswordInput } from './password-input.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { FormMessage, LoadingText } from './status.tsx';

afterEach(cleanup);

function inLanguage(locale: Locale, children: ReactNode) {
  // No API here: the shop's settings (its name in titles) stay unasked, so 'Duka'.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  return render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={client}>
        <MemoryRouter>{children}</MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

/** The contact form's e-mail field, checked by the shared schema as the real form is. */
function EmailForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ContactInput>({
    resolver: zodResolver(contactInputSchema),
    defaultValues: { name: 'Wanjiku', email: 'not-an-address', phone: '0712345678', message: 'Hi' },
  });
  return (
    <form onSubmit={handleSubmit(() => {})}>
      <TextField label="Email" error={errors.email?.message} {...register('email')} />
      <button type="submit">Send</button>
    </form>
  );
}

async function submitEmailForm(locale: Locale) {
  inLanguage(locale, <EmailForm />);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  });
}

describe('a form field with a schema’s error', () => {
  it('shows the Kiswahili sentence in the Kiswahili shop', async () => {
    await submitEmailForm('sw');
    const field = screen.getByLabelText('Email');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const error = document.getElementById(field.getAttribute('aria-describedby')!);
    expect(error?.textContent).toBe('Barua pepe si sahihi');
    expect(screen.queryByText('Invalid email')).toBeNull();
  });

  it('shows the schema’s English as it is in the English shop', async () => {
    await submitEmailForm('en');
    expect(await screen.findByText('Invalid email')).toBeTruthy();
  });
});

describe('the shared components in Kiswahili', () => {
  it('say a server’s sentence above a form, and an unknown one as it came', () => {
    inLanguage(
      'sw',
      <>
        <FormMessage kind="error">This code has expired.</FormMessage>
        <FormMessage kind="success">Nothing we know</FormMessage>
      </>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Muda wa msimbo huu umeisha.');
    expect(screen.getByRole('status').textContent).toBe('Nothing we know');
  });

  it('show notices in the page’s language', () => {
    function Adder() {
      const notice = useNotice();
      return (
        <button
          type="button"
          onClick={() => notice('success', 'Product successfully added to your cart!')}
        >
          add
        </button>
      );
    }
    inLanguage(
      'sw',
      <NoticesProvider>
        <Adder />
      </NoticesProvider>,
    );
    act(() => screen.getByRole('button', { name: 'add' }).click());
    expect(screen.getByText('Bidhaa imeongezwa kwenye kikapu chako!')).toBeTruthy();
  });

  it('name pages, stars, statuses, steppers and passwords in Kiswahili', () => {
    inLanguage(
      'sw',
      <>
        <LoadingText />
        <Pagination page={2} pageCount={5} onPageChange={() => {}} />
        <HalfStars rating={4.5} reviewCount={12} />
        <OrderStatusBadge status="delivered" />
        <QuantityStepper id="quantity" value={2} onChange={() => {}} />
        <PasswordInput label="Nenosiri" />
      </>,
    );
    expect(screen.getByRole('status').textContent).toBe('Inapakia...');
    expect(screen.getByRole('navigation', { name: 'Kurasa' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Nyuma' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ukurasa 3' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Nyota 4.5 kati ya 5, maoni 12' })).toBeTruthy();
    expect(screen.getByText('Imefika')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ongeza idadi' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Onyesha nenosiri' }).textContent).toBe('Onyesha');
    for (const english of ['Loading...', 'Previous', 'Next', 'Delivered', 'Show']) {
      expect(screen.queryByText(english)).toBeNull();
    }
  });

  it('say an order’s money in Kiswahili', () => {
    const money = moneyState({ due: 237_800, paid: 100_000, refunded: 0 });
    inLanguage('sw', <OrderMoney money={money} totalCents={237_800} />);
    expect(screen.getByTestId('money-words').textContent).toBe(
      'Imelipwa kiasi: Ksh 1,000 kati ya Ksh 2,378 — zimebaki Ksh 1,378 za kulipa',
    );
    expect(screen.getByText('Jumla').tagName).toBe('DT');
    expect(screen.getByText('Salio la kulipa')).toBeTruthy();
  });

  it('answer an unknown address in Kiswahili', () => {
    inLanguage('sw', <NotFoundPage />);
    expect(screen.getByRole('heading', { name: 'Ukurasa haupatikani' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Rudi mwanzo' })).toBeTruthy();
    expect(document.title).toBe('Ukurasa haupatikani | Duka');
  });
});

describe('an order’s money in English', () => {
  it('is word for word the domain’s sentence in every state', () => {
    const cases = [
      { due: 237_800, paid: 0, refunded: 0 },
      { due: 0, paid: 0, refunded: 0 },
      { due: 237_800, paid: 100_000, refunded: 0 },
      { due: 237_800, paid: 237_800, refunded: 0 },
      { due: 237_800, paid: 250_000, refunded: 0 },
      { due: 0, paid: 250_000, refunded: 0 },
      { due: 237_800, paid: 250_000, refunded: 12_200 },
      { due: 237_800, paid: 250_000, refunded: 10_000 },
      { due: 0, paid: 250_000, refunded: 250_000 },
      { due: 237_800, paid: 300_000, refunded: 100_000 },
    ];
    for (const figures of cases) {
      const money = moneyState(figures);
      expect(moneyWordsIn('en', money)).toBe(moneyInWords(money));
      if (moneyInWords(money)) expect(moneyWordsIn('sw', money)).not.toBe(moneyInWords(money));
    }
  });
});
