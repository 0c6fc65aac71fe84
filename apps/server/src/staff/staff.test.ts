// Issue 25 end to end through the API: invitations by e-mail (a real SMTP server on loopback),
// removal ending sessions, two-step sign-in with codes computed here from the secret, the audit
// log's rows with before and after, and a table that refuses UPDATE and DELETE.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../test/app.ts';
import {
  admin,
  logIn,
  PASSWORD,
  shopper,
  turnOnTwoFactor,
  type LoggedIn,
} from '../../test/accounts.ts';
import { Mailbox } from '../../test/mailbox.ts';
import { insertOrder } from '../../test/orders-fixture.ts';
import { product } from '../../test/checkout-fixture.ts';
import { staffInvitations } from './schema.ts';
import { auditLog } from '../audit/schema.ts';
import { users } from '../auth/schema.ts';
import { products } from '../catalog/schema.ts';
import { codeAt, stepAt } from '../auth/totp.ts';

const mailbox = new Mailbox();
let t: TestContext;
let owner: LoggedIn;

beforeAll(async () => {
  await mailbox.start();
  t = await createTestApp({ SMTP_URL: mailbox.url, PUBLIC_URL: 'https://duka.example' });
  owner = await admin(t.app, t.db);
  await product(t.db, { priceCents: 150_000, stock: 7 });
});
afterAll(async () => {
  await t.close();
  await mailbox.stop();
});
beforeEach(() => mailbox.clear());

const call = (method: string, url: string, who?: LoggedIn, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(who ? { headers: who.auth } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function invitationToken(email: string): Promise<string> {
  await t.app.outbox.drain();
  const mail = mailbox.to(email).at(-1);
  expect(mail?.headers.get('subject')).toBe('You are invited to run a Duka shop');
  const match = /https:\/\/duka\.example\/staff-invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text);
  expect(match).not.toBeNull();
  return match![1]!;
}

const auditRows = (action: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.action, action));

