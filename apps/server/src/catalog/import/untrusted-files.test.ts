// Files that could crash or freeze the shop (issue 32): a NUL byte or bytes that are not UTF-8
// refuse their row by line and column, a product the database refuses is a plain sentence (its
// error in the log, by request id), 100,000 rows with an error each are all reported, and a dry
// run writes nothing, not even what it would roll back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../test/app.ts';
import { admin, type LoggedIn } from '../../../test/accounts.ts';
import { products } from '../schema.ts';
import { queryRows } from '../../lib/sql.ts';
import { planImportInSlices } from './plan.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://duka.example' });
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const HEADER =
  'Handle,Title,Body (HTML),Vendor,Type,Option1 Name,Option1 Value,Variant SKU,Variant Inventory Qty,Variant Price,Status';
const row = (handle: string, title: string, body = 'Body', price = '450.00') =>
  `${handle},${title},${body},Kikombe,Kitchen,Title,Default Title,${handle.toUpperCase()},3,${price},active`;

const importCsv = async (csv: string | Buffer, query = '') => {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/products/import${query}`,
    headers: { ...boss.auth, 'content-type': 'text/csv' },
    payload: csv,
  });
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  return { outcome: res.json(), requestId: String(res.headers['x-request-id']) };
};

const handles = async (...names: string[]) =>
  (await t.db.select({ handle: products.handle }).from(products))
    .map((p) => p.handle)
    .filter((h) => names.includes(h!));

describe('a row that is not text', () => {
  it('is refused by line and column for a NUL byte, in the Handle or the body', async () => {
    const csv = [
      HEADER,
      row('nul-ok-mug', 'Good Mug'),
      row('nul\u0000mug', 'Handle Mug'),
      row('nul-body-mug', 'Body Mug', 'Hot\u0000tea'),
    ].join('\n');
    const { outcome } = await importCsv(csv);
    expect(outcome.errors).toEqual([
      {
        line: 3,
        column: 'Handle',
        message: 'Contains a character that is not allowed (NUL).',
      },
      {
        line: 4,
        column: 'Body (HTML)',
        message: 'Contains a character that is not allowed (NUL).',
      },
    ]);
    expect(outcome.created).toBe(1);
    expect(await handles('nul-ok-mug', 'nul-body-mug')).toEqual(['nul-ok-mug']);
  });

  it('is refused for bytes that are not UTF-8 (a Latin-1 é), by line and column', async () => {
    const csv = Buffer.concat([
      Buffer.from(`${HEADER}\n${row('latin-ok-mug', 'Good Mug')}\nlatin-mug,Caf`),
      Buffer.from([0xe9]), // é in Latin-1; in UTF-8 a lead byte with nothing to follow it
      Buffer.from(' Mug,Body,Kikombe,Kitchen,Title,Default Title,LATIN-1,3,450.00,active\n'),
    ]);
    const { outcome } = await importCsv(csv);
    expect(outcome.errors).toEqual([
      {
        line: 3,
        column: 'Title',
        message: 'Contains bytes that are not UTF-8 text (save the file as CSV UTF-8).',
      },
    ]);
    expect(outcome.created).toBe(1);
    expect(await handles('latin-ok-mug', 'latin-mug')).toEqual(['latin-ok-mug']);
  });
});

describe('a product the database refuses', () => {
  it('is reported in a plain sentence with the request id, its error only in the log', async () => {
    // A check the import does not know of: the database refuses this one title.
    const owner = (await t.database.openOwner()).db;
    await owner.execute(
      sql.raw(`CREATE FUNCTION refuse_test_title() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.title = 'Refused Mug' THEN RAISE EXCEPTION 'refused by the test trigger'; END IF;
          RETURN NEW;
        END $$`),
    );
    await owner.execute(
      sql.raw(`CREATE TRIGGER refuse_test_title BEFORE INSERT ON products
        FOR EACH ROW EXECUTE FUNCTION refuse_test_title()`),
    );
    try {
      const csv = [HEADER, row('refused-mug', 'Refused Mug'), row('saved-mug', 'Saved Mug')];
      const { outcome, requestId } = await importCsv(csv.join('\n'));
      expect(outcome.errors).toEqual([
        {
          line: 2,
          column: null,
          message: `This product could not be saved. The error was logged with request id ${requestId}.`,
        },
      ]);
      expect(outcome.created).toBe(1);
      expect(await handles('refused-mug', 'saved-mug')).toEqual(['saved-mug']);
      const logged = t.logs
        .filter((l) => l.includes('could not be saved'))
        .map((l) => JSON.parse(l));
      expect(logged).toMatchObject([
        {
          reqId: requestId,
          line: 2,
          err: { message: expect.stringContaining('refused by the test trigger') },
        },
      ]);
    } finally {
      await owner.execute(sql.raw('DROP TRIGGER refuse_test_title ON products'));
      await owner.execute(sql.raw('DROP FUNCTION refuse_test_title()'));
    }
  });
});

describe('a large file', () => {
  const lines = [HEADER];
  for (let i = 1; i <= 100_000; i++) lines.push(row(`bad-${i}`, `Bad ${i}`, 'Body', '-1.00'));
  const csv = lines.join('\n');

  it('counts every one of 100,000 rows with an error, and lists the first thousand', async () => {
    const { outcome } = await importCsv(csv, '?dry_run=true');
    expect(outcome).toMatchObject({
      status: 'done',
      total_rows: 100_000,
      created: 0,
      error_count: 100_000,
    });
    expect(outcome.errors).toHaveLength(1_000);
    expect(outcome.errors[999]).toEqual({
      line: 1_001,
      column: 'Variant Price',
      message: 'A price cannot be negative.',
    });
  });

  it('is checked in slices, the event loop free between them', async () => {
    let done = false;
    const checking = planImportInSlices(Buffer.from(csv)).then((plan) => {
      done = true;
      return plan;
    });
    // Work done in one stretch would have ended before the loop's next turn.
    await new Promise(setImmediate);
    expect(done).toBe(false);
    expect((await checking).errors).toHaveLength(100_000);
  });
});

describe('a dry run', () => {
  it('writes nothing, not even rows it would roll back', async () => {
    const owner = (await t.database.openOwner()).db;
    const lastId = async () =>
      (
        await queryRows<{ last_value: string }>(
          owner,
          sql`select last_value::text from products_id_seq`,
        )
      )[0]!.last_value;
    const total = async () => (await t.db.select({ n: count() }).from(products))[0]!.n;
    const before = { products: await total(), lastId: await lastId() };
    const csv = [HEADER, row('dry-kettle', 'Dry Kettle'), row('dry-flask', 'Dry Flask')].join('\n');
    const { outcome } = await importCsv(csv, '?dry_run=true');
    expect(outcome).toMatchObject({ dry_run: true, created: 2, errors: [] });
    // A rolled-back insert still takes its id from the sequence.
    expect({ products: await total(), lastId: await lastId() }).toEqual(before);
    expect(await t.db.select().from(products).where(eq(products.handle, 'dry-kettle'))).toEqual([]);
  });
});
