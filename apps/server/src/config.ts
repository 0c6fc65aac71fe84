// The environment, parsed once at start-up. A wrong value stops the server with a list of what is
// wrong rather than surfacing later as a strange failure.
import { z } from 'zod';
import { AUTH_MESSAGES, passwordSchema } from '@duka/domain';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const booleanFlag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .optional()
    .transform((v) => (v === undefined ? fallback : ['true', '1', 'yes'].includes(v)));

/** Like booleanFlag, but undefined when not set (its default depends on another setting). */
const optionalFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .optional()
  .transform((v) => (v === undefined ? undefined : ['true', '1', 'yes'].includes(v)));

export const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Base address people reach the shop at; used in payment return links and e-mails. */
    PUBLIC_URL: optionalString.pipe(z.url().optional()),
    /** Set when the shop runs behind a reverse proxy, so the client address is read from it. */
    TRUST_PROXY: booleanFlag(false),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    /** Embedded database files and uploaded images live here. */
    DATA_DIR: z.string().default('./data'),
    /** postgres://… to use a PostgreSQL server instead of the embedded database. */
    DATABASE_URL: optionalString.pipe(z.url().optional()),
    /**
     * postgres://… of the role that owns the tables: migrations run as it, then the role of
     * DATABASE_URL is granted what the app needs (and only SELECT, INSERT on audit_log). Unset:
     * DATABASE_URL migrates too (decision record 025).
     */
    DATABASE_OWNER_URL: optionalString.pipe(z.url().optional()),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /** Tests and CI: a folder of this run where the demo pictures are drawn once and shared. */
    DEMO_IMAGE_CACHE_DIR: optionalString,
    /** Seed the demo catalogue when the database has no products. */
    SEED_DEMO: booleanFlag(true),
    ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
    ADMIN_PASSWORD: optionalString,
    /** Secret that signs access tokens. Required in production; generated and kept in DATA_DIR otherwise. */
    JWT_SECRET: optionalString.pipe(z.string().min(32).optional()),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .default(15 * 60),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
    /** redis://host:port to keep rate-limit counts in Redis instead of PostgreSQL. */
    REDIS_URL: optionalString,
    /** smtp://user:pass@host:port; without it e-mails are kept in the outbox table. */
    SMTP_URL: optionalString,
    MAIL_FROM: z.string().default('Duka <hello@duka.co.ke>'),
    /** How often the outbox worker looks for messages to send (a new message also wakes it). */
    OUTBOX_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    /** Africa's Talking SMS: all of username and API key, or neither (SMS off). */
    AT_USERNAME: optionalString,
    AT_API_KEY: optionalString,
    /** An approved sender id or short code; the account's default when unset. */
    AT_SENDER_ID: optionalString,
    /** The sandbox API for the username 'sandbox', otherwise the live one. */
    AT_API_BASE: optionalString.pipe(z.url().optional()),
    /** Password-reset requests accepted per hour for one e-mail address, and from one address. */
    PASSWORD_RESETS_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
    PASSWORD_RESETS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
    /** Run the background jobs (order expiry, the outbox…); default: on, except under NODE_ENV=test. */
    BACKGROUND_JOBS: optionalFlag,
    /**
     * The payment sandboxes (PayPal's and M-Pesa's stand-ins) in production: off unless set on
     * purpose, for a shop being tried out; then every page says no real money moves.
     */
    PAYMENTS_SANDBOX: booleanFlag(false),
    /**
     * Shelf prices include VAT, as most Kenyan shops show them (issue 23): the order total is items
     * plus delivery and VAT is the part of it that is tax. Off: VAT on top (the specification).
     * Only the first value of the shop's settings (decision record 026): Settings decides after.
     */
    PRICES_INCLUDE_VAT: optionalFlag.transform((v) => v ?? false),
    /**
     * KRA's eTIMS (OSCU) for tax invoices, issue 23: used when the consumer key and secret, the
     * PIN and the device serial are set; otherwise a built-in sandbox signs receipts marked as
     * not tax invoices. The defaults are KRA's sandbox addresses.
     */
    ETIMS_API_BASE: z.url().default('https://etims-api-sbx.kra.go.ke/etims-api'),
    ETIMS_TOKEN_URL: z
      .url()
      .default('https://sbx.kra.go.ke/v1/token/generate?grant_type=client_credentials'),
    ETIMS_CONSUMER_KEY: optionalString,
    ETIMS_CONSUMER_SECRET: optionalString,
    /** The shop's KRA PIN, e.g. P051234567X. */
    ETIMS_TIN: optionalString.pipe(
      z
        .string()
        .regex(/^[A-Z]\d{9}[A-Z]$/, 'must be a KRA PIN like P051234567X')
        .optional(),
    ),
    ETIMS_BHF_ID: z
      .string()
      .regex(/^\d{2}$/, 'must be two digits')
      .default('00'),
    ETIMS_DEVICE_SERIAL: optionalString,
    /** The name printed on receipts when the shop's settings give no legal name. */
    ETIMS_TRADER_NAME: z.string().default('Duka'),
    /** KRA's item classification for products with none of their own or their category's. */
    ETIMS_DEFAULT_ITEM_CLASS: z
      .string()
      .regex(/^\d{4,10}$/, 'must be 4 to 10 digits')
      .default('99010000'),
    ETIMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(20_000),
    /** How often the invoice sender looks for invoices to send (a new invoice also wakes it). */
    ETIMS_POLL_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'paypal']).optional(),
    PAYPAL_CLIENT_ID: optionalString,
    PAYPAL_CLIENT_SECRET: optionalString,
    PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
    /** PayPal does not settle in Kenyan shillings: charges are converted into this currency … */
    PAYPAL_CURRENCY: z.string().length(3).default('USD'),
    /** … at this many shillings for one unit of it. */
    PAYPAL_KES_PER_UNIT: z.coerce.number().positive().default(129),
    /** M-Pesa talks to Safaricom's Daraja when these four are set; else the built-in sandbox. */
    MPESA_CONSUMER_KEY: optionalString,
    MPESA_CONSUMER_SECRET: optionalString,
    MPESA_SHORTCODE: optionalString.pipe(
      z
        .string()
        .regex(/^\d{5,7}$/, 'must be digits')
        .optional(),
    ),
    MPESA_PASSKEY: optionalString,
    MPESA_API_BASE: z.url().default('https://sandbox.safaricom.co.ke'),
    MPESA_TRANSACTION_TYPE: z
      .enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline'])
      .default('CustomerPayBillOnline'),
    /** Who receives the money: the shortcode (Paybill), or the till number (Buy Goods). */
    MPESA_PARTY_B: optionalString.pipe(
      z
        .string()
        .regex(/^\d{5,7}$/, 'must be digits')
        .optional(),
    ),
    /** With no callback after this long, ask Daraja's query API, and again at this interval. */
    MPESA_QUERY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    /** Each call to Daraja gives up after this long. */
    MPESA_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
    /** For refunds through Daraja's B2C API; without them M-Pesa refunds are made by hand. */
    MPESA_INITIATOR_NAME: optionalString,
    MPESA_SECURITY_CREDENTIAL: optionalString,
    /** The B2C short code refunds are paid from; MPESA_SHORTCODE by default. */
    MPESA_B2C_SHORTCODE: optionalString.pipe(
      z
        .string()
        .regex(/^\d{5,7}$/, 'must be digits')
        .optional(),
    ),
    /** The Paybill (or Till) shoppers pay from the M-Pesa menu; MPESA_SHORTCODE by default. */
    MPESA_C2B_SHORTCODE: optionalString.pipe(
      z
        .string()
        .regex(/^\d{5,7}$/, 'must be digits')
        .optional(),
    ),
    MPESA_C2B_KIND: z.enum(['paybill', 'till']).default('paybill'),
    ORDER_PAYMENT_TIMEOUT_MINUTES: z.coerce.number().int().min(1).default(30),
    /** The most units of one product a cart line (and so an order) may hold. */
    MAX_UNITS_PER_LINE: z.coerce.number().int().min(1).max(1_000_000).default(10),
    /** Sign-ups accepted per hour from one address. */
    /** How long each instance reuses a search's list of products (prices and stock are always fresh). */
    SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
    /** How long each instance reuses the flash sales it read for the catalogue (starts and ends stay exact). */
    FLASH_SALES_REFRESH_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    SIGNUP_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(20),
    /** Failed log-ins allowed per account, and per address, in 15 minutes. */
    LOGIN_ATTEMPTS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(5),
    LOGIN_ATTEMPTS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(20),
    /** Wrong coupon codes allowed per account, and per address, in 15 minutes (issue 36). */
    WRONG_COUPONS_PER_ACCOUNT: z.coerce.number().int().min(1).max(1_000_000).default(10),
    WRONG_COUPONS_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(30),
    /** Contact-form messages accepted per hour from one address. */
    CONTACT_RATE_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(10),
    /** /track look-ups per client address in an hour: guessing order numbers and phones is slow. */
    TRACK_LOOKUPS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    UPLOAD_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(5 * 1024 * 1024),
    /** The largest catalogue CSV an import takes: 10,000 rows of Shopify's CSV are about 5 MB. */
    IMPORT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(32 * 1024 * 1024),
    /** Product addresses per sitemap file: at most 50,000, the sitemap protocol's limit. */
    SITEMAP_URLS_PER_FILE: z.coerce.number().int().min(1).max(50_000).default(50_000),
    /** Where the built web app is; the server serves it when the folder exists. */
    WEB_DIST_DIR: optionalString,
  })
  .superRefine((c, ctx) => {
    if (c.NODE_ENV === 'production') {
      if (!c.JWT_SECRET) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message: 'is required in production',
        });
      } else if (new Set(c.JWT_SECRET).size < 16) {
        ctx.addIssue({
          code: 'custom',
          path: ['JWT_SECRET'],
          message: 'must be random: at least 16 different characters (openssl rand -base64 48)',
        });
      }
      // The first administrator's password meets the rule every shopper's password meets.
      if (c.ADMIN_PASSWORD && !passwordSchema.safeParse(c.ADMIN_PASSWORD).success) {
        ctx.addIssue({
          code: 'custom',
          path: ['ADMIN_PASSWORD'],
          message: AUTH_MESSAGES.passwordRule,
        });
      }
    }
    if (c.DATABASE_OWNER_URL && !c.DATABASE_URL) {
      ctx.addIssue({
        code: 'custom',
        path: ['DATABASE_OWNER_URL'],
        message: 'needs DATABASE_URL (the embedded database has one role)',
      });
    }
    if (!!c.AT_USERNAME !== !!c.AT_API_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: [c.AT_USERNAME ? 'AT_API_KEY' : 'AT_USERNAME'],
        message: "SMS through Africa's Talking needs both AT_USERNAME and AT_API_KEY",
      });
    }
    if (c.PAYMENT_PROVIDER === 'paypal' && !(c.PAYPAL_CLIENT_ID && c.PAYPAL_CLIENT_SECRET)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYMENT_PROVIDER'],
        message: 'paypal needs PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
      });
    }
    const etims = [
      'ETIMS_CONSUMER_KEY',
      'ETIMS_CONSUMER_SECRET',
      'ETIMS_TIN',
      'ETIMS_DEVICE_SERIAL',
    ] as const;
    const etimsGiven = etims.filter((key) => c[key] !== undefined);
    if (etimsGiven.length > 0 && etimsGiven.length < etims.length) {
      for (const key of etims.filter((k) => c[k] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is needed with ${etimsGiven.join(', ')} (eTIMS is used only when all four are set)`,
        });
      }
    }
    const mpesa = [
      'MPESA_CONSUMER_KEY',
      'MPESA_CONSUMER_SECRET',
      'MPESA_SHORTCODE',
      'MPESA_PASSKEY',
    ] as const;
    const given = mpesa.filter((key) => c[key] !== undefined);
    if (given.length > 0 && given.length < mpesa.length) {
      for (const key of mpesa.filter((k) => c[k] === undefined)) {
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: `is needed with ${given.join(', ')} (M-Pesa uses Daraja only when all four are set)`,
        });
      }
    }
  });

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}

export function paymentProviderOf(config: Config): 'sandbox' | 'paypal' {
  if (config.PAYMENT_PROVIDER) return config.PAYMENT_PROVIDER;
  return config.PAYPAL_CLIENT_ID && config.PAYPAL_CLIENT_SECRET ? 'paypal' : 'sandbox';
}

/** 'daraja' when all four Daraja credentials are set; otherwise the built-in M-Pesa sandbox. */
export function mpesaModeOf(config: Config): 'daraja' | 'sandbox' {
  return config.MPESA_CONSUMER_KEY &&
    config.MPESA_CONSUMER_SECRET &&
    config.MPESA_SHORTCODE &&
    config.MPESA_PASSKEY
    ? 'daraja'
    : 'sandbox';
}

/**
 * Whether a payment method without real credentials may run on its sandbox: always outside
 * production, and in production only when PAYMENTS_SANDBOX=true says so.
 */
export function paymentSandboxesAllowed(config: Config): boolean {
  return config.NODE_ENV !== 'production' || config.PAYMENTS_SANDBOX;
}

/** 'kra' when eTIMS credentials are set; otherwise the built-in sandbox signs receipts. */
export function etimsModeOf(config: Config): 'kra' | 'sandbox' {
  return config.ETIMS_CONSUMER_KEY &&
    config.ETIMS_CONSUMER_SECRET &&
    config.ETIMS_TIN &&
    config.ETIMS_DEVICE_SERIAL
    ? 'kra'
    : 'sandbox';
}
