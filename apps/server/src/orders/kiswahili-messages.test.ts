// Issue 37: an order placed in the Kiswahili shop (the web sends Accept-Language: sw) keeps that
// language, and its e-mails and SMS go out in Kiswahili with links to the /sw/ pages; the same
// order in English reads as it always did. Against a real SMTP server and Africa's Talking's
// stand-in.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin, logIn, shopper, type LoggedIn } from '../../test/accounts.ts';
import { buyAndPay, product } from '../../test/checkout-fixture.ts';
import { Mailbox } from '../../test/mailbox.ts';
import { AfricasTalkingStandIn } from '../../test/stand-ins/africas-talking.ts';
import { users } from '../auth/schema.ts';
import { orders } from './schema.ts';

const mailbox = new Mailbox();
const sms = new AfricasTalkingStandIn('sandbox');
let t: TestContext;

beforeAll(async () => {
  await mailbox.start();
  await sms.start();
  t = await createTestApp({
    SMTP_URL: mailbox.url,
    PUBLIC_URL: 'https://duka.example',
    AT_USERNAME: sms.username,
    AT_API_KEY: sms.apiKey,
    AT_SENDER_ID: 'DUKA',
    AT_API_BASE: sms.baseUrl,
  });
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
  await sms.stop();
});
beforeEach(() => mailbox.clear());

/** The shopper as the web app of one shop calls the API: every call says its language. */
const inShop = (who: LoggedIn, language: string): LoggedIn =>
  ({ ...who, auth: { ...who.auth, 'accept-language': language } }) as LoggedIn;

async function paidOrderIn(language: string, phone: string) {
  const who = await shopper(t.app, { phone_number: phone });
  const kettle = await product(t.db, { priceCents: 129_900, stock: 10, title: 'Blue kettle' });
  const mug = await product(t.db, { priceCents: 45_000, stock: 10, title: 'Mug & saucer' });
  const orderId = await buyAndPay(t.app, t.db, inShop(who, language), [
    [kettle, 2],
    [mug, 1],
  ]);
  await t.app.outbox.drain();
  return { who, orderId };
}

const languageOfOrder = async (id: number) =>
  (await t.db.select({ language: orders.language }).from(orders).where(eq(orders.id, id)))[0]!
    .language;
const languageOfAccount = async (id: number) =>
  (await t.db.select({ language: users.language }).from(users).where(eq(users.id, id)))[0]!
    .language;

