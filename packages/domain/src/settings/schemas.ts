// The shop's settings (issue 33): what describes the shop — its names, where and how to reach
// it, its social pages, its return window, whether shelf prices include VAT, and the home page's
// slides. One document, edited on the back office's Settings screen, read by every page that
// speaks of the shop (decision record 026).
import { z } from 'zod';
import { normaliseKenyanMobile } from '../payments/phone.ts';
import { SETTINGS_MESSAGES as M } from './messages.ts';

export { SOCIAL_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from './social.ts';

export const MAX_SLIDES = 6;
export const MAX_RETURN_WINDOW_DAYS = 365;

/** An image uploaded to the shop (POST /api/uploads), or one of the built-in slide pictures. */
export const SLIDE_IMAGE = /^\/uploads\/[0-9a-f-]{36}\.webp$|^\/hero\/slide-[1-3]\.svg$/;
/** A page of the shop: a path from its root, never another site (`//host`) or a script. */
const SHOP_PATH = /^\/(?![/\\])[^\s\\]*$/;

const text = (max: number) => z.string().trim().max(max, M.tooLong(max));

/** A page on another site, over https, with a host name that has a dot: 'https://x.com/duka'. */
const HTTPS_ADDRESS = /^https:\/\/[a-z0-9-]+(?:\.[a-z0-9-]+)+(?::\d+)?(?:[/?#]\S*)?$/i;

const httpsAddress = text(300).refine((v) => v === '' || HTTPS_ADDRESS.test(v), M.socialLink);

export const slideSchema = z
  .object({
    title: z.string({ error: M.slideTitle }).trim().min(1, M.slideTitle).max(120, M.tooLong(120)),
    text: text(240).default(''),
    image: z.string({ error: M.slideImage }).trim().regex(SLIDE_IMAGE, M.slideImage),
    link: text(300)
      .refine((v) => v === '' || SHOP_PATH.test(v), M.slideLink)
      .default(''),
  })
  .strict();
export type Slide = z.infer<typeof slideSchema>;

/** PUT /api/admin/settings: every field, as the Settings screen shows them. */
export const shopSettingsInputSchema = z
  .object({
    shop_name: z.string({ error: M.shopName }).trim().min(1, M.shopName).max(60, M.tooLong(60)),
    legal_name: text(120),
    kra_pin: z
      .string()
      .trim()
      .toUpperCase()
      .refine((v) => v === '' || /^[AP]\d{9}[A-Z]$/.test(v), M.kraPin),
    address: text(200),
    postal_address: text(200),
    phone: z
      .string({ error: M.phone })
      .trim()
      .max(30, M.phone)
      .refine((v) => normaliseKenyanMobile(v) !== null, M.phone),
    email: z
      .string({ error: M.email })
      .trim()
      .max(254, M.email)
      .pipe(z.email(M.email))
      .transform((e) => e.toLowerCase()),
    social_links: z
      .object({
        facebook: httpsAddress.default(''),
        instagram: httpsAddress.default(''),
        x: httpsAddress.default(''),
        tiktok: httpsAddress.default(''),
        whatsapp: httpsAddress.default(''),
      })
      .strict(),
    return_window_days: z
      .number({ error: M.returnWindow })
      .int(M.returnWindow)
      .min(0, M.returnWindow)
      .max(MAX_RETURN_WINDOW_DAYS, M.returnWindow),
    prices_include_vat: z.boolean(),
    slides: z.array(slideSchema).max(MAX_SLIDES, M.tooManySlides(MAX_SLIDES)),
  })
  .strict();
export type ShopSettingsInput = z.input<typeof shopSettingsInputSchema>;

/** The settings as the API gives them (GET /api/admin/settings). */
export const shopSettingsSchema = z
  .object({
    shop_name: z.string(),
    legal_name: z.string().describe("The registered name, e.g. 'Duka Ltd'; '' when not given"),
    kra_pin: z.string().describe("The shop's KRA PIN; '' when not given"),
    address: z.string(),
    postal_address: z.string(),
    phone: z.string(),
    email: z.string(),
    social_links: z
      .object({
        facebook: z.string(),
        instagram: z.string(),
        x: z.string(),
        tiktok: z.string(),
        whatsapp: z.string(),
      })
      .describe("Each page's address; '' for a network the shop is not on"),
    return_window_days: z.number().int().describe('Days to return an item; 0: no returns'),
    prices_include_vat: z
      .boolean()
      .describe('Shelf prices include VAT (false: VAT is added at checkout, as SPEC computes)'),
    slides: z.array(
      z.object({ title: z.string(), text: z.string(), image: z.string(), link: z.string() }),
    ),
  })
  .meta({ id: 'ShopSettings' });
export type ShopSettings = z.infer<typeof shopSettingsSchema>;

/** GET /api/settings: what every page may say of the shop, and the year in Nairobi. */
export const publicShopSettingsSchema = shopSettingsSchema
  .extend({
    current_year: z
      .number()
      .int()
      .describe(
        "This year in Nairobi: the footer's copyright line, the same on server and browser",
      ),
    phone_sign_in: z
      .boolean()
      .describe('Shoppers may sign in with a code sent by SMS (false: the option is hidden)'),
  })
  .meta({ id: 'PublicShopSettings' });
export type PublicShopSettings = z.infer<typeof publicShopSettingsSchema>;

/** A fresh shop's settings: the texts and figures the shop showed before it had settings. */
export const DEFAULT_SHOP_SETTINGS: ShopSettings = {
  shop_name: 'Duka',
  // Not given until the merchant writes it: receipts keep ETIMS_TRADER_NAME meanwhile.
  legal_name: '',
  kra_pin: '',
  address: 'Duka Ltd, Moi Avenue, Kenya Cinema Plaza, 3rd Floor, Nairobi',
  postal_address: 'P.O. Box 12345 – 00100, Nairobi, Kenya',
  phone: '+254 700 123 456',
  email: 'support@duka.co.ke',
  social_links: {
    facebook: 'https://www.facebook.com/',
    instagram: 'https://www.instagram.com/',
    x: 'https://x.com/',
    tiktok: '',
    whatsapp: '',
  },
  return_window_days: 30,
  prices_include_vat: false,
  slides: [
    {
      title: 'Everything for home, delivered across Kenya',
      text: 'Furniture, kitchen and decor from local workshops and trusted brands',
      image: '/hero/slide-1.svg',
      link: '/products?category=furniture',
    },
    {
      title: 'Laptops and phones at honest prices',
      text: 'Dual-SIM phones, work laptops and accessories with warranty',
      image: '/hero/slide-2.svg',
      link: '/products?category=laptops',
    },
    {
      title: 'Fresh styles for every occasion',
      text: 'Kitenge dresses, shoes and fragrances for the whole family',
      image: '/hero/slide-3.svg',
      link: '/products?category=womens-dresses',
    },
  ],
};
