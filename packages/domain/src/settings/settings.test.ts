import { describe, expect, it } from 'vitest';
import { DEFAULT_SHOP_SETTINGS, shopSettingsInputSchema } from './schemas.ts';
import { copyrightLine, nairobiYear, returnPolicyText, telHref } from './texts.ts';

const fieldsOf = (input: unknown) => {
  const result = shopSettingsInputSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('shop settings', () => {
  it('take the defaults as they are: a fresh shop is valid', () => {
    expect(shopSettingsInputSchema.parse(DEFAULT_SHOP_SETTINGS)).toEqual(DEFAULT_SHOP_SETTINGS);
  });

  it('refuse what is not a phone, an e-mail, a window, a slide or an image', () => {
    expect(
      fieldsOf({
        ...DEFAULT_SHOP_SETTINGS,
        phone: '0200 123 456 7',
        email: 'support at duka',
        return_window_days: 366,
        kra_pin: 'P123',
        social_links: { ...DEFAULT_SHOP_SETTINGS.social_links, x: 'javascript:alert(1)' },
        slides: [
          { title: ' ', text: '', image: '/hero/slide-1.svg', link: '' },
          { title: 'Shoes', text: '', image: 'https://elsewhere.example/x.png', link: '//evil' },
        ],
      }).sort(),
    ).toEqual([
      'email',
      'kra_pin',
      'phone',
      'return_window_days',
      'slides.0.title',
      'slides.1.image',
      'slides.1.link',
      'social_links.x',
    ]);
    expect(fieldsOf({ ...DEFAULT_SHOP_SETTINGS, return_window_days: -1 })).toEqual([
      'return_window_days',
    ]);
    expect(fieldsOf({ ...DEFAULT_SHOP_SETTINGS, surprise: true })).toEqual(['']);
  });

  it('accept every form of a Kenyan number, and no return window at all', () => {
    for (const phone of ['0712345678', '+254 712 345 678', '254112345678', '0112 345 678']) {
      expect(fieldsOf({ ...DEFAULT_SHOP_SETTINGS, phone })).toEqual([]);
    }
    expect(fieldsOf({ ...DEFAULT_SHOP_SETTINGS, return_window_days: 0, slides: [] })).toEqual([]);
    const links = (whatsapp: string) =>
      fieldsOf({
        ...DEFAULT_SHOP_SETTINGS,
        social_links: { ...DEFAULT_SHOP_SETTINGS.social_links, whatsapp },
      });
    expect(links('https://wa.me/254712345678')).toEqual([]);
    expect(links('http://wa.me/254712345678')).toEqual(['social_links.whatsapp']);
    expect(links('https://localhost/')).toEqual(['social_links.whatsapp']);
  });
});

describe('what pages say from them', () => {
  it('the copyright line keeps 2024 and runs to this year in Nairobi', () => {
    expect(copyrightLine('Duka', 2026)).toBe('© 2024–2026 Duka. All rights reserved.');
    expect(copyrightLine('Duka', 2024)).toBe('© 2024 Duka. All rights reserved.');
    // 21:30 UTC on 31 December is already the new year in Nairobi.
    expect(nairobiYear(new Date('2026-12-31T21:30:00Z'))).toBe(2027);
    expect(nairobiYear(new Date('2026-12-31T20:59:00Z'))).toBe(2026);
  });

  it('a return policy from the return window, and a phone to dial', () => {
    expect(returnPolicyText(30)).toBe('30 days return policy');
    expect(returnPolicyText(1)).toBe('1 day return policy');
    expect(returnPolicyText(0)).toBe('No returns');
    expect(telHref('+254 700 123 456')).toBe('tel:+254700123456');
    expect(telHref('0712 345 678')).toBe('tel:+254712345678');
  });
});
