import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@duka/domain/i18n/locale';
import { AuthProvider } from '../auth-provider.tsx';
import { LocaleProvider } from '../../lib/i18n/locale-context.tsx';
import { ShopHeader } from './shop-header.tsx';

function header(locale: Locale, at = '/products/42?ref=home') {
  render(
    <LocaleProvider locale={locale}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[at]}>
          <AuthProvider>
            <ShopHeader />
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </LocaleProvider>,
  );
}

describe('the shop header in each language', () => {
  it('speaks English by default, and offers the same page in Kiswahili', () => {
    header('en');
    expect(screen.getByRole('link', { name: 'Shop by Category' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Login' })).toBeTruthy();
    const sw = screen.getByRole('link', { name: 'Kiswahili' });
    expect(sw.getAttribute('href')).toBe('/lang/sw?next=%2Fproducts%2F42%3Fref%3Dhome');
    expect(sw.getAttribute('lang')).toBe('sw');
  });

  it('speaks Kiswahili in the Kiswahili shop, and offers the same page in English', () => {
    header('sw');
    expect(screen.getByRole('link', { name: 'Nunua kwa aina' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ingia' })).toBeTruthy();
    expect(screen.queryByText('Shop by Category')).toBeNull();
    const en = screen.getByRole('link', { name: 'English' });
    expect(en.getAttribute('href')).toBe('/lang/en?next=%2Fproducts%2F42%3Fref%3Dhome');
  });
});
