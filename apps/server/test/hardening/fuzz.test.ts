// Thousands of generated requests across the documented API, none of which may crash it: each
// answer is below 500. Requests are shaped by the OpenAPI document (its operations, their path
// parameters, query parameters and body fields) so that many get past routing, log-in and the
// schemas into the services, and then spoilt: control characters, unusual Unicode, numbers beyond
// every column, wrong types, unknown fields, deep nesting, malformed JSON, odd methods and media
// types. One app and one database serve the whole run; the accounts are made once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { INT32_MAX, INT32_MIN } from '@duka/domain';
import { createTestApp, type TestContext } from '../app.ts';
import { admin, shopper, type LoggedIn } from '../accounts.ts';
import { fillCheckoutSteps, product, putInCart } from '../checkout-fixture.ts';
import { users } from '../../src/db/schema.ts';
import {
  describeOperation,
  documentedOperations,
  exampleOf,
  percentEncode,
  type JsonSchema,
  type Operation,
} from './operations.ts';

// Each run is a request through the whole app; 2,000 reach every operation many times over, and
// CI runs the suite twice (PGlite, PostgreSQL) on two cores.
const RUNS = 2_000;

let t: TestContext;
let operations: Operation[];
let staff: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  t = await createTestApp();
  staff = await admin(t.app, t.db);
  customer = await shopper(t.app);
  // A few products, so that generated ids often name one; carts and checkout details, so that
  // lines can be changed and orders made.
  const ids: number[] = [];
  for (let i = 0; i < 6; i++)
    ids.push(await product(t.db, { priceCents: 10_000 * (i + 1), stock: 20 }));
  for (const who of [staff, customer]) {
    for (const id of ids.slice(0, 3)) await putInCart(t.db, who.id, id, 1);
    await fillCheckoutSteps(t.app, who);
  }
  // Logging out would end the fuzzer's own session; the route takes no input besides.
  operations = (await documentedOperations(t.app)).filter(
    (op) => describeOperation(op) !== 'POST /api/logout',
  );
});
afterAll(() => t.close());

// ---------------------------------------------------------------- text and numbers

const chars = (list: string) => fc.constantFrom(...list);
const letters = chars('aZ7 -.@/#+');
const controls = chars('\u0000\u0001\u0008\u000b\u001b\u001f\u007f');
const unicode = fc.constantFrom(...['é', 'ß', '中', '🇰🇪', '\u200b', '\u202e', '\ufeff', '\u0085']);
const halfPairs = fc.constantFrom('\ud800', '\udfff'); // half a surrogate pair: JSON can spell one
const syntax = fc.constantFrom(...[...'\'"%_\\;$&=?\t\n\r', '--', '$1']);

const hostileText = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.string({
      unit: fc.oneof(letters, controls, unicode, halfPairs, syntax),
      maxLength: 30,
    }),
  },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 20 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...['', ' ', 'null', 'NaN', '-1', '0', '1e309', '0x10', '__proto__', 'constructor'],
      ...['2147483648', '9007199254740993', 'x'.repeat(5_000)],
    ),
  },
);

/** Numbers at and beyond the edges of PostgreSQL's integer and of JavaScript's safe integers. */
const hostileNumber = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom(
      ...[2_147_483_647, 2_147_483_648, -2_147_483_649, 1e15, -1e15, Number.MAX_SAFE_INTEGER],
    ),
  },
  { weight: 2, arbitrary: fc.constantFrom(...[2 ** 53 + 2, 1e308, -1e308, 5e-324, 0, 0.5, -1]) },
  { weight: 2, arbitrary: fc.maxSafeInteger() },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

const anyJson = fc.jsonValue({ maxDepth: 3, stringUnit: fc.oneof(letters, controls, unicode) });

