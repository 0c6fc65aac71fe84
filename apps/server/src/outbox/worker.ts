// The outbox worker: takes one due message at a time in a short transaction, sends it with no
// database lock held (CONVENTIONS.md 15), then records the outcome. A failure is retried with
// back-off; after MAX_ATTEMPTS the message is marked failed for an admin to resend. Delivery is
// at least once: a crash between the server's "accepted" and our record sends it again.
// Without a transport for its channel an e-mail is held (never lost, never called sent) until
// one is configured; SMS without a gateway is off and dropped (decision record 013).
import { outboxKindInWords } from '@duka/domain/outbox/words';
import type { Db } from '../db/client.ts';
import { MAX_ATTEMPTS, retryDelayMs } from './backoff.ts';
import { PUBLIC_URL } from './service.ts';
import { withShopDetails } from './shop-details.ts';
import * as repo from './repo.ts';

export interface Delivery {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  replyTo?: string | null;
}

/** Something that hands a message to a server (SMTP, Africa's Talking); throws if refused. */
export interface Transport {
  send(delivery: Delivery): Promise<void>;
}

export interface Rendered {
  subject: string;
  text: string;
  html: string | null;
  /** What the outbox keeps once sent, when the message carries a secret (a reset link). */
  keep?: { text: string; html: string | null };
  /** The secret link it carries (PUBLIC_URL as its placeholder): logged outside production. */
  link?: string;
}

/**
 * Writes a message only when it is sent (a password-reset link is made then, so the link is never
 * stored). Null: nothing to send, and the message is dropped.
 */
export type Renderer = (message: repo.OutboxRow, now: Date) => Promise<Rendered | null>;

export interface WorkerDeps {
  db: Db;
  transports: Partial<Record<repo.Channel, Transport>>;
  renderers: ReadonlyMap<string, Renderer>;
  publicUrl: string;
  log?: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /**
   * Outside production: each secret link (a reset, an invitation) is written to the log when it
   * is made, so a developer without mail can follow it. Never in production.
   */
  logLinks?: boolean;
}

export interface DrainReport {
  sent: number;
  retrying: number;
  failed: number;
  held: number;
  dropped: number;
  /** Held messages put back in the queue because their channel now has a transport. */
  released: number;
}

/** A claim outlives the slowest send (an SMTP send is bounded at 30 seconds). */
export const CLAIM_LEASE_MS = 5 * 60_000;
const MAX_ERROR_LENGTH = 500;

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message || err.name : String(err);
  return text.slice(0, MAX_ERROR_LENGTH);
}

/** Sends every message that is due (up to `max`), oldest first. */
export async function drainOutbox(
  deps: WorkerDeps,
  options: { now?: () => Date; max?: number } = {},
): Promise<DrainReport> {
  const now = options.now ?? (() => new Date());
  const report: DrainReport = { sent: 0, retrying: 0, failed: 0, held: 0, dropped: 0, released: 0 };
  const ready = (Object.keys(deps.transports) as repo.Channel[]).filter((c) => deps.transports[c]);
  report.released = await repo.releaseHeld(deps.db, ready, now());
  for (let i = 0; i < (options.max ?? 100); i++) {
    const message = await repo.claimNext(deps.db, now(), CLAIM_LEASE_MS);
    if (!message) break;
    report[await deliver(deps, message, now())]++;
  }
  return report;
}

function withPublicUrl(text: string, publicUrl: string): string;
function withPublicUrl(text: string | null, publicUrl: string): string | null;
function withPublicUrl(text: string | null, publicUrl: string) {
  return text === null ? null : text.split(PUBLIC_URL).join(publicUrl.replace(/\/+$/, ''));
}

function logLink(deps: WorkerDeps, message: repo.OutboxRow, rendered: Rendered): void {
  if (!deps.logLinks || !rendered.link) return;
  const link = withPublicUrl(rendered.link, deps.publicUrl);
  deps.log?.info(
    { messageId: message.id, kind: message.kind, to: message.recipient, link },
    `${outboxKindInWords(message.kind)} link for ${message.recipient} (logged outside production only): ${link}`,
  );
}

/** No transport for its channel: SMS is dropped; an e-mail is held until there is one. */
async function hold(
  deps: WorkerDeps,
  message: repo.OutboxRow,
  renderer: Renderer | undefined,
  now: Date,
): Promise<'held' | 'dropped'> {
  const { db, publicUrl } = deps;
  if (message.channel === 'sms') {
    await repo.deleteMessage(db, message.id);
    return 'dropped';
  }
  if (renderer && deps.logLinks) {
    // A developer follows the link from the log; the message still waits, and the link made
    // when it is finally sent replaces this one.
    let rendered: Rendered | null | undefined;
    try {
      rendered = await renderer(message, now);
    } catch (err) {
      deps.log?.warn({ messageId: message.id, error: errorText(err) }, 'link not made');
    }
    if (rendered === null) {
      // Nothing to send (no such account, a withdrawn invitation, a newer request).
      await repo.deleteMessage(db, message.id);
      return 'dropped';
    }
    if (rendered) logLink(deps, message, rendered);
  }
  await repo.finishClaim(db, message, {
    status: 'held',
    body: withPublicUrl(message.body, publicUrl),
    html: withPublicUrl(message.html, publicUrl),
  });
  return 'held';
}

async function deliver(
  deps: WorkerDeps,
  message: repo.OutboxRow,
  now: Date,
): Promise<keyof DrainReport> {
  const { db, publicUrl } = deps;
  const transport = deps.transports[message.channel];
  const renderer = withShopDetails(deps.db, deps.renderers.get(message.kind));
  if (!transport) return hold(deps, message, renderer, now);
  let rendered: Rendered | null;
  try {
    rendered = renderer
      ? await renderer(message, now)
      : { subject: message.subject, text: message.body, html: message.html };
  } catch (err) {
    return retryOrFail(deps, message, now, err);
  }
  if (!rendered) {
    await repo.deleteMessage(db, message.id);
    return 'dropped';
  }
  logLink(deps, message, rendered);
  const text = withPublicUrl(rendered.text, publicUrl);
  const html = withPublicUrl(rendered.html, publicUrl);
  try {
    await transport.send({
      to: message.recipient,
      subject: rendered.subject,
      text,
      html,
      replyTo: message.replyTo,
    });
  } catch (err) {
    return retryOrFail(deps, message, now, err);
  }
  const kept = rendered.keep ?? { text, html };
  await repo.finishClaim(db, message, {
    status: 'sent',
    attempts: message.attempts + 1,
    sentAt: now,
    lastError: null,
    subject: rendered.subject,
    body: withPublicUrl(kept.text, publicUrl),
    html: withPublicUrl(kept.html, publicUrl),
  });
  return 'sent';
}

async function retryOrFail(
  deps: WorkerDeps,
  message: repo.OutboxRow,
  now: Date,
  err: unknown,
): Promise<'retrying' | 'failed'> {
  const attempts = message.attempts + 1;
  const lastError = errorText(err);
  const gaveUp = attempts >= MAX_ATTEMPTS;
  deps.log?.warn(
    {
      messageId: message.id,
      kind: message.kind,
      channel: message.channel,
      attempts,
      error: lastError,
    },
    gaveUp ? 'message failed; an admin can resend it' : 'message not sent yet; will retry',
  );
  await repo.finishClaim(deps.db, message, {
    attempts,
    lastError,
    ...(gaveUp
      ? { status: 'failed' as const }
      : { nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)) }),
  });
  return gaveUp ? 'failed' : 'retrying';
}
