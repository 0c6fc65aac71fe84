// The payment providers of this shop, chosen by configuration: one for each method checkout offers.
// Adding a provider is a folder in payments/ and a line in `providersFor` (decision record 017);
// a new method also gets its traits in methods.ts. Sandboxes are imported here and nowhere else.
import type { FastifyPluginAsync } from 'fastify';
import { PAYMENT_METHODS } from '@duka/domain';
import { mpesaModeOf, paymentProviderOf, paymentSandboxesAllowed, type Config } from '../config.ts';
import { badRequest } from '../lib/http-error.ts';
import { B2cRefunds } from './mpesa/b2c/refunds.ts';
import { receiveB2cPost } from './mpesa/b2c/results.ts';
import { b2cSecretOf, readB2cUrl } from './mpesa/b2c/urls.ts';
import { darajaRegistration } from './mpesa/c2b/registration.ts';
import { DarajaClient } from './mpesa/daraja/client.ts';
import { MpesaProvider } from './mpesa/stk/provider.ts';
import { PaybillProvider } from './mpesa/c2b/provider.ts';
import { mpesaRoutes } from './mpesa/routes.ts';
import { SandboxB2c } from './sandboxes/mpesa/b2c.ts';
import { MpesaSandbox } from './sandboxes/mpesa/daraja.ts';
import { sandboxMenuRoutes, sandboxMenuUrl } from './sandboxes/mpesa/menu.ts';
import { sandboxPhoneRoutes, sandboxPhoneUrl } from './sandboxes/mpesa/phone-routes.ts';
import { PayPalClient } from './paypal/client.ts';
import { PayPalProvider } from './paypal/provider.ts';
import type { PaymentMethod, PaymentProvider } from './provider.ts';
import { PayOnDeliveryProvider } from './on-delivery/provider.ts';
import { SandboxProvider } from './sandboxes/paypal/provider.ts';

export class Providers {
  constructor(
    private readonly list: readonly PaymentProvider[],
    /** Routes a provider family serves whatever is configured (M-Pesa's: mpesa/routes.ts). */
    readonly routes: readonly FastifyPluginAsync[] = [],
  ) {}

  /**
   * The provider that takes payments of this method (create-payment's `method`); without one, the
   * redirect provider (PayPal or its sandbox), as create-payment always did.
   */
  forMethod(method: PaymentMethod = 'paypal'): PaymentProvider {
    const provider = this.list.find((p) => p.method === method);
    if (!provider) throw badRequest(`This shop does not take ${method} payments.`);
    return provider;
  }

  /**
   * The provider that made a payment, by the name kept on it; undefined when the shop no longer
   * has that provider (configured for PayPal now, the payment made with the sandbox).
   */
  byName(name: string): PaymentProvider | undefined {
    return this.list.find((p) => p.name === name);
  }

  all(): readonly PaymentProvider[] {
    return this.list;
  }

  /** True when some method takes its payments on a sandbox: no real money moves through it. */
  get sandboxed(): boolean {
    return this.list.some((p) => p.sandboxPage !== undefined);
  }

  /** The methods the shop knows that no provider takes now (off in production without keys). */
  get off(): PaymentMethod[] {
    return PAYMENT_METHODS.filter((method) => !this.list.some((p) => p.method === method));
  }
}

/**
 * The providers this configuration runs. A method without real credentials runs on its sandbox
 * outside production; in production it is off (not offered, its sandbox pages 404) unless
 * PAYMENTS_SANDBOX=true turns the sandboxes on on purpose (decision record 024).
 */
export function providersFor(config: Config, warn: (obj: object, msg: string) => void): Providers {
  const daraja = darajaClientOf(config);
  const sandboxes = paymentSandboxesAllowed(config);
  const paypal = paymentProviderOf(config) === 'paypal';
  // M-Pesa money goes back by B2C: Daraja's with initiator credentials, else the sandbox's when
  // the sandbox takes the payments; without either a person refunds by hand.
  const sandboxB2c = daraja ? null : new SandboxB2c(config.JWT_SECRET!);
  const b2c = daraja ? daraja.b2c : sandboxB2c;
  const refunds = b2c ? new B2cRefunds(b2c, b2cSecretOf(config.JWT_SECRET!)) : undefined;
  return new Providers(
    [
      ...(daraja || sandboxes ? [mpesaProvider(config, daraja, refunds, sandboxB2c, warn)] : []),
      ...(daraja || sandboxes ? [paybillProvider(config, daraja, refunds)] : []),
      ...(paypal || sandboxes ? [redirectProvider(config)] : []),
      // Offered per county (delivery/), checked by checkout before the order is made.
      new PayOnDeliveryProvider(),
    ],
    // Daraja still reports on money that moved before M-Pesa was turned off, and a Till code
    // typed then still finds its payment.
    [mpesaRoutes],
  );
}

