// An M-PESA statement that is not text (issue 32): a NUL byte or bytes that are not UTF-8 in a
// cell refuse the whole file with a 400 naming the line and column, as text/csv or as a file,
// and nothing of it is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type TestContext } from '../../../../test/app.ts';
import { admin, type LoggedIn } from '../../../../test/accounts.ts';
import { mpesaC2b, mpesaStatementLines } from '../../schema.ts';

let t: TestContext;
let boss: LoggedIn;
beforeAll(async () => {
  t = await createTestApp();
  boss = await admin(t.app, t.db);
});
afterAll(() => t.close());

const HEADER =
  '"Receipt No.","Completion Time","Initiation Time","Details","Transaction Status","Paid In","Withdrawn","Balance","Balance Confirmed","Reason Type","Other Party Info","Linked Transaction ID","A/C No."';
const line = (receipt: string, details: string) =>
  `${receipt},2026-11-20 14:03:11,2026-11-20 14:03:11,"${details}",Completed,750.00,,,true,Pay Bill,"PETER",,SHOP`;

/** Line 1 a preamble, line 2 blank, the header on line 3, the lines from line 4. */
const statement = (...lines: (string | Buffer)[]) =>
  Buffer.concat(
    ['Organisation Name,DUKA LTD\r\n\r\n', HEADER, ...lines.flatMap((l) => ['\r\n', l])].map(
      (part) => (typeof part === 'string' ? Buffer.from(part) : part),
    ),
  );

const asText = (csv: Buffer) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/mpesa/statement',
    headers: { ...boss.auth, 'content-type': 'text/csv' },
    payload: csv,
  });

const asFile = (csv: Buffer) => {
  const boundary = 'duka-statement-boundary';
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/mpesa/statement',
    headers: { ...boss.auth, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      csv,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  });
};

const kept = async () => ({
  lines: (await t.db.select({ n: count() }).from(mpesaStatementLines))[0]!.n,
  payments: (await t.db.select({ n: count() }).from(mpesaC2b))[0]!.n,
});

describe('a statement that is not text', () => {
  for (const [how, send] of [
    ['as text/csv', asText],
    ['as a file', asFile],
  ] as const) {
    it(`is refused for a NUL byte in Details, ${how}, naming line and column`, async () => {
      const csv = statement(line('QK9GOOD0001', 'Pay Bill'), line('QK9NUL00001', 'Pay\u0000Bill'));
      const res = await send(csv);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        error: 'Line 5, column Details: contains a character that is not allowed (NUL).',
      });
      expect(await kept()).toEqual({ lines: 0, payments: 0 });
    });

    it(`is refused for bytes that are not UTF-8, ${how}, naming line and column`, async () => {
      const latin1 = Buffer.from(line('QK9LATIN001', 'Pay Bill from JOS\u00c9'), 'latin1');
      const res = await send(statement(line('QK9GOOD0002', 'Pay Bill'), latin1));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe(
        'Line 5, column Details: contains bytes that are not UTF-8 text (save the file as CSV UTF-8).',
      );
      expect(await kept()).toEqual({ lines: 0, payments: 0 });
    });
  }

  it('still takes the same statement once it is clean', async () => {
    const res = await asFile(statement(line('QK9GOOD0003', 'Pay Bill from JOSÉ')));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ lines: 1, missing_in_shop: [{ receipt: 'QK9GOOD0003' }] });
  });
});
