// The audit log's hash chain (decision record 025): rows written by two instances at once form one
// chain; a row changed, deleted or put in by the table's owner (triggers off) is found by the
// verification, which only the owner role of the shop may ask for; the app's own database role
// cannot change or delete a row at all. On PGlite the one role is the owner.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, isNull, sql, type SQL } from 'drizzle-orm';
import type { App } from '../app.ts';
import { auditLog } from './schema.ts';
import { createTestApp, secondInstance, type TestContext } from '../../test/app.ts';
import { admin, type LoggedIn } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';
import { appendAudit, GENESIS, hashOf, sealUnchainedRows, SEAL_ACTION } from './chain.ts';
import { verifyAuditChain } from './verify.ts';

let t: TestContext;
let second: App;
let owner: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  second = await secondInstance(t);
  owner = await admin(t.app, t.db);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

const verifyRoute = (who: LoggedIn) =>
  t.app.inject({ url: '/api/admin/audit/verify', headers: who.auth });

const rows = () => t.db.select().from(auditLog).orderBy(asc(auditLog.id));

/** Runs `change` as the tables' owner with the append-only triggers off, as the probe did. */
async function asOwnerWithTriggersOff(change: SQL) {
  const ownerDb = (await t.database.openOwner()).db;
  await ownerDb.transaction(async (tx) => {
    await tx.execute(sql`alter table audit_log disable trigger all`);
    await tx.execute(change);
    await tx.execute(sql`alter table audit_log enable trigger all`);
  });
}

describe('GET /api/admin/audit/verify', () => {
  it('answers the owner that a fresh shop’s log is intact, and a manager 403', async () => {
    const res = await verifyRoute(owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ok: true, first_bad_id: null, problem: null });
    const manager = await admin(t.app, t.db, 'manager');
    const refused = await verifyRoute(manager);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('Your role does not allow this.');
  });
});

