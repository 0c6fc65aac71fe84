// The outbox in words, free of zod so screens can import them without the schemas.

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'held'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

export const MAIL_DELIVERIES = ['queued', 'held'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

/** A message's state on the Outbox screen: 'sent' only once a mail or SMS server took it. */
export const OUTBOX_STATUS_WORDS: Record<OutboxStatus, string> = {
  pending: 'Waiting to be sent',
  sent: 'Sent',
  failed: 'Not delivered',
  held: 'Held: no mail server',
};

const KIND_WORDS: Record<string, string> = {
  'order-paid': 'Order confirmation',
  'order-shipped': 'Order shipped',
  'order-ready_for_pickup': 'Order ready for pickup',
  'order-delivered': 'Order delivered',
  'order-cancelled': 'Order cancelled',
  'order-refunded': 'Order refunded',
  'password-reset': 'Password reset',
  'staff-invitation': 'Staff invitation',
  'contact-reply': 'Reply to a customer',
};

/** 'order-paid' → 'Order confirmation'; a kind no table knows yet, as plain words. */
export function outboxKindInWords(kind: string): string {
  const known = KIND_WORDS[kind];
  if (known) return known;
  const text = kind
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * What a screen says once a message is held: the shop has no mail server, so nothing may say
 * "sent". Where a message was queued for a server the screens keep their words.
 */
export const HELD_MESSAGES = {
  reply: 'Reply saved: it will be e-mailed when the shop can send mail.',
  invitation: (email: string) =>
    `Invitation to ${email} saved: it will be e-mailed when the shop can send mail.`,
} as const;
