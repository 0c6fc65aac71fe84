// The outbox's runtime: the transports (SMTP when SMTP_URL is set, Africa's Talking when AT_* are
// set), the worker as a job that runs once across instances, and a wake-up after any request
// that enqueued a message, so mail leaves within moments instead of at the next poll.
import fp from 'fastify-plugin';
import type { MailDelivery } from '@duka/domain';
import { wakeAfterResponse } from '../lib/wake-after-response.ts';
import { createSmtpTransport } from '../mail/smtp.ts';
import { createAfricasTalkingSms } from '../sms/africas-talking.ts';
import { OUTBOX_WORKER } from './service.ts';
import { drainOutbox, type DrainReport, type Renderer, type Transport } from './worker.ts';

export interface Outbox {
  /** Sends what is due now, under the job's lock; undefined when another process is at it. */
  drain(options?: { now?: () => Date; max?: number }): Promise<DrainReport | undefined>;
  /** Kinds of message written only when sent (a password-reset link), by their domains. */
  renderers: Map<string, Renderer>;
  /** True when text messages go out (Africa's Talking is configured). */
  readonly sms: boolean;
  /** True when e-mail goes out (SMTP_URL is set); without it e-mail is held in the outbox. */
  readonly email: boolean;
  /** What becomes of an e-mail queued now: `queued` for the mail server, or `held`. */
  emailDelivery(): MailDelivery;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: Outbox;
  }
}

const JOB = 'send-outbox';

export default fp(
  async (app) => {
    const config = app.config;
    const smtp = config.SMTP_URL
      ? createSmtpTransport({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log })
      : undefined;
    const sms =
      config.AT_USERNAME && config.AT_API_KEY
        ? createAfricasTalkingSms({
            username: config.AT_USERNAME,
            apiKey: config.AT_API_KEY,
            senderId: config.AT_SENDER_ID,
            baseUrl: config.AT_API_BASE,
          })
        : undefined;
    const transports: Partial<Record<'email' | 'sms', Transport>> = {
      ...(smtp ? { email: smtp } : {}),
      ...(sms
        ? { sms: { send: async (d) => void (await sms.send({ to: d.to, text: d.text })) } }
        : {}),
    };
    const renderers = new Map<string, Renderer>();
    const publicUrl = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
    // Secret links go to the log only outside production (decision record 013, issue 33).
    const logLinks = config.NODE_ENV !== 'production';
    const run = (options: { now?: () => Date; max?: number } = {}) =>
      drainOutbox(
        { db: app.database.db, transports, renderers, publicUrl, log: app.log, logLinks },
        options,
      );
    const drain: Outbox['drain'] = (options) => app.jobs.runOnce(JOB, () => run(options));

    app.decorate('outbox', {
      drain,
      renderers,
      sms: sms !== undefined,
      email: smtp !== undefined,
      emailDelivery: () => (smtp ? 'queued' : 'held'),
    });
    app.jobs.every(JOB, config.OUTBOX_POLL_SECONDS * 1000, () => run());

    // A response after a request enqueued something wakes the worker.
    wakeAfterResponse(app, OUTBOX_WORKER, () => drain(), 'the outbox could not be sent');
    app.addHook('onClose', async () => {
      await smtp?.close();
    });
  },
  { name: 'outbox', dependencies: ['jobs'] },
);
