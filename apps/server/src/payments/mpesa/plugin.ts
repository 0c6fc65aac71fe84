// M-Pesa for this shop: Safaricom's Daraja when its four credentials are set, else the built-in
// sandbox. Daraja's live API calls back only over https, so an http PUBLIC_URL is worth a warning
// (local stand-ins and tests run on http, so it is never refused).
import fp from 'fastify-plugin';
import { mpesaModeOf } from '../../config.ts';
import { DarajaClient } from './daraja-client.ts';
import type { MpesaGateway } from './gateway.ts';
import { MpesaSandbox } from './sandbox-gateway.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mpesa: MpesaGateway;
  }
}

export default fp(
  async (app) => {
    const config = app.config;
    if (mpesaModeOf(config) === 'sandbox') {
      app.decorate('mpesa', new MpesaSandbox(config.JWT_SECRET!));
      return;
    }
    const shortcode = config.MPESA_SHORTCODE!;
    app.decorate(
      'mpesa',
      new DarajaClient({
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
      }),
    );
    const publicUrl = config.PUBLIC_URL;
    if (!publicUrl?.startsWith('https:')) {
      app.log.warn(
        { PUBLIC_URL: publicUrl ?? null },
        'M-Pesa is configured but PUBLIC_URL is not https: Daraja (live) calls back only over https, so payments would wait for the query API',
      );
    }
  },
  { name: 'mpesa', dependencies: ['auth'] },
);
