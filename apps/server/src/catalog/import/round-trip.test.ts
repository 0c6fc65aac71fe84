// The demo catalogue (sizes, colours, discounts, several pictures, descriptions with line
// breaks) exported and imported again: nothing changes, nothing is refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { admin, type LoggedIn } from '../../../test/accounts.ts';
import { products, productVariants } from '../schema.ts';
import { seedDemoCatalog } from '../../seed/demo.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://duka.example' });
  await seedDemoCatalog(t.db);
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const snapshot = async () => ({
  products: await t.db.select().from(products).orderBy(products.id),
  variants: await t.db.select().from(productVariants).orderBy(productVariants.id),
});

describe('export, then import', () => {
  it('gives back the demo catalogue unchanged, every product matched', async () => {
    const before = await snapshot();
    const exported = await t.app.inject({
      url: '/api/admin/products/export.csv',
      headers: boss.auth,
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { ...boss.auth, 'content-type': 'text/csv' },
      payload: exported.body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: before.products.length,
      errors: [],
      warnings: [],
      images_pending: 0,
    });
    expect(await snapshot()).toEqual(before);
  });
});
