// The app's own database role (decision record 025), in the PostgreSQL pass with two roles: it may
// add audit rows but cannot change or delete one, nor turn the append-only triggers off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql, type SQL } from 'drizzle-orm';
import { auditLog } from './schema.ts';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { admin } from '../../test/accounts.ts';
import { product } from '../../test/checkout-fixture.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  const owner = await admin(t.app, t.db);
  const id = await product(t.db, { priceCents: 10_000, stock: 5 });
  const res = await t.app.inject({
    method: 'PATCH',
    url: `/api/products/${id}`,
    headers: owner.auth,
    payload: { price: 120 },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
});
afterAll(() => t.close());

describe("the app's own database role", () => {
  it('may add audit rows but never change or delete one, nor turn the triggers off', async () => {
    const [row] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.price.update'))
      .limit(1);
    const refused = async (query: SQL) => {
      const err = (await t.db.execute(query).then(
        () => null,
        (e: unknown) => e,
      )) as { cause?: { message?: string; code?: string } } | null;
      expect(err, `${query.queryChunks.length}`).not.toBeNull();
      return err!.cause?.message ?? String(err);
    };
    expect(
      await refused(sql`update audit_log set actor_email = 'forged@x' where id = ${row!.id}`),
    ).toMatch(/permission denied/);
    expect(await refused(sql`delete from audit_log where id = ${row!.id}`)).toMatch(
      /permission denied/,
    );
    expect(await refused(sql`truncate audit_log`)).toMatch(/permission denied/);
    expect(await refused(sql`alter table audit_log disable trigger all`)).toMatch(/must be owner/);
    expect(await refused(sql`drop trigger audit_log_no_update_or_delete on audit_log`)).toMatch(
      /must be owner/,
    );
    expect(await refused(sql`create table sneaky (id int)`)).toMatch(/permission denied/);
  });
});
