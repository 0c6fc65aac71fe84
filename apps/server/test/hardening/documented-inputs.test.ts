// Every input of every documented operation, sent wrong on purpose: NUL in each text field, integers
// beyond what PostgreSQL's integer holds, and values of the wrong type. Each answer must be a client
// error (never a 5xx), and a control character must be refused naming its field. The requests are
// sent as an administrator to records that exist, so that neither authorization nor a 404 answers
// before the input has been looked at.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { CONTROL_CHARACTER_MESSAGE, MALFORMED_TEXT_MESSAGE } from '@duka/domain';
import { createTestApp, type TestContext } from '../app.ts';
import { admin, PASSWORD, shopper, type LoggedIn } from '../accounts.ts';
import { createPayment, fillCheckoutSteps, product, putInCart } from '../checkout-fixture.ts';
import {
  describeOperation,
  documentedOperations,
  exampleOf,
  isNumeric,
  urlOf,
  type Operation,
} from './operations.ts';

interface Case {
  /** What is wrong, for the failure message. */
  label: string;
  request: InjectOptions;
  /** For text that is refused as such: the field the answer must name, and what it says. */
  names?: { field: string; message: string };
}

let t: TestContext;
let operations: Operation[];
let staff: LoggedIn;
const ids = { product: 0, order: 0, contact: 0, user: 0 };

beforeAll(async () => {
  t = await createTestApp();
  staff = await admin(t.app, t.db);
  const other = await shopper(t.app);
  ids.user = other.id;
  ids.product = await product(t.db, { priceCents: 10_000, stock: 50 });
  // An order of the admin's own, then a line left in the admin's cart.
  await putInCart(t.db, staff.id, await product(t.db, { priceCents: 5_000, stock: 5 }), 1);
  await fillCheckoutSteps(t.app, staff);
  ids.order = (await createPayment(t.app, staff)).json().order_id;
  await putInCart(t.db, staff.id, ids.product, 2);
  const contact = await t.app.inject({
    method: 'POST',
    url: '/api/contact',
    payload: { name: 'Otieno', email: 'otieno@example.co.ke', phone: '0712345678', message: 'Hi' },
  });
  if (contact.statusCode !== 201) throw new Error(`contact: ${contact.body}`);
  const contacts = await t.app.inject({ url: '/api/admin/contacts', headers: staff.auth });
  ids.contact = contacts.json().contacts[0].id;
  // Daraja's callback answers every delivery with 'Accepted' (the contract: whatever
  // arrives is recorded for the admin and never marks anything paid unless it proves itself), so
  // it has no 4xx to give; it has tests of its own for malformed bodies (payments/callbacks.test.ts).
  // The same holds for its Paybill/Till validation and confirmation (payments/mpesa/c2b/c2b.test.ts)
  // and the results of B2C refunds (payments/mpesa/b2c/refunds.test.ts).
  const callbacks = ['/api/mpesa/callback', '/api/mpesa/c2b', '/api/mpesa/b2c'];
  operations = (await documentedOperations(t.app)).filter(
    (op) => !callbacks.some((path) => op.path.startsWith(path)),
  );
});
afterAll(() => t.close());

/** A record that exists for each path parameter, so the request gets past its 404. */
function validParams(op: Operation): Record<string, string> {
  const id = /\/order\/|\/admin\/orders\//.test(op.path)
    ? ids.order
    : op.path.startsWith('/api/admin/users/')
      ? ids.user
      : op.path.startsWith('/api/admin/messages/')
        ? ids.contact
        : ids.product;
  return Object.fromEntries(
    op.params.map((p) => [
      p.name,
      p.name === 'id' ? String(id) : String(exampleOf(p.schema, p.name)),
    ]),
  );
}

const requiredQuery = (op: Operation): [string, string][] =>
  op.query.filter((q) => q.required).map((q) => [q.name, String(exampleOf(q.schema, q.name))]);

const validBody = (op: Operation) =>
  op.body?.properties ? (exampleOf(op.body) as Record<string, unknown>) : {};

