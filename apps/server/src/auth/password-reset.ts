// Password reset. A request always does the same work, known address or not: it is counted
// against the limits and queued in the outbox as a reset for that address; that outbox row is
// the request. The link is made only when the outbox worker sends the message
// (resetMailRenderer): it looks the account up, and for an unknown address drops the message, so
// no mail goes to it; for a known one it stores the token's SHA-256 hash and sends the token,
// which is never stored or kept in the outbox (outside production it is logged, for developers).
// Without a mail server the request is held and its link made when it finally goes, valid for
// its full 60 minutes from then; an older request that waited is dropped once a newer exists.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  RESET_LINK_MINUTES,
  RESET_MESSAGES,
  type ForgotPasswordAnswer,
  type MailDelivery,
} from '@duka/domain';
import type { Db } from '../db/client.ts';
import { passwordResets, sessions, users } from './schema.ts';
import { HttpError } from '../lib/http-error.ts';
import type { Limits } from '../limits/plugin.ts';
import { InvalidMailError } from '../mail/smtp.ts';
import { languageOfRow, momentIn, shopLink, type Locale } from '../outbox/language.ts';
import { button, emailHtml, paragraph, textFooter } from '../outbox/layout.ts';
import { enqueueEmail, hasNewerMessage } from '../outbox/service.ts';
import { RESET_TEXTS } from './password-reset-texts.ts';
import type { Renderer } from '../outbox/worker.ts';
import { hashPassword } from './password.ts';
import { hashToken } from './tokens.ts';

export const RESET_KIND = 'password-reset';
/** Stored with the request; the mail, written when sent, takes the account's language. */
const SUBJECT = RESET_TEXTS.en.subject;
const LINK_MS = RESET_LINK_MINUTES * 60_000;

const invalidLink = () => new HttpError(410, 'RESET_LINK_INVALID', RESET_MESSAGES.invalidLink);

/**
 * POST /api/forgot-password: the same answer, and the same work, for every address; the answer
 * says "sent" only when a mail server will take the message.
 */
export async function requestReset(
  deps: { db: Db; limits: Limits; delivery: () => MailDelivery },
  email: string,
  address: string,
): Promise<ForgotPasswordAnswer> {
  const { enforce, rules } = deps.limits;
  await enforce(rules.passwordResetAddress, address);
  await enforce(rules.passwordResetAccount, email);
  try {
    await enqueueEmail(deps.db, { kind: RESET_KIND, to: email, subject: SUBJECT, text: '' });
  } catch (err) {
    // An address no mail can go to has no account either: the same answer, and nothing sent.
    if (!(err instanceof InvalidMailError)) throw err;
  }
  const delivery = deps.delivery();
  return {
    message: delivery === 'queued' ? RESET_MESSAGES.requested : RESET_MESSAGES.requestedHeld,
    delivery,
  };
}

function resetMail(username: string, link: string, validUntil: Date, language: Locale) {
  const words = RESET_TEXTS[language];
  const until = momentIn(language, validUntil);
  const text =
    `Habari ${username},\n\n` +
    `${words.asked}\n\n` +
    `${link}\n\n` +
    `${words.works(until)}\n` +
    textFooter;
  const html = emailHtml(
    words.subject,
    paragraph(`Habari ${username},`) +
      paragraph(words.askedHtml) +
      button(words.button, link) +
      paragraph(words.works(until)),
    language,
  );
  return { text, html };
}

/** The outbox writes a reset mail only when it sends it; see the file's opening comment. */
export function resetMailRenderer(db: Db): Renderer {
  return async (message, now) => {
    // A newer request for the address supersedes this one: its link must not outlive the newer.
    if (await hasNewerMessage(db, message)) return null;
    const [user] = await db
      .select({ id: users.id, username: users.username, language: users.language })
      .from(users)
      .where(and(eq(users.email, message.recipient), isNull(users.erasedAt)));
    if (!user) return null;
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(now.getTime() + LINK_MS);
    await db.transaction(async (tx) => {
      // Only the newest link works: an older one still in someone's mailbox is ended.
      await tx
        .update(passwordResets)
        .set({ usedAt: now })
        .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)));
      await tx
        .insert(passwordResets)
        .values({ userId: user.id, tokenHash: hashToken(token), expiresAt });
    });
    // In the account's language, the link to its shop's page (/sw/reset-password in Kiswahili).
    const language = languageOfRow(user.language);
    const link = shopLink(language, `/reset-password?token=${token}`);
    const hidden = shopLink(language, '/reset-password?token=[hidden]');
    const sent = resetMail(user.username, link, expiresAt, language);
    const kept = resetMail(user.username, hidden, expiresAt, language);
    return { subject: RESET_TEXTS[language].subject, ...sent, keep: kept, link };
  };
}

async function liveReset(db: Db, token: string, now: Date) {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    );
  return row;
}

/** Whether a link still works, so the page can say so before anything is typed. */
export async function checkResetLink(db: Db, token: string, now = new Date()) {
  if (!(await liveReset(db, token, now))) throw invalidLink();
  return { message: 'This link is valid.' };
}

/**
 * Sets the new password through a link. The link is used up by a conditional update, so of two
 * uses at once only one wins; every session of the account ends.
 */
export async function resetPassword(
  deps: { db: Db; limits: Limits },
  token: string,
  password: string,
  now = new Date(),
): Promise<{ message: string }> {
  const { db } = deps;
  if (!(await liveReset(db, token, now))) throw invalidLink();
  const passwordHash = await hashPassword(password);
  const email = await db.transaction(async (tx) => {
    const [used] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!used) throw invalidLink();
    const [user] = await tx
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, used.userId), isNull(users.erasedAt)))
      .returning({ email: users.email });
    if (!user) throw invalidLink();
    await tx
      .update(sessions)
      .set({ revokedAt: now, revokedReason: 'password reset' })
      .where(and(eq(sessions.userId, used.userId), isNull(sessions.revokedAt)));
    return user.email;
  });
  // The owner proved themselves by e-mail: earlier failed log-ins no longer count against them.
  if (email) await deps.limits.limiter.reset(deps.limits.rules.loginAccount, email);
  return { message: RESET_MESSAGES.done };
}
