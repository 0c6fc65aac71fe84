import { describe, expect, it } from 'vitest';
import { localeOfAcceptLanguage, localeOfPath, pathInLocale, pathWithoutLocale } from './locale.ts';

describe('the language of an address', () => {
  it('is Kiswahili under /sw only', () => {
    expect(localeOfPath('/sw')).toBe('sw');
    expect(localeOfPath('/sw/products/42')).toBe('sw');
    expect(localeOfPath('/swahili-kikoy')).toBe('en');
    expect(localeOfPath('/products/42')).toBe('en');
  });

  it('moves a page between the languages and keeps the rest of its address', () => {
    expect(pathInLocale('/products/42', 'sw')).toBe('/sw/products/42');
    expect(pathInLocale('/', 'sw')).toBe('/sw');
    expect(pathInLocale('/sw/products/42', 'en')).toBe('/products/42');
    expect(pathInLocale('/sw', 'en')).toBe('/');
    expect(pathInLocale('/sw/cart', 'sw')).toBe('/sw/cart');
    expect(pathWithoutLocale('/sw/cart')).toBe('/cart');
  });
});

describe('the language an API call asks for', () => {
  it('reads the first tag of Accept-Language', () => {
    expect(localeOfAcceptLanguage('sw')).toBe('sw');
    expect(localeOfAcceptLanguage('sw-KE,en;q=0.8')).toBe('sw');
    expect(localeOfAcceptLanguage('SW-ke')).toBe('sw');
    expect(localeOfAcceptLanguage('en-KE,sw;q=0.9')).toBe('en');
    expect(localeOfAcceptLanguage('swz')).toBe('en');
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
  });
});
