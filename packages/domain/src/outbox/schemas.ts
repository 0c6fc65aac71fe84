import { z } from 'zod';
import { pagingQuery } from '../common/schemas.ts';
import { OUTBOX_STATUSES } from './words.ts';

export * from './words.ts';

/** A message (e-mail or SMS) in the outbox, as the back office sees it. */
export const outboxMessageSchema = z
  .object({
    id: z.number().int(),
    channel: z.enum(['email', 'sms']),
    kind: z.string(),
    to: z.string(),
    subject: z.string(),
    body: z.string(),
    status: z
      .enum(OUTBOX_STATUSES)
      .describe(
        'pending: waiting for its (next) attempt; sent: a mail or SMS server took it; failed: gave up after its retries; held: waiting for a transport (no SMTP_URL)',
      ),
    attempts: z.number().int(),
    last_error: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .meta({ id: 'OutboxMessage' });
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;

export const outboxPageSchema = z.object({
  emails: z.array(outboxMessageSchema),
  total: z.number().int(),
  skip: z.number().int(),
  limit: z.number().int(),
});
export type OutboxPage = z.infer<typeof outboxPageSchema>;

export const adminOutboxQuerySchema = z
  .object({ ...pagingQuery(20, 100), status: z.enum(OUTBOX_STATUSES).optional() })
  .strict();

/**
 * What became of a message a request queued: `queued` for a mail server (the worker sends it
 * within moments), or `held` until the shop has one (no SMTP_URL).
 */
export const mailDeliverySchema = z
  .enum(['queued', 'held'])
  .describe('queued: a mail server will take it within moments; held: no mail server is set');

/** GET /api/mail-status: whether messages can go out at all. */
export const mailStatusSchema = z
  .object({
    email: z.boolean().describe('E-mail goes out (SMTP_URL is set)'),
    sms: z.boolean().describe("Text messages go out (Africa's Talking is set); else they are off"),
  })
  .meta({ id: 'MailStatus' });
export type MailStatus = z.infer<typeof mailStatusSchema>;