/** JSON text nested `depth` deep, as text (a value that deep cannot be built and stringified). */
const deepJson = fc
  .tuple(fc.integer({ min: 20, max: 5_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays
      ? `${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

// ---------------------------------------------------------------- values from the schemas

/** A value the field accepts (most of the time), so that the rest of the request is looked at. */
function validValue(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? INT32_MIN, INT32_MIN);
      const max = Math.min(schema.maximum ?? INT32_MAX, INT32_MAX);
      // Small ids name records that exist: the six products, the two users, orders made on the way.
      const small = fc.integer({ min: Math.max(min, 1), max: Math.max(Math.min(max, 6), 1) });
      return fc.oneof(
        { weight: 3, arbitrary: small },
        { weight: 1, arbitrary: fc.integer({ min, max }) },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.oneof(
        fc.constant(exampleOf(schema, name)),
        fc.array(validValue(schema.items ?? {}, `${name}[]`), { minLength: 1, maxLength: 3 }),
      );
    case 'string':
      return fc.oneof(
        { weight: 4, arbitrary: fc.constant(exampleOf(schema, name)) },
        { weight: 1, arbitrary: fc.string({ unit: fc.oneof(letters, unicode), maxLength: 12 }) },
      );
    default:
      return fc.constant(exampleOf(schema, name));
  }
}

/** A wrong value, most often of the field's own kind: huge numbers for numbers, odd text for text. */
function hostileValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const numeric = schema.type === 'integer' || schema.type === 'number';
  return fc.oneof(
    { weight: numeric ? 6 : 1, arbitrary: hostileNumber },
    { weight: numeric ? 1 : 6, arbitrary: hostileText },
    { weight: 1, arbitrary: anyJson },
  );
}

/** Each field right two times in three, wrong otherwise. */
const fieldValue = (schema: JsonSchema, name: string) =>
  fc.oneof(
    { weight: 2, arbitrary: validValue(schema, name) },
    { weight: 1, arbitrary: hostileValue(schema) },
  );

/**
 * A JSON body as text: the documented fields, some of them spoilt, sometimes with an unknown one;
 * or any JSON at all, nested deep, malformed, or none.
 */
function bodyOf(op: Operation): fc.Arbitrary<string | undefined> {
  const properties = Object.entries(op.body?.properties ?? {});
  const shaped = fc
    .tuple(
      fc.record(
        Object.fromEntries(properties.map(([name, schema]) => [name, fieldValue(schema, name)])),
        { requiredKeys: op.body?.required ?? [] },
      ),
      // One time in four, a field nobody documented.
      fc.oneof(
        { weight: 3, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: fc.tuple(hostileText, hostileValue({})) },
      ),
    )
    .map(([fields, extra]) => JSON.stringify(extra ? { ...fields, [extra[0]]: extra[1] } : fields));
  return fc.oneof(
    { weight: op.body ? 12 : 0, arbitrary: shaped },
    { weight: 2, arbitrary: anyJson.map((v) => JSON.stringify(v)) },
    { weight: 1, arbitrary: deepJson },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', '[1,]', '{"a":1}}', 'nul', '\u0000', '') },
    { weight: op.body ? 1 : 16, arbitrary: fc.constant(undefined) },
  );
}

/** Text for a query string or a path: what the field accepts, or odd text, or a huge number. */
const textValue = (schema: JsonSchema, name: string) =>
  fc.oneof(
    { weight: 4, arbitrary: validValue(schema, name).map(String) },
    { weight: 1, arbitrary: hostileText },
    { weight: 1, arbitrary: hostileNumber.map(String) },
  );

function queryOf(op: Operation): fc.Arbitrary<string> {
  const documented = op.query.map((q) =>
    fc.tuple(fc.constant(q.name), textValue(q.schema, q.name)),
  );
  const pair = fc.oneof(...documented, fc.tuple(hostileText, hostileText));
  const encoded = fc
    .array(pair, { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`).join('&'));
  return fc.oneof(
    { weight: 10, arbitrary: encoded },
    // Broken escapes and bare separators, as typed into an address bar.
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        ...['q=%', 'q=%E0%A4%A', 'q=%00%', '&&=&', 'limit=1&&skip', 'q[a][b]=1', 'q=%ED%A0%80'],
      ),
    },
  );
}

function pathOf(op: Operation): fc.Arbitrary<string> {
  return fc.tuple(...op.params.map((p) => textValue(p.schema, p.name))).map((values) => {
    let i = 0;
    return op.path.replace(/\{\w+\}/g, () => percentEncode(values[i++] ?? ''));
  });
}

const methods = fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD');
const mediaTypes = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom('application/json', 'application/json; charset=utf-8') },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      ...['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'],
      'application/xml',
    ),
  },
);

interface Generated {
  op: Operation;
  method: string;
  url: string;
  body?: string;
  mediaType: string;
  who: 'staff' | 'customer' | 'visitor' | 'forged';
}

/** Operations that take input get more of the requests: they have more to get wrong. */
function requestsOver(ops: Operation[]): fc.Arbitrary<Generated> {
  const inputsOf = (op: Operation) =>
    op.params.length + op.query.length + Object.keys(op.body?.properties ?? {}).length;
  const operation = fc.oneof(
    ...ops.map((op) => ({ weight: 1 + Math.min(inputsOf(op), 3), arbitrary: fc.constant(op) })),
  );
  return operation.chain((op) =>
    fc.record({
      op: fc.constant(op),
      method: fc.oneof(
        { weight: 9, arbitrary: fc.constant(op.method) },
        { weight: 1, arbitrary: methods },
      ),
      url: fc
        .tuple(pathOf(op), queryOf(op))
        .map(([path, query]) => (query ? `${path}?${query}` : path)),
      body: bodyOf(op),
      mediaType: mediaTypes,
      who: fc.oneof(
        { weight: 4, arbitrary: fc.constant<Generated['who']>('staff') },
        { weight: 2, arbitrary: fc.constant<Generated['who']>('customer') },
        { weight: 1, arbitrary: fc.constantFrom<Generated['who']>('visitor', 'forged') },
      ),
    }),
  );
}

function headersOf(r: Generated): Record<string, string> {
  const auth =
    r.who === 'staff'
      ? staff.auth
      : r.who === 'customer'
        ? customer.auth
        : r.who === 'forged'
          ? { authorization: `Bearer ${staff.token.slice(0, -4)}AAAA` }
          : {};
  return { ...auth, ...(r.body === undefined ? {} : { 'content-type': r.mediaType }) };
}

describe('generated requests', () => {
  it(`never get a 5xx (${RUNS} requests)`, { timeout: 180_000 }, async () => {
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(requestsOver(operations), async (r) => {
        const res = await t.app.inject({
          method: r.method as InjectOptions['method'],
          url: r.url,
          headers: headersOf(r),
          ...(r.body === undefined ? {} : { payload: r.body }),
        });
        sent++;
        // Keep the fuzzer an administrator, whatever it did to the user list.
        if (r.url.startsWith('/api/admin/users/') || r.url.startsWith('/api/admin/staff'))
          await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, staff.id));
        const sentBody = r.body === undefined ? '' : ` with ${r.mediaType} ${r.body.slice(0, 300)}`;
        expect(
          res.statusCode,
          `${r.method} ${r.url} as ${r.who}${sentBody} → ${res.body.slice(0, 300)}`,
        ).toBeLessThan(500);
      }),
      { numRuns: RUNS },
    );
    expect(sent).toBeGreaterThanOrEqual(RUNS);
  });
});
