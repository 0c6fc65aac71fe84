// Each person's rights under Kenya's Data Protection Act 2019: a copy of everything held about
// the account (access), and erasure. Each domain exports and forgets its own tables; this use
// case only puts them together, erasure in one transaction.
import { DATA_RIGHTS_MESSAGES } from '@duka/domain';
import { addressesOf, forgetAddresses } from '../addresses/service.ts';
import { accountOf, eraseAccountRow, erasedEmail } from '../auth/data-rights.ts';
import { getUser } from '../auth/service.ts';
import { verifyPassword } from '../auth/password.ts';
import { cartAndWishlistOf, forgetCartAndWishlist } from '../cart/data-rights.ts';
import { forgetReviewer, reviewsBy } from '../catalog/reviews-service.ts';
import { checkoutDetailsOf, forgetCheckoutDetails } from '../checkout/data-rights.ts';
import { contactMessagesFrom, forgetContactMessagesFrom } from '../contacts/data-rights.ts';
import type { Db } from '../db/client.ts';
import { conflict, HttpError } from '../lib/http-error.ts';
import type { Limits } from '../limits/plugin.ts';
import { anonymiseOrdersOf, ordersOf } from '../orders/data-rights.ts';
import { forgetMessagesTo, messagesTo, PUBLIC_URL } from '../outbox/service.ts';
import { toInternational } from '../sms/phone.ts';

/** Where a person's messages were sent: their e-mail (if any), their phone in international form. */
function recipientsOf(email: string | null, phone: string): string[] {
  return [email, toInternational(phone)].filter((r): r is string => r !== null);
}

export async function exportData(db: Db, userId: number, publicUrl: string, now = new Date()) {
  const account = await accountOf(db, userId);
  const [checkout, saved, orders, lists, reviews, contactMessages, messages] = await Promise.all([
    checkoutDetailsOf(db, userId),
    addressesOf(db, userId),
    ordersOf(db, userId),
    cartAndWishlistOf(db, userId),
    reviewsBy(db, userId),
    account.email === null ? [] : contactMessagesFrom(db, account.email),
    messagesTo(db, recipientsOf(account.email, account.phone_number)),
  ]);
  const deliveryAddresses = [
    ...new Map(orders.map((o) => [JSON.stringify(o.delivery), o.delivery])).values(),
  ];
  return {
    about:
      'Everything Duka holds about your account, as of exported_at. Amounts are Kenyan shillings in cents (Ksh × 100).',
    exported_at: now.toISOString(),
    profile: account,
    addresses: { checkout, saved, delivery_addresses: deliveryAddresses },
    orders,
    cart: lists.cart,
    wishlist: lists.wishlist,
    reviews,
    contact_messages: contactMessages,
    messages_sent_to_you: messages.map((m) => ({
      channel: m.channel,
      kind: m.kind,
      to: m.recipient,
      subject: m.subject,
      // A message not sent yet still has the placeholder the worker fills in.
      body: m.body.split(PUBLIC_URL).join(publicUrl),
      status: m.status,
      created_at: m.createdAt.toISOString(),
      sent_at: m.sentAt?.toISOString() ?? null,
    })),
  };
}

/**
 * Erases the account after checking its password: personal data go or are anonymised, orders stay
 * for the accounts, every session ends, and the e-mail address can sign up again. A wrong
 * password changes nothing (and counts as a failed log-in against the account's limit).
 */
export async function eraseAccount(
  deps: { db: Db; limits: Limits },
  userId: number,
  currentPassword: string,
  now = new Date(),
): Promise<{ message: string }> {
  const { db, limits } = deps;
  const user = await getUser(db, userId);
  if (user.isAdmin) {
    throw conflict(DATA_RIGHTS_MESSAGES.adminCannotErase, 'ADMIN_ACCOUNT');
  }
  // An account made by phone sign-in proves itself with a password too: it sets one first.
  if (user.passwordHash === null) {
    throw new HttpError(400, 'PASSWORD_NOT_SET', DATA_RIGHTS_MESSAGES.passwordNotSet, {
      currentPassword: DATA_RIGHTS_MESSAGES.passwordNotSet,
    });
  }
  // Counted by e-mail like log-ins, or by the account for one without an e-mail.
  const attempts = user.email ?? `user:${user.id}`;
  await limits.enforce(limits.rules.loginAccount, attempts, DATA_RIGHTS_MESSAGES.tooManyTries);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new HttpError(400, 'WRONG_PASSWORD', DATA_RIGHTS_MESSAGES.wrongPassword, {
      currentPassword: DATA_RIGHTS_MESSAGES.wrongPassword,
    });
  }
  await limits.limiter.reset(limits.rules.loginAccount, attempts);
  await db.transaction(async (tx) => {
    await anonymiseOrdersOf(tx, userId, erasedEmail(userId), user.phoneNumber);
    await forgetReviewer(tx, userId);
    if (user.email !== null) await forgetContactMessagesFrom(tx, user.email);
    await forgetMessagesTo(tx, recipientsOf(user.email, user.phoneNumber), userId);
    await forgetCartAndWishlist(tx, userId);
    await forgetCheckoutDetails(tx, userId);
    await forgetAddresses(tx, userId);
    await eraseAccountRow(tx, userId, now);
  });
  return { message: DATA_RIGHTS_MESSAGES.erased };
}
