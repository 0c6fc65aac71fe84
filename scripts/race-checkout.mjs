// Two real server processes on one PostgreSQL database, and 40 shoppers racing for the last 5
// units across both: each creates a payment on one instance and pays on the other. Exactly 5 must
// be paid and the stock must end at 0. Then two shoppers whose open orders and new carts cross,
// 30 rounds, one on each instance: no answer may be a 5xx and the stock must add up. Prints its
// figures; exits non-zero when a rule breaks.
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node scripts/race-checkout.mjs
//
// With DATABASE_OWNER_URL as well, that role makes the database and the servers migrate through
// it, while they and this script's own queries run as DATABASE_URL's role (CI does this).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SHOPPERS = 40;
const UNITS = 5;
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const ownerBase = process.env.DATABASE_OWNER_URL ?? base;
const dbName = `duka_race_${process.pid}`;
const dbUrl = Object.assign(new URL(base), { pathname: `/${dbName}` }).toString();
const ownerUrl = Object.assign(new URL(ownerBase), { pathname: `/${dbName}` }).toString();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'duka-race-'));
const ports = [4391, 4392];
const children = [];

const admin = new pg.Client({ connectionString: ownerBase });
await admin.connect();
await admin.query(`drop database if exists ${dbName} with (force)`);
await admin.query(`create database ${dbName}`);

function startServer(port) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      DATABASE_OWNER_URL: ownerUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      JWT_SECRET: 'race-secret-that-is-long-enough-for-hs256-signing',
      ADMIN_EMAIL: 'admin@duka.test',
      ADMIN_PASSWORD: 'Admin#2026pass',
      SIGNUP_RATE_LIMIT_PER_HOUR: '100000',
      LOGIN_ATTEMPTS_PER_ADDRESS: '100000',
    },
  });
  children.push(child);
}