const HUGE = [2_147_483_648, 1e15, -1e15];
const NUL_TEXT = 'a\u0000b';
const HALF_PAIR = 'é\udfff'; // half of a surrogate pair: JSON can spell it, but it is not text

const nul = (field: string) => ({ field, message: CONTROL_CHARACTER_MESSAGE });
const halfPair = (field: string) => ({ field, message: MALFORMED_TEXT_MESSAGE });

/** The requests of one operation, each with one thing wrong and everything else right. */
function casesOf(op: Operation): Case[] {
  const cases: Case[] = [];
  const send = (
    label: string,
    parts: { params?: Record<string, string>; query?: [string, string][]; body?: unknown },
    names?: Case['names'],
  ) =>
    cases.push({
      label,
      names,
      request: {
        method: op.method as InjectOptions['method'],
        url: urlOf(op, { ...validParams(op), ...parts.params }, parts.query ?? requiredQuery(op)),
        headers: staff.auth,
        ...(op.body ? { payload: (parts.body ?? validBody(op)) as InjectOptions['payload'] } : {}),
      },
    });

  for (const p of op.params) {
    send(`path ${p.name} with NUL`, { params: { [p.name]: NUL_TEXT } }, nul(p.name));
    const wrong = isNumeric(p.schema) ? [...HUGE.map(String), 'abc', '1.5'] : ['x'.repeat(500)];
    for (const value of wrong) send(`path ${p.name}=${value}`, { params: { [p.name]: value } });
  }

  for (const q of op.query) {
    const others = requiredQuery(op).filter(([name]) => name !== q.name);
    const query = (...pairs: [string, string][]) => ({ query: [...others, ...pairs] });
    send(`query ${q.name} with NUL`, query([q.name, NUL_TEXT]), nul(q.name));
    send(`query ${q.name} twice`, query([q.name, '1'], [q.name, '2']));
    send(`query ${q.name}[x]`, query([`${q.name}[x]`, '1']));
    if (isNumeric(q.schema)) {
      const fraction = q.schema.type === 'integer' ? ['1.5'] : [];
      for (const value of [...HUGE.map(String), 'abc', 'NaN', 'Infinity', '-1', ...fraction])
        send(`query ${q.name}=${value}`, query([q.name, value]));
    }
  }

  if (op.body) {
    const body = validBody(op);
    for (const [name, schema] of Object.entries(op.body.properties ?? {})) {
      const withField = (value: unknown) => ({ body: { ...body, [name]: value } });
      if (schema.type === 'string') {
        send(`body ${name} with NUL`, withField(NUL_TEXT), nul(name));
        send(`body ${name} with half a pair`, withField(HALF_PAIR), halfPair(name));
        for (const value of [42, {}, [], true])
          send(`body ${name}=${JSON.stringify(value)}`, withField(value));
      } else if (schema.type === 'array') {
        send(`body ${name} with NUL`, withField([NUL_TEXT]), nul(`${name}.0`));
        for (const value of ['x', {}, [{}], [42]])
          send(`body ${name}=${JSON.stringify(value)}`, withField(value));
      } else if (isNumeric(schema)) {
        // null is a value a nullable field documents (no limit, none chosen).
        for (const value of [...HUGE, '12', {}, [], true, ...(schema.nullable ? [] : [null])])
          send(`body ${name}=${JSON.stringify(value)}`, withField(value));
      } else if (schema.type === 'boolean') {
        for (const value of ['true', 1, {}, null])
          send(`body ${name}=${JSON.stringify(value)}`, withField(value));
      }
    }
    // Text the schema does not know is refused too, whatever the schema would do with it.
    send(
      'body with an unknown field holding NUL',
      { body: { ...body, note: NUL_TEXT } },
      nul('note'),
    );
    // A body that must be an object (create-payment takes anything and ignores it).
    if (op.body.type === 'object')
      for (const whole of [[], 'text', 42, null, [body]])
        send(`body ${JSON.stringify(whole)}`, { body: JSON.stringify(whole) });
  }
  return cases;
}