/** The Paybill or Till this shop takes payments to; confirmations for any other are refused. */
export function c2bShortcodeOf(config: Config): string {
  return config.MPESA_C2B_SHORTCODE ?? config.MPESA_SHORTCODE ?? SANDBOX_PAYBILL;
}

/** Safaricom's Daraja when its four credentials are set; else null (the built-in sandbox). */
function darajaClientOf(config: Config): DarajaClient | null {
  if (mpesaModeOf(config) === 'sandbox') return null;
  const shortcode = config.MPESA_SHORTCODE!;
  return new DarajaClient({
    consumerKey: config.MPESA_CONSUMER_KEY!,
    consumerSecret: config.MPESA_CONSUMER_SECRET!,
    shortcode,
    passkey: config.MPESA_PASSKEY!,
    apiBase: config.MPESA_API_BASE,
    transactionType: config.MPESA_TRANSACTION_TYPE,
    partyB: config.MPESA_PARTY_B ?? shortcode,
    initiatorName: config.MPESA_INITIATOR_NAME,
    securityCredential: config.MPESA_SECURITY_CREDENTIAL,
    b2cShortcode: config.MPESA_B2C_SHORTCODE,
    timeoutMs: config.MPESA_TIMEOUT_MS,
  });
}

/** The sandbox's Paybill when no shortcode is configured (Safaricom's own test Paybill). */
export const SANDBOX_PAYBILL = '600000';

/**
 * Paying from the M-Pesa menu: to MPESA_C2B_SHORTCODE (or MPESA_SHORTCODE), as a Paybill or a Till.
 * Without Daraja credentials the built-in sandbox's menu pays it.
 */
function paybillProvider(
  config: Config,
  daraja: DarajaClient | null,
  refunds: B2cRefunds | undefined,
): PaymentProvider {
  const kind = config.MPESA_C2B_KIND;
  const businessNumber = c2bShortcodeOf(config);
  if (daraja) {
    return new PaybillProvider(kind, businessNumber, {
      registration: darajaRegistration(daraja, businessNumber),
      refunds,
    });
  }
  const provider: PaybillProvider = new PaybillProvider(kind, businessNumber, {
    refunds,
    sandboxPage: {
      routes: (app, options) => sandboxMenuRoutes(provider, kind, businessNumber)(app, options),
      waitingUrl: sandboxMenuUrl,
    },
  });
  return provider;
}

/** PayPal with credentials, else the sandbox payment page. */
function redirectProvider(config: Config): PaymentProvider {
  if (paymentProviderOf(config) === 'sandbox') return new SandboxProvider(config.JWT_SECRET!);
  return new PayPalProvider(
    new PayPalClient({
      clientId: config.PAYPAL_CLIENT_ID!,
      clientSecret: config.PAYPAL_CLIENT_SECRET!,
      apiBase: config.PAYPAL_API_BASE,
      currency: config.PAYPAL_CURRENCY,
      kesPerUnit: config.PAYPAL_KES_PER_UNIT,
    }),
  );
}

/**
 * Daraja when its four credentials are set, else the built-in sandbox. Daraja's live API calls
 * back only over https, so an http PUBLIC_URL is worth a warning (local stand-ins and tests run
 * on http, so it is never refused).
 */
function mpesaProvider(
  config: Config,
  daraja: DarajaClient | null,
  refunds: B2cRefunds | undefined,
  sandboxB2c: SandboxB2c | null,
  warn: (obj: object, msg: string) => void,
) {
  if (!daraja) {
    const sandbox = new MpesaSandbox(config.JWT_SECRET!);
    return new MpesaProvider('mpesa-sandbox', sandbox, {
      refunds,
      sandboxPage: (provider) => ({
        routes: async (app, options) => {
          await sandboxPhoneRoutes(sandbox, provider)(app, options);
          // The sandbox's B2C results go through the same code as Daraja's, in this process.
          sandboxB2c?.deliverTo(async (url, body) => {
            const address = readB2cUrl(url);
            if (address) await receiveB2cPost(app.payments, { ...address, body });
          });
          app.addHook('onClose', async () => sandboxB2c?.stop());
        },
        waitingUrl: sandboxPhoneUrl,
      }),
    });
  }
  if (!config.PUBLIC_URL?.startsWith('https:')) {
    warn(
      { PUBLIC_URL: config.PUBLIC_URL ?? null },
      'M-Pesa is configured but PUBLIC_URL is not https: Daraja (live) calls back only over https, so payments would wait for the query API',
    );
  }
  return new MpesaProvider('mpesa', daraja, { refunds });
}