async function moveTo(orderId: number, status: string) {
  const boss = await admin(t.app, t.db);
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/admin/orders/${orderId}/status`,
    headers: boss.auth,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
  await t.app.outbox.drain();
}

describe('an order placed in the Kiswahili shop', () => {
  it('keeps its language and the account’s, and is confirmed in Kiswahili by e-mail and SMS', async () => {
    const { who, orderId } = await paidOrderIn('sw-KE', '0712 000 111');
    expect(await languageOfOrder(orderId)).toBe('sw');
    expect(await languageOfAccount(who.id)).toBe('sw');

    const [mail] = mailbox.to(who.email);
    expect(mail!.headers.get('subject')).toBe(`Oda yako ya Duka #${orderId} imethibitishwa`);
    const text = mail!.text;
    expect(text).toContain('Habari Wanjiru Kamau,');
    expect(text).toContain(`Asante kwa kununua Duka. Tumepokea malipo yako ya oda #${orderId}`);
    expect(text).toContain('2 × Blue kettle (Ksh 1,299 kila moja): Ksh 2,598');
    expect(text).toContain('Bidhaa (3): Ksh 3,048');
    expect(text).toContain('Usafirishaji: Ksh 50');
    expect(text).toContain('Jumla: Ksh 3,594');
    expect(text).toMatch(/Malipo: Sandbox, kumbukumbu \S+/);
    // Dates as the shop writes them: '27 Nov 2026, 14:05'; days with their Kiswahili names.
    expect(text).toMatch(/tarehe \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}\./);
    expect(text).toMatch(
      /Inatarajiwa kufika: kati ya (Juma\w+|Alhamisi|Ijumaa) \d{1,2} [A-Z][a-z]{2} \d{4} na \w+ \d{1,2} [A-Z][a-z]{2} \d{4}/,
    );
    // Every link leads to the Kiswahili pages; none to the English ones.
    expect(text).toContain(
      `Ankara yako ya kodi (risiti): https://duka.example/sw/receipt/${orderId}`,
    );
    expect(text).toContain('Oda zako: https://duka.example/sw/userprofile/orderhistory');
    expect(text).not.toMatch(/https:\/\/duka\.example\/(?!sw\/)/);
    expect(text).not.toMatch(/Thank you|Order #|Payment|Expected/);
    const html = mail!.html!;
    expect(html).toContain('<html lang="sw">');
    expect(html).toContain(`href="https://duka.example/sw/receipt/${orderId}"`);
    expect(html).toContain('Angalia oda zako');
    expect(html).toContain('Mug &amp; saucer');
    expect(html).not.toMatch(/href="https:\/\/duka\.example\/(?!sw)/);

    const [paid] = sms.to('+254712000111').filter((s) => s.message.includes(`#${orderId}`));
    expect(paid!.message).toMatch(
      new RegExp(
        `^Duka: tumepokea malipo yako ya Ksh 3,594 ya oda #${orderId}\\. Inatarajiwa kufika kati ya .+\\. Asante!$`,
      ),
    );
  });

  it('is followed in Kiswahili though the account later uses English: the order’s language wins', async () => {
    const { who, orderId } = await paidOrderIn('sw', '0712 000 222');
    // The person signs in on the English shop: the account's language follows, the order's stays.
    await logIn(t.app, who.email);
    expect(await languageOfAccount(who.id)).toBe('en');
    expect(await languageOfOrder(orderId)).toBe('sw');
    mailbox.clear();

    await moveTo(orderId, 'processing');
    await moveTo(orderId, 'shipped');
    const [shipped] = mailbox.to(who.email);
    expect(shipped!.headers.get('subject')).toBe(`Oda yako ya Duka #${orderId} imetumwa`);
    expect(shipped!.text).toContain(`Habari njema: oda #${orderId} iliondoka ghala letu tarehe`);
    expect(shipped!.text).toContain('Oda zako: https://duka.example/sw/userprofile/orderhistory');
    const [onItsWay] = sms.to('+254712000222').filter((s) => s.message.includes('imetumwa'));
    expect(onItsWay!.message).toMatch(
      new RegExp(
        `^Duka: oda #${orderId} imetumwa, iko njiani kwenda Nairobi\\. Inatarajiwa kufika kati ya `,
      ),
    );

    mailbox.clear();
    await moveTo(orderId, 'delivered');
    const [delivered] = mailbox.to(who.email);
    expect(delivered!.headers.get('subject')).toBe(`Oda yako ya Duka #${orderId} imefika`);
    expect(delivered!.text).toContain(`Oda #${orderId} ilifikishwa tarehe`);
  });
});

describe('the same order placed in the English shop', () => {
  it('is stored as English and its messages read as they always did', async () => {
    const { who, orderId } = await paidOrderIn('en', '0712 000 333');
    expect(await languageOfOrder(orderId)).toBe('en');
    expect(await languageOfAccount(who.id)).toBe('en');

    const [mail] = mailbox.to(who.email);
    expect(mail!.headers.get('subject')).toBe(`Your Duka order #${orderId} is confirmed`);
    expect(mail!.text).toContain(
      `Thank you for shopping with Duka. We have received your payment for order #${orderId} on`,
    );
    expect(mail!.text).toContain('Total: Ksh 3,594');
    expect(mail!.text).toMatch(
      /Expected delivery: between \w+ \d{1,2} \w+ \d{4} and \w+ \d{1,2} \w+ \d{4}/,
    );
    expect(mail!.text).toContain(`https://duka.example/receipt/${orderId}`);
    expect(mail!.text).not.toContain('/sw/');
    expect(mail!.html).toContain('<html lang="en">');
    const [paid] = sms.to('+254712000333').filter((s) => s.message.includes(`#${orderId}`));
    expect(paid!.message).toMatch(
      new RegExp(
        `^Duka: payment of Ksh 3,594 received for order #${orderId}\\. Expected delivery between .+\\. Asante!$`,
      ),
    );

    mailbox.clear();
    await moveTo(orderId, 'processing');
    await moveTo(orderId, 'shipped');
    const [shipped] = mailbox.to(who.email);
    expect(shipped!.headers.get('subject')).toBe(`Your Duka order #${orderId} is on its way`);
    expect(shipped!.text).toContain('Your orders: https://duka.example/userprofile/orderhistory');
  });

  it('is English when the request names no language, or one the shop does not have', async () => {
    const { orderId } = await paidOrderIn('fr-FR, sw;q=0.9', '0712 000 444');
    expect(await languageOfOrder(orderId)).toBe('en');
  });
});
