// The payment providers of this shop, chosen by configuration: one for each method checkout offers.
// Adding a provider is a file in payments/ and a line here.
import { mpesaModeOf, paymentProviderOf, paymentSandboxesAllowed, type Config } from '../config.ts';
import { badRequest } from '../lib/http-error.ts';
import { darajaRegistration } from './mpesa/c2b-registration.ts';
import { DarajaClient } from './mpesa/daraja-client.ts';
import { MpesaProvider } from './mpesa/provider.ts';
import { PaybillProvider } from './mpesa/paybill-provider.ts';
import { MpesaSandbox } from './mpesa/sandbox-daraja.ts';
import { sandboxMenuRoutes, sandboxMenuUrl } from './mpesa/sandbox-menu.ts';
import { sandboxPhoneRoutes, sandboxPhoneUrl } from './mpesa/sandbox-routes.ts';
import { PayPalClient } from './paypal/client.ts';
import { PayPalProvider } from './paypal/provider.ts';
import type { PaymentMethod, PaymentProvider } from './provider.ts';
import { PayOnDeliveryProvider } from './on-delivery/provider.ts';
import { SandboxProvider } from './sandbox/provider.ts';

export class Providers {
  constructor(private readonly list: readonly PaymentProvider[]) {}

  /** The provider that takes payments of this method (create-payment's `method`). */
  forMethod(method: PaymentMethod): PaymentProvider {
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
  return new Providers([
    ...(daraja || sandboxes ? [mpesaProvider(config, daraja, warn)] : []),
    ...(daraja || sandboxes ? [paybillProvider(config, daraja)] : []),
    ...(paypal || sandboxes ? [redirectProvider(config)] : []),
    // Offered per county (delivery/), checked by checkout before the order is made.
    new PayOnDeliveryProvider(),
  ]);
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
    timeoutMs: config.MPESA_TIMEOUT_MS,
  });
}

/** The sandbox's Paybill when no shortcode is configured (Safaricom's own test Paybill). */
export const SANDBOX_PAYBILL = '600000';

/**
 * Paying from the M-Pesa menu: to MPESA_C2B_SHORTCODE (or MPESA_SHORTCODE), as a Paybill or a Till.
 * Without Daraja credentials the built-in sandbox's menu pays it.
 */
function paybillProvider(config: Config, daraja: DarajaClient | null): PaymentProvider {
  const kind = config.MPESA_C2B_KIND;
  const businessNumber = c2bShortcodeOf(config);
  if (daraja) {
    return new PaybillProvider(kind, businessNumber, {
      registration: darajaRegistration(daraja, businessNumber),
    });
  }
  const provider: PaybillProvider = new PaybillProvider(kind, businessNumber, {
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
  warn: (obj: object, msg: string) => void,
) {
  if (!daraja) {
    const sandbox = new MpesaSandbox(config.JWT_SECRET!);
    return new MpesaProvider('mpesa-sandbox', sandbox, (provider) => ({
      routes: sandboxPhoneRoutes(sandbox, provider),
      waitingUrl: sandboxPhoneUrl,
    }));
  }
  if (!config.PUBLIC_URL?.startsWith('https:')) {
    warn(
      { PUBLIC_URL: config.PUBLIC_URL ?? null },
      'M-Pesa is configured but PUBLIC_URL is not https: Daraja (live) calls back only over https, so payments would wait for the query API',
    );
  }
  return new MpesaProvider('mpesa', daraja);
}