async function waitReady(port) {
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (ready?.ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on port ${port} did not come up`);
}

async function call(port, method, url, { token, body } = {}) {
  const res = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    redirect: 'manual',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined; // the sandbox's redirects carry no JSON
  }
  return { status: res.status, json, location: res.headers.get('location') };
}

async function shopper(i, port) {
  const email = `racer${i}@example.co.ke`;
  const password = 'Sunny#Day42';
  const signup = await call(port, 'POST', '/api/register', {
    body: { username: `racer${i}`, email, phone_number: '0712345678', password },
  });
  if (signup.status !== 201) throw new Error(`sign-up ${signup.status}`);
  const login = await call(port, 'POST', '/api/login', { body: { email, password } });
  return login.json.access_token;
}

const CROSSING_ROUNDS = 30;

/**
 * A's open order holds X while A's cart wants Y, and B's holds Y while B's wants X: each new
 * checkout gives back what the other takes. Locked set by set, the two wait on each other.
 */
async function crossingCheckouts(db, categoryId) {
  const made = [];
  for (const sku of ['CROSS-X', 'CROSS-Y']) {
    const row = await db.query(
      `insert into products (title, description, category_id, brand, sku, price_cents, stock)
       values ($1, 'Crossing.', $2, 'Race', $1, 10000, 100) returning id`,
      [sku, categoryId],
    );
    made.push(row.rows[0].id);
  }
  const [x, y] = made;
  const shoppers = [];
  for (const i of [1000, 1001]) {
    const token = await shopper(i, ports[i % 2]);
    await call(ports[i % 2], 'POST', '/api/shipping', {
      token,
      body: { name: 'Crosser', street_address: 'Moi Avenue 2', city: 'Nairobi', zip_code: '00100' },
    });
    await call(ports[i % 2], 'POST', '/api/payment', {
      token,
      body: { email: `racer${i}@example.co.ke` },
    });
    const me = await call(ports[i % 2], 'GET', '/api/current_user', { token });
    shoppers.push({ token, id: me.json.id });
  }
  const statuses = [];
  for (let round = 0; round < CROSSING_ROUNDS; round++) {
    const wants = round % 2 ? [y, x] : [x, y];
    for (const [i, { id }] of shoppers.entries()) {
      await db.query('delete from cart_items where user_id = $1', [id]);
      // A cart line names the variant (issue 21): these products have just their one.
      await db.query(
        `insert into cart_items (user_id, product_id, variant_id, quantity)
         select $1, $2, v.id, 1 from product_variants v where v.product_id = $2`,
        [id, wants[i]],
      );
    }
    const answers = await Promise.all(
      shoppers.map(({ token }, i) =>
        call(ports[i], 'POST', '/api/create-payment', { token, body: {} }),
      ),
    );
    statuses.push(...answers.map((a) => a.status));
  }
  const stock = await db.query('select stock from products where id = any($1) order by id', [made]);
  return { statuses, stock: stock.rows.map((r) => r.stock) };
}

let exitCode = 1;
try {
  // Both start at once on the empty database: migrations run once, under the advisory lock.
  ports.forEach(startServer);
  await Promise.all(ports.map(waitReady));

  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const cat = await db.query(
    `insert into categories (slug, name) values ('race', 'Race') returning id`,
  );
  const product = await db.query(
    `insert into products (title, description, category_id, brand, sku, price_cents, stock)
     values ('Last units', 'Five left.', $1, 'Race', 'RACE-1', 100000, $2) returning id`,
    [cat.rows[0].id, UNITS],
  );
  const productId = product.rows[0].id;

  const tokens = await Promise.all(
    Array.from({ length: SHOPPERS }, (_, i) => shopper(i, ports[i % 2])),
  );
  for (const [i, token] of tokens.entries()) {
    const port = ports[i % 2];
    await call(port, 'POST', '/api/cart', { token, body: { product_id: productId, quantity: 1 } });
    await call(port, 'POST', '/api/shipping', {
      token,
      body: { name: 'Racer', street_address: 'Moi Avenue 1', city: 'Nairobi', zip_code: '00100' },
    });
    await call(port, 'POST', '/api/payment', { token, body: { email: `racer${i}@example.co.ke` } });
  }

  const started = Date.now();
  const outcomes = await Promise.all(
    tokens.map(async (token, i) => {
      const [here, there] = i % 2 ? ports : [...ports].reverse();
      const created = await call(here, 'POST', '/api/create-payment', { token, body: {} });
      if (created.status !== 200) return { created: created.status };
      const { paymentId } = created.json;
      const approved = await call(there, 'POST', `/sandbox-pay/${paymentId}/approve`);
      const payerId = new URL(approved.location, 'http://x').searchParams.get('PayerID');
      const query = `paymentId=${encodeURIComponent(paymentId)}&PayerID=${payerId}`;
      // The return arrives twice, once at each instance, at the same moment.
      const [a, b] = await Promise.all(
        [here, there].map((port) => call(port, 'GET', `/api/execute-payment?${query}`, { token })),
      );
      return { created: 200, executed: [a.status, b.status] };
    }),
  );
  const ms = Date.now() - started;

  const crossing = await crossingCheckouts(db, cat.rows[0].id);

  const paid = await db.query(`select count(*)::int as n from orders where status = 'paid'`);
  const captured = await db.query(
    `select count(*)::int as n from payments where status = 'captured'`,
  );
  const stock = await db.query(`select stock from products where id = $1`, [productId]);
  await db.end();
  const createdOk = outcomes.filter((o) => o.created === 200).length;
  const soldOut = outcomes.filter((o) => o.created === 409).length;
  const other = outcomes.filter((o) => o.created !== 200 && o.created !== 409).length;
  console.log(
    `race: ${SHOPPERS} shoppers, ${UNITS} units, 2 instances: ${createdOk} payments started, ` +
      `${soldOut} told sold out, ${other} other answers; ${paid.rows[0].n} orders paid, ` +
      `${captured.rows[0].n} captures, stock left ${stock.rows[0].stock}; ${ms} ms`,
  );
  console.log(
    `crossing: 2 shoppers, ${CROSSING_ROUNDS} rounds, 2 instances: ` +
      `${crossing.statuses.filter((s) => s >= 500).length} 5xx answers of ` +
      `${crossing.statuses.length}; stock left ${crossing.stock.join(' and ')} (expected 99 and 99)`,
  );
  const ok =
    paid.rows[0].n === UNITS &&
    captured.rows[0].n === UNITS &&
    stock.rows[0].stock === 0 &&
    other === 0 &&
    crossing.statuses.every((s) => s === 200) &&
    crossing.stock.every((n) => n === 99);
  console.log(ok ? 'race: passed' : 'race: FAILED');
  exitCode = ok ? 0 : 1;
} catch (err) {
  console.error('race: failed to run', err);
} finally {
  for (const child of children) child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(exitCode);
}