describe('two instances writing at once', () => {
  it('make one unbroken chain', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) ids.push(await product(t.db, { priceCents: 10_000 + i, stock: 5 }));
    const before = (await rows()).length;
    const answers = await Promise.all(
      ids.flatMap((id, i) =>
        [0, 1].map((k) =>
          (k ? second : t.app).inject({
            method: 'PATCH',
            url: `/api/products/${id}`,
            headers: owner.auth,
            payload: { price: 20_000 + i * 10 + k },
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const all = await rows();
    expect(all.length - before).toBe(12);
    // No two rows chain onto the same one: there is no fork.
    expect(new Set(all.map((r) => r.prevHash)).size).toBe(all.length);
    for (const [i, row] of all.entries()) {
      expect(row.prevHash).toBe(i === 0 ? GENESIS : all[i - 1]!.hash);
      expect(row.hash).toBe(hashOf(row));
    }
    expect(await verifyAuditChain(t.db)).toMatchObject({
      ok: true,
      rows: all.length,
      head_id: all.at(-1)!.id,
      head_hash: all.at(-1)!.hash,
    });
  });
});

describe('a log rewritten by the owner of the table', () => {
  it('is found: a changed column names its row, and putting it back makes it whole again', async () => {
    const target = (await rows()).at(-3)!;
    await asOwnerWithTriggersOff(
      sql`update audit_log set actor_email = 'forged@x' where id = ${target.id}`,
    );
    const res = await verifyRoute(owner);
    expect(res.json()).toMatchObject({ ok: false, first_bad_id: target.id });
    expect(res.json().problem).toMatch(/content/);
    await asOwnerWithTriggersOff(
      sql`update audit_log set actor_email = ${target.actorEmail} where id = ${target.id}`,
    );
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('is found: a deleted row breaks the link of the row after it', async () => {
    const all = await rows();
    const [gone, next] = [all.at(-4)!, all.at(-3)!];
    await asOwnerWithTriggersOff(sql`delete from audit_log where id = ${gone.id}`);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, first_bad_id: next.id });
    // Put back as it was, it verifies again.
    const ownerDb = (await t.database.openOwner()).db;
    await ownerDb.insert(auditLog).overridingSystemValue().values(gone);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('is found: two rows swapped', async () => {
    const all = await rows();
    const [a, b] = [all.at(-6)!, all.at(-5)!];
    const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
    const write = (id: number, y: typeof a) =>
      asOwnerWithTriggersOff(
        sql`update audit_log set entity_id = ${y.entityId}, action = ${y.action},
            before = ${json(y.before)}::jsonb, after = ${json(y.after)}::jsonb,
            at = ${y.at.toISOString()}::timestamptz, prev_hash = ${y.prevHash}, hash = ${y.hash}
            where id = ${id}`,
      );
    await write(a.id, b);
    await write(b.id, a);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, first_bad_id: a.id });
    await write(a.id, a);
    await write(b.id, b);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });

  it('is found: a row put in between two others, even with a right hash of its own', async () => {
    // A change that rolled back took an id and left a gap.
    await t.db
      .transaction(async (tx) => {
        await appendAudit(tx, { action: 'test.rolled_back', entity: 'test', entityId: null });
        tx.rollback();
      })
      .catch(() => {});
    const productId = await product(t.db, { priceCents: 5_000, stock: 1 });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/products/${productId}`,
      headers: owner.auth,
      payload: { price: 6_000 },
    });
    const all = await rows();
    const [prev, next] = [all.at(-2)!, all.at(-1)!];
    expect(next.id).toBe(prev.id + 2);
    const planted = {
      id: prev.id + 1,
      at: new Date(),
      actorId: owner.id,
      actorEmail: owner.email,
      actorRole: 'owner',
      action: 'staff.role.update',
      entity: 'user',
      entityId: '1',
      before: { role: null },
      after: { role: 'owner' },
      ip: null,
      requestId: null,
      prevHash: prev.hash,
    };
    const ownerDb = (await t.database.openOwner()).db;
    await ownerDb
      .insert(auditLog)
      .overridingSystemValue()
      .values({ ...planted, hash: hashOf(planted) });
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: false, first_bad_id: next.id });
    await asOwnerWithTriggersOff(sql`delete from audit_log where id = ${planted.id}`);
    expect(await verifyAuditChain(t.db)).toMatchObject({ ok: true });
  });
});

describe('rows from before the chain', () => {
  it('are sealed once by a chained row carrying their digest, which a change to them breaks', async () => {
    const fresh = await createTestApp();
    try {
      // Written as an older version of Duka wrote them: no hashes.
      await fresh.db.insert(auditLog).values([
        { action: 'product.price.update', entity: 'product', entityId: '1', after: { b: 1, a: 2 } },
        { action: 'order.status.update', entity: 'order', entityId: '7', actorEmail: 'a@b.ke' },
      ]);
      expect(await verifyAuditChain(fresh.db)).toMatchObject({ ok: false, problem: /not chained/ });
      await sealUnchainedRows(fresh.db);
      await sealUnchainedRows(fresh.db); // once is enough: the second finds nothing to seal
      const all = await fresh.db.select().from(auditLog).orderBy(asc(auditLog.id));
      expect(all.map((r) => r.action)).toEqual([
        'product.price.update',
        'order.status.update',
        SEAL_ACTION,
      ]);
      expect(all[2]!.after).toMatchObject({ rows: 2, from_id: all[0]!.id, to_id: all[1]!.id });
      expect(all[2]!.prevHash).toBe(GENESIS);
      expect(await verifyAuditChain(fresh.db)).toMatchObject({ ok: true, rows: 3 });

      const ownerDb = (await fresh.database.openOwner()).db;
      await ownerDb.transaction(async (tx) => {
        await tx.execute(sql`alter table audit_log disable trigger all`);
        await tx.execute(sql`update audit_log set actor_email = null where id = ${all[1]!.id}`);
        await tx.execute(sql`alter table audit_log enable trigger all`);
      });
      expect(await verifyAuditChain(fresh.db)).toMatchObject({
        ok: false,
        first_bad_id: all[2]!.id,
      });
      const unchained = await fresh.db.select().from(auditLog).where(isNull(auditLog.hash));
      expect(unchained).toHaveLength(2);
    } finally {
      await fresh.close();
    }
  });
});