describe('staff invitations', () => {
  it('e-mails a single-use link; the invitee makes an account in the role and can work', async () => {
    const email = `packer-${Date.now()}@example.co.ke`;
    const sent = await call('POST', '/api/admin/staff/invitations', owner, {
      email,
      role: 'fulfilment',
    });
    expect(sent.statusCode).toBe(201);
    const token = await invitationToken(email);
    // The token is not kept: only its hash.
    const [row] = await t.db
      .select()
      .from(staffInvitations)
      .where(eq(staffInvitations.email, email));
    expect(row!.tokenHash).not.toContain(token);

    expect(
      (await call('POST', '/api/staff-invitations/check', undefined, { token })).json(),
    ).toEqual({
      email,
      role: 'fulfilment',
      has_account: false,
    });
    const weak = await call('POST', '/api/staff-invitations/accept', undefined, {
      token,
      username: `packer${Date.now()}`,
      phone_number: '0712345678',
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    const accepted = await call('POST', '/api/staff-invitations/accept', undefined, {
      token,
      username: `packer${Date.now()}`,
      phone_number: '0712345678',
      password: PASSWORD,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const packer = await logIn(t.app, email);
    expect((await call('GET', '/api/current_user', packer)).json()).toMatchObject({
      role: 'fulfilment',
    });
    expect((await call('GET', '/api/admin/orders', packer)).statusCode).toBe(200);
    expect((await call('PATCH', '/api/products/1', packer, { price: 100 })).statusCode).toBe(403);

    // Used once: the same link again, and a check of it, are refused.
    const again = await call('POST', '/api/staff-invitations/accept', undefined, {
      token,
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(410);
    expect(
      (await call('POST', '/api/staff-invitations/check', undefined, { token })).statusCode,
    ).toBe(410);
    // Already staff: a new invitation is refused.
    const twice = await call('POST', '/api/admin/staff/invitations', owner, {
      email,
      role: 'support',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_STAFF');
  });

  it('lets an existing shopper accept with their password; refuses an expired link and an unknown role', async () => {
    const someone = await shopper(t.app);
    const bad = await call('POST', '/api/admin/staff/invitations', owner, {
      email: someone.email,
      role: 'boss',
    });
    expect(bad.statusCode).toBe(400);
    await call('POST', '/api/admin/staff/invitations', owner, {
      email: someone.email,
      role: 'support',
    });
    const token = await invitationToken(someone.email);
    const wrong = await call('POST', '/api/staff-invitations/accept', undefined, {
      token,
      password: 'Wrong#pass1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      (
        await call('POST', '/api/staff-invitations/accept', undefined, {
          token,
          password: PASSWORD,
        })
      ).statusCode,
    ).toBe(200);
    const [me] = await t.db.select().from(users).where(eq(users.id, someone.id));
    expect(me!.role).toBe('support');

    const late = await shopper(t.app);
    await call('POST', '/api/admin/staff/invitations', owner, {
      email: late.email,
      role: 'finance',
    });
    const lateToken = await invitationToken(late.email);
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, late.email));
    const expired = await call('POST', '/api/staff-invitations/accept', undefined, {
      token: lateToken,
      password: PASSWORD,
    });
    expect(expired.statusCode).toBe(410);
    const [still] = await t.db.select().from(users).where(eq(users.id, late.id));
    expect(still!.role).toBeNull();
  });

  it('withdraws a pending invitation: its link stops working at once', async () => {
    const email = `withdrawn-${Date.now()}@example.co.ke`;
    const sent = await call('POST', '/api/admin/staff/invitations', owner, {
      email,
      role: 'support',
    });
    const id: number = sent.json().id;
    const token = await invitationToken(email);
    const withdraw = (invitationId: number, who = owner) =>
      call('DELETE', `/api/admin/staff/invitations/${invitationId}`, who);
    const manager = await admin(t.app, t.db, 'manager');
    expect((await withdraw(id, manager)).statusCode).toBe(403); // staff.manage is the owner's

    const res = await withdraw(id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Invitation withdrawn.' });
    const check = await call('POST', '/api/staff-invitations/check', undefined, { token });
    expect(check.statusCode).toBe(410);
    const accept = await call('POST', '/api/staff-invitations/accept', undefined, {
      token,
      username: `withdrawn${Date.now()}`,
      phone_number: '0712345678',
      password: PASSWORD,
    });
    expect(accept.statusCode).toBe(410);
    expect(accept.json().code).toBe('INVITATION_INVALID');
    const [joined] = await t.db.select().from(users).where(eq(users.email, email));
    expect(joined?.role ?? null).toBeNull();
    const listed = (await call('GET', '/api/admin/staff', owner)).json();
    expect(listed.invitations.map((i: { id: number }) => i.id)).not.toContain(id);
    const [row] = (await auditRows('staff.invitation.withdraw')).filter(
      (r) => r.entityId === String(id),
    );
    expect(row).toMatchObject({
      actorId: owner.id,
      entity: 'staff_invitation',
      before: { email, role: 'support' },
      after: null,
    });

    // Once is enough; an unknown one is not found.
    const again = await withdraw(id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'INVITATION_NOT_PENDING',
      error: 'This invitation has already been withdrawn, replaced or has expired.',
    });
    expect((await withdraw(999_999)).statusCode).toBe(404);
  });

  it('does not send the mail of an invitation withdrawn before it went, nor withdraw an accepted one', async () => {
    const early = `early-${Date.now()}@example.co.ke`;
    const sent = await call('POST', '/api/admin/staff/invitations', owner, {
      email: early,
      role: 'finance',
    });
    expect(
      (await call('DELETE', `/api/admin/staff/invitations/${sent.json().id}`, owner)).statusCode,
    ).toBe(200);
    await t.app.outbox.drain();
    expect(mailbox.to(early)).toEqual([]);

    const someone = await shopper(t.app);
    const invited = await call('POST', '/api/admin/staff/invitations', owner, {
      email: someone.email,
      role: 'finance',
    });
    const token = await invitationToken(someone.email);
    await call('POST', '/api/staff-invitations/accept', undefined, { token, password: PASSWORD });
    const late = await call('DELETE', `/api/admin/staff/invitations/${invited.json().id}`, owner);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual({
      code: 'INVITATION_ACCEPTED',
      error:
        'This invitation has been accepted already. To take the access away, remove the person from the staff.',
    });
  });

  it('removal takes staff access away and ends every session at once; the last owner stays', async () => {
    const helper = await admin(t.app, t.db, 'catalogue');
    expect((await call('GET', '/api/admin/low-stock', helper)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/admin/staff/${helper.id}`, owner)).statusCode).toBe(200);
    expect((await call('GET', '/api/current_user', helper)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { authorization: `Bearer ${helper.refreshToken}` },
    });
    expect(refresh.statusCode).toBe(401);
    // Demoting the only owner is refused, whoever asks.
    const demote = await call('PATCH', `/api/admin/staff/${owner.id}`, owner, { role: 'manager' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().code).toBe('LAST_OWNER');
    expect(
      (await call('PATCH', `/api/admin/staff/${owner.id}`, owner, { role: 'chief' })).statusCode,
    ).toBe(400);
  });
});

describe('two-step sign-in', () => {
  it('sets up, enables with a code, then asks for a code at log-in: valid, wrong, reused, recovery', async () => {
    const me = await admin(t.app, t.db, 'manager');
    const setup = (await call('POST', '/api/me/2fa/setup', me)).json();
    expect(setup.otpauth_url).toContain(`secret=${setup.secret}`);
    expect(setup.qr_svg).toContain('<svg');
    const now = Date.now();
    const enable = await call('POST', '/api/me/2fa/enable', me, {
      code: codeAt(setup.secret, stepAt(now)),
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const codes: string[] = enable.json().recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    const first = await call('POST', '/api/login', undefined, {
      email: me.email,
      password: PASSWORD,
    });
    expect(first.json()).toEqual({ mfa_required: true, mfa_token: expect.any(String) });
    expect(first.json()).not.toHaveProperty('access_token');
    const mfa_token = first.json().mfa_token;
    // The MFA token opens nothing else.
    expect(
      (
        await t.app.inject({
          url: '/api/current_user',
          headers: { authorization: `Bearer ${mfa_token}` },
        })
      ).statusCode,
    ).toBe(401);

    const wrong = await call('POST', '/api/login/2fa', undefined, {
      mfa_token,
      code: '000000' === codeAt(setup.secret, stepAt(now)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    // The enabling code's step has been used: the same code is refused; the next step's works once.
    const reused = await call('POST', '/api/login/2fa', undefined, {
      mfa_token,
      code: codeAt(setup.secret, stepAt(now)),
    });
    expect(reused.statusCode).toBe(400);
    const next = codeAt(setup.secret, stepAt(now) + 1);
    const ok = await call('POST', '/api/login/2fa', undefined, { mfa_token, code: next });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().user).toMatchObject({ id: me.id, role: 'manager' });
    expect(
      (await call('POST', '/api/login/2fa', undefined, { mfa_token, code: next })).statusCode,
    ).toBe(400);

    const byRecovery = await call('POST', '/api/login/2fa', undefined, {
      mfa_token,
      recovery_code: codes[0],
    });
    expect(byRecovery.statusCode).toBe(200);
    expect(
      (await call('POST', '/api/login/2fa', undefined, { mfa_token, recovery_code: codes[0] }))
        .statusCode,
    ).toBe(400);

    // Wrong codes are throttled per account (five in 15 minutes in tests too).
    let status = 0;
    for (let i = 0; i < 8 && status !== 429; i++) {
      status = (await call('POST', '/api/login/2fa', undefined, { mfa_token, code: '999999' }))
        .statusCode;
    }
    expect(status).toBe(429);

    const enabledRows = await auditRows('user.2fa.enable');
    expect(enabledRows.some((r) => r.entityId === String(me.id) && r.actorId === me.id)).toBe(true);
    const failed = await auditRows('staff.sign_in.failed');
    expect(failed.some((r) => r.actorId === me.id && r.after?.step === 'two-step code')).toBe(true);
  });

  it("the owner's setting keeps staff without it out of the back office until they set it up", async () => {
    const clerk = await admin(t.app, t.db, 'support');
    // Only someone using two-step sign-in may require it (admin/two-step-gate.test.ts).
    const careful = await admin(t.app, t.db);
    await turnOnTwoFactor(t.app, careful);
    expect(
      (await call('PUT', '/api/admin/staff/settings', careful, { require_two_factor: true }))
        .statusCode,
    ).toBe(200);
    try {
      const refused = await call('GET', '/api/admin/orders', clerk);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('MFA_SETUP_REQUIRED');
      const setup = (await call('POST', '/api/me/2fa/setup', clerk)).json();
      await call('POST', '/api/me/2fa/enable', clerk, {
        code: codeAt(setup.secret, stepAt(Date.now())),
      });
      expect((await call('GET', '/api/admin/orders', clerk)).statusCode).toBe(200);
    } finally {
      // The first owner has no 2FA: the setting must be off for the rest of the file.
      await t.db.execute(sql`update staff_settings set require_two_factor = false`);
    }
  });
});

describe('audit log', () => {
  it('records price, stock, order status and role changes with before and after, and who', async () => {
    const [item] = await t.db.select().from(products).limit(1);
    const price = await call('PATCH', `/api/products/${item!.id}`, owner, {
      price: item!.priceCents + 500,
    });
    expect(price.statusCode, price.body).toBe(200);
    const [priceRow] = (await auditRows('product.price.update')).filter(
      (r) => r.entityId === String(item!.id),
    );
    expect(priceRow).toMatchObject({
      actorId: owner.id,
      actorEmail: owner.email,
      actorRole: 'owner',
      entity: 'product',
      before: { price_cents: item!.priceCents },
      after: { price_cents: item!.priceCents + 500 },
    });
    expect(Object.keys(priceRow!.after!)).toEqual(['price_cents']); // only what changed
    expect(priceRow!.requestId).toBe(price.headers['x-request-id']);

    const someone = await shopper(t.app);
    const orderId = await insertOrder(t.db, {
      userId: someone.id,
      productId: item!.id,
      status: 'paid',
      totalCents: 1000,
    });
    await call('PATCH', `/api/admin/orders/${orderId}/status`, owner, { status: 'processing' });
    const [moved] = (await auditRows('order.status.update')).filter(
      (r) => r.entityId === String(orderId),
    );
    expect(moved).toMatchObject({ before: { status: 'paid' }, after: { status: 'processing' } });

    await call('PATCH', `/api/admin/users/${someone.id}`, owner, { is_admin: true });
    const [made] = (await auditRows('staff.role.update')).filter(
      (r) => r.entityId === String(someone.id),
    );
    expect(made).toMatchObject({ before: { role: null }, after: { role: 'manager' } });

    // A refused change writes nothing.
    const before = (await auditRows('product.stock.update')).length;
    await call('PATCH', '/api/products/999999', owner, { stock: 4 });
    expect((await auditRows('product.stock.update')).length).toBe(before);
  });

  it('records delivery fees, pickup points and search words, with before and after', async () => {
    const fee = await call('PATCH', '/api/admin/delivery/counties/047', owner, { fee: 350 });
    expect(fee.statusCode, fee.body).toBe(200);
    const [county] = (await auditRows('delivery.county.update')).filter(
      (r) => r.entityId === '047',
    );
    expect(county!.after).toMatchObject({ feeCents: 35_000 });
    expect(Object.keys(county!.after!)).toEqual(['feeCents']);

    const made = await call('POST', '/api/admin/pickup-points', owner, {
      name: 'Kisumu Post Office',
      county_code: 'Kisumu',
      address: 'Oginga Odinga Street, Kisumu',
      opening_hours: 'Mon–Sat 8:00–17:00',
      fee: 120,
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    await call('PATCH', `/api/admin/pickup-points/${id}`, owner, { fee: 90 });
    await call('DELETE', `/api/admin/pickup-points/${id}`, owner);
    const point = (action: string) =>
      auditRows(action).then((rows) => rows.find((r) => r.entityId === String(id)));
    expect((await point('delivery.pickup_point.create'))!.after).toMatchObject({
      feeCents: 12_000,
    });
    expect((await point('delivery.pickup_point.update'))!).toMatchObject({
      before: { feeCents: 12_000 },
      after: { feeCents: 9_000 },
    });
    expect((await point('delivery.pickup_point.delete'))!.before).toMatchObject({
      name: 'Kisumu Post Office',
    });

    const words = await call('PUT', '/api/admin/search/synonyms', owner, {
      synonyms: [{ term: 'viatu', words: ['shoes'] }],
    });
    expect(words.statusCode, words.body).toBe(200);
    const [saved] = await auditRows('search.synonyms.update');
    expect(saved!.after).toEqual({ synonyms: [{ term: 'viatu', words: ['shoes'] }] });
  });

  it('is read with filters, paged and as CSV, by those with audit.read only', async () => {
    const [item] = await t.db.select().from(products).limit(1);
    const page = await call(
      'GET',
      `/api/admin/audit?entity=product&entity_id=${item!.id}&action=product.price`,
      owner,
    );
    expect(page.statusCode).toBe(200);
    expect(page.json().entries.length).toBeGreaterThan(0);
    for (const e of page.json().entries) {
      expect(e).toMatchObject({
        entity: 'product',
        entity_id: String(item!.id),
        action: 'product.price.update',
      });
    }
    const mine = (
      await call(
        'GET',
        `/api/admin/audit?actor=${encodeURIComponent(owner.email)}&limit=100`,
        owner,
      )
    ).json();
    expect(mine.entries.every((e: { actor_id: number }) => e.actor_id === owner.id)).toBe(true);
    const csv = await call('GET', '/api/admin/audit.csv?action=product', owner);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toBe(
      'id,at,actor_id,actor_email,actor_role,action,entity,entity_id,before,after,ip,request_id',
    );
    expect(csv.body).toContain('product.price.update');
    const manager = await admin(t.app, t.db, 'manager');
    expect((await call('GET', '/api/admin/audit', manager)).statusCode).toBe(403);
  });

  it('records staff sign-ins and failed ones', async () => {
    const clerk = await admin(t.app, t.db, 'finance');
    const bad = await call('POST', '/api/login', undefined, {
      email: clerk.email,
      password: 'Wrong#pass1',
    });
    expect(bad.statusCode).toBe(401);
    const failed = (await auditRows('staff.sign_in.failed')).filter((r) => r.actorId === clerk.id);
    expect(failed.at(-1)?.after).toEqual({ step: 'password' });
    const signIns = (await auditRows('staff.sign_in')).filter((r) => r.actorId === clerk.id);
    expect(signIns.length).toBeGreaterThanOrEqual(1); // admin() logged in
  });

  it('refuses UPDATE, DELETE and TRUNCATE in the database itself', async () => {
    const [row] = await t.db.select().from(auditLog).limit(1);
    expect(row).toBeDefined();
    await expect(
      t.db.execute(sql`update audit_log set action = 'nothing' where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log where id = ${row!.id}`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    const [still] = await t.db.select().from(auditLog).where(eq(auditLog.id, row!.id));
    expect(still).toEqual(row);
  });
});