async function failuresOf(
  pick: (c: Case) => boolean,
  check: (c: Case, status: number, body: string) => string | undefined,
) {
  const failures: string[] = [];
  let sent = 0;
  for (const op of operations) {
    for (const c of casesOf(op).filter(pick)) {
      // Bodies that are JSON text of their own (a bare string, null…) are said to be JSON.
      const json = op.body ? { 'content-type': 'application/json' } : {};
      const res = await t.app.inject({ ...c.request, headers: { ...c.request.headers, ...json } });
      sent++;
      const problem = check(c, res.statusCode, res.body);
      if (problem) failures.push(`${describeOperation(op)} ${c.label}: ${problem}`);
    }
  }
  return { failures, sent };
}

describe('documented inputs', () => {
  it('are read from the OpenAPI document, every route that takes input included', () => {
    const withInput = operations
      .filter((op) => op.params.length + op.query.length > 0 || op.body)
      .map(describeOperation);
    for (const expected of [
      'GET /api/products',
      'POST /api/products',
      'PATCH /api/products/{id}',
      'GET /api/products/category/{category}',
      'POST /api/login',
      'POST /api/cart',
      'PATCH /api/cart/{id}',
      'POST /api/shipping',
      'POST /api/contact',
      'GET /api/admin/search',
      'POST /api/admin/messages/{id}/reply',
    ]) {
      expect(withInput).toContain(expected);
    }
  });

  it('refuse a control character (or half a surrogate pair) in any text with a 400 naming the field', async () => {
    const { failures, sent } = await failuresOf(
      (c) => c.names !== undefined,
      (c, status, body) => {
        if (status !== 400) return `${status} ${body}`;
        const answer = JSON.parse(body) as { code: string; fields?: Record<string, string> };
        const { field, message } = c.names!;
        if (answer.code !== 'VALIDATION_FAILED' || answer.fields?.[field] !== message)
          return `does not say '${message}' of ${field}: ${body}`;
        return undefined;
      },
    );
    expect(sent).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it('answer huge integers and values of the wrong type with a client error, never a 5xx', async () => {
    const { failures, sent } = await failuresOf(
      (c) => c.names === undefined,
      (_c, status, body) => (status >= 400 && status < 500 ? undefined : `${status} ${body}`),
    );
    expect(sent).toBeGreaterThan(200);
    expect(failures).toEqual([]);
  });

  it('keep line breaks and tabs in multi-line text legal', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Achieng',
        email: 'achieng@example.co.ke',
        phone: '0712345678',
        message: 'Habari,\r\nI would like:\n\t- two stools\n\t- one table',
      },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe("answers that carry a person's data", () => {
  it('are never kept by a cache: every GET that takes a token says no-store', async () => {
    const reads = operations.filter((op) => op.secured && op.method === 'GET');
    expect(reads.map(describeOperation)).toEqual(
      expect.arrayContaining([
        'GET /api/cart',
        'GET /api/current_user',
        'GET /api/profile',
        'GET /api/wishlist',
        'GET /api/order',
      ]),
    );
    const missing: string[] = [];
    for (const op of reads) {
      const res = await t.app.inject({
        url: urlOf(op, validParams(op), requiredQuery(op)),
        headers: staff.auth,
      });
      if (!String(res.headers['cache-control']).includes('no-store')) {
        missing.push(
          `${describeOperation(op)} (${res.statusCode}): ${res.headers['cache-control']}`,
        );
      }
    }
    expect(missing).toEqual([]);
    // Log-in and refresh answer with tokens.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: staff.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.headers['cache-control']).toBe('private, no-store');
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      headers: { authorization: `Bearer ${login.json().refresh_token}` },
    });
    expect(refresh.headers['cache-control']).toBe('private, no-store');
  });
});

describe('routes left out of the document', () => {
  it('refuse a control character too (the sandbox payment page)', async () => {
    for (const url of ['/sandbox-pay/a%00b', '/sandbox-pay/a%1Fb/approve']) {
      const res = await t.app.inject({ method: url.endsWith('approve') ? 'POST' : 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().fields, url).toEqual({ paymentId: CONTROL_CHARACTER_MESSAGE });
    }
  });
});
