// Tax invoices' runtime (issue 23): KRA's eTIMS when its credentials are set, else the built-in
// sandbox; the sender as a job that runs once across instances, woken after any request that made
// an invoice so a receipt is signed within moments instead of at the next poll.
import fp from 'fastify-plugin';
import { etimsModeOf } from '../config.ts';
import { wakeAfterResponse } from '../lib/wake-after-response.ts';
import { EtimsClient, type EtimsPort } from './etims-client.ts';
import type { Trader } from './request.ts';
import { INVOICE_SENDER } from './issue.ts';
import { SandboxEtims } from './sandbox.ts';
import { namedTrader } from './trader-name.ts';
import { sendDueInvoices, type SendReport } from './sender.ts';

export interface Invoices {
  /** Sends what is due now, under the job's lock; undefined when another process is at it. */
  send(options?: { now?: () => Date; max?: number }): Promise<SendReport | undefined>;
  readonly mode: EtimsPort['mode'];
  readonly trader: Trader;
}

declare module 'fastify' {
  interface FastifyInstance {
    invoices: Invoices;
  }
}

const JOB = 'send-invoices';
/** A PIN of the right shape for the sandbox's receipts when the shop has not given its own. */
const SANDBOX_PIN = 'P000000000X';

export default fp(
  async (app) => {
    const config = app.config;
    const secret = config.JWT_SECRET!;
    const port: EtimsPort =
      etimsModeOf(config) === 'kra'
        ? new EtimsClient({
            apiBase: config.ETIMS_API_BASE,
            tokenUrl: config.ETIMS_TOKEN_URL,
            consumerKey: config.ETIMS_CONSUMER_KEY!,
            consumerSecret: config.ETIMS_CONSUMER_SECRET!,
            tin: config.ETIMS_TIN!,
            bhfId: config.ETIMS_BHF_ID,
            deviceSerial: config.ETIMS_DEVICE_SERIAL!,
            timeoutMs: config.ETIMS_TIMEOUT_MS,
          })
        : new SandboxEtims(secret);
    const trader: Trader = {
      tin: config.ETIMS_TIN ?? SANDBOX_PIN,
      bhfId: config.ETIMS_BHF_ID,
      name: config.ETIMS_TRADER_NAME,
      defaultItemClass: config.ETIMS_DEFAULT_ITEM_CLASS,
    };
    const db = app.database.db;
    // The trader's name as the shop's settings give it when the run starts.
    const run = async (o: { now?: () => Date; max?: number } = {}) =>
      sendDueInvoices({ db, port, trader: await namedTrader(db, trader), secret, log: app.log }, o);
    const send: Invoices['send'] = (o) => app.jobs.runOnce(JOB, () => run(o));
    app.decorate('invoices', { send, mode: port.mode, trader });
    app.jobs.every(JOB, config.ETIMS_POLL_SECONDS * 1000, () => run());

    wakeAfterResponse(app, INVOICE_SENDER, () => send(), 'invoices could not be sent');
  },
  { name: 'invoices', dependencies: ['jobs'] },
);
