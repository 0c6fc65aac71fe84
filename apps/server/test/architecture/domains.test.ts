// The server's layout rules (decision records 008 and 017), checked on the source: no two domain
// folders import each other, checkout → orders → payments is never reversed, only payments/ knows
// the providers, each domain queries its own tables (declared in its schema.ts) save for the read
// models and writes listed below, and only orders/ and payments/ touch the orders and payments
// tables (others may only read them, in a read model listed below). Importing a domain's
// schema.ts is a table import: the table rule governs it, not the folder rules (as when every
// table lived in db/).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const SHARED = new Set(['lib', 'db', 'plugins']);
/** A domain's tables: `orders/schema.ts`. */
const SCHEMA = /^(?!db\/)([a-z-]+)\/schema\.ts$/;
/** Folders that may name any table, through db/schema.ts: db/ itself and the seed. */
const ALL_TABLES = new Set(['db', 'seed']);

/**
 * Where a domain's code names another domain's tables: the deliberate read models and writes,
 * each with why. A new one needs a line here; one the code no longer has must leave.
 */
const CROSS_DOMAIN_TABLES = [
  'auth/plugin.ts → staff/schema.ts: the session check reads the two-step rule in its one query',
  'audit/names.ts → auth/schema.ts: the audit log names the accounts its rows are about',
  'audit/names.ts → catalog/schema.ts: the audit log names products, categories and reviews',
  'audit/names.ts → delivery/schema.ts: the audit log names pickup points',
  'audit/names.ts → promotions/schema.ts: the audit log names promotions',
  'cart/repo.ts → catalog/schema.ts: cart lines are priced and stocked by the catalogue when read',
  'orders/repo.ts → auth/schema.ts: the admin order list and timeline show and search e-mails',
  "orders/repo.ts → payments/schema.ts: the admin order list shows the paying transaction's id",
  "orders/returns/repo.ts → auth/schema.ts: the admin returns list shows the shopper's e-mail",
  "payments/repo.ts → auth/schema.ts: the back office's Payments list shows each payer's e-mail",
  'payments/repo.ts → orders/schema.ts: a payment locks and reads its order (it may not call orders/)',
  'promotions/figures.ts → orders/schema.ts: the Promotions list reads (never writes) the totals of the paid orders with each',
  'promotions/targets.ts → catalog/schema.ts: a promotion names only products, variants, categories and brands the catalogue has',
  'staff/invitations.ts → auth/schema.ts: an invitation is accepted into the account of its e-mail',
  'staff/roles.ts → auth/schema.ts: a staff role is a column of the account (users.role)',
  'staff/service.ts → auth/schema.ts: the Staff screen lists the accounts that have a role',
];

function sourceFiles(dir: string, tests = false): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, tests);
    return name.endsWith('.ts') && (tests || !name.endsWith('.test.ts')) ? [full] : [];
  });
}

/** The domain folders a file imports (`from '../x/…'`, or `'../../x/…'` from a subfolder). */
function importedFolders(file: string, text: string): string[] {
  return importsOf(file, text).map((i) => i.target);
}

/** Each import of a file inside src/: its target from src/ ('orders/schema.ts') and its names. */
function importsOf(file: string, text: string): { target: string; names: string[] }[] {
  const here = path.dirname(path.join(src, file));
  return [...text.matchAll(/(?:\{([^}]*)\}\s*)?from '(\.\.?\/[^']+)'/g)].flatMap(
    ([, names, spec]) => {
      const target = path.relative(src, path.resolve(here, spec!)).split(path.sep);
      if (target.length < 2 || target[0] === '..') return [];
      const imported = (names ?? '')
        .split(',')
        .map((n) => n.replace(/\btype\b|\bas \w+/g, '').trim());
      return [{ target: target.join('/'), names: imported.filter(Boolean) }];
    },
  );
}

const read = (file: string) => ({
  folder: path.relative(src, file).split(path.sep)[0]!,
  file: path.relative(src, file).split(path.sep).join('/'),
  text: readFileSync(file, 'utf8'),
});
const files = sourceFiles(src).map(read);
const withTests = sourceFiles(src, true).map(read);

describe('server domains', () => {
  it('never import a folder that imports them back', () => {
    const imports = new Map<string, Set<string>>();
    for (const { folder, text } of files) {
      for (const [, target] of text.matchAll(/from '\.\.\/([a-z-]+)\/(?!schema\.ts')/g)) {
        if (target === folder || SHARED.has(target!)) continue;
        imports.set(folder, (imports.get(folder) ?? new Set()).add(target!));
      }
    }
    const mutual = [...imports].flatMap(([a, targets]) =>
      [...targets].filter((b) => a < b && imports.get(b)?.has(a)).map((b) => `${a} ⇄ ${b}`),
    );
    expect(mutual).toEqual([]);
    expect(imports.size).toBeGreaterThan(5); // the scan really read the imports
  });

  it('leave the orders and payments tables to orders/ and payments/', () => {
    // A schema's foreign keys name them too (invoices → orders); queries are what this is about.
    const touching = files
      .filter(({ file }) => !SCHEMA.test(file))
      .filter(({ file, text }) =>
        importsOf(file, text).some(
          (i) =>
            /(^|\/)schema\.ts$/.test(i.target) &&
            i.names.some((n) => ['orders', 'orderItems', 'payments'].includes(n)),
        ),
      )
      .map(({ folder, file }) => ({ folder, file }));
    // Save for the read models listed above, which only read them (the Promotions list's figures).
    const readModels = CROSS_DOMAIN_TABLES.map((line) => line.split(': ')[0]!)
      .filter((line) => /→ (orders|payments)\/schema\.ts$/.test(line))
      .map((line) => line.split(' → ')[0]!);
    expect(
      touching.filter(
        (f) => !['orders', 'payments', 'db'].includes(f.folder) && !readModels.includes(f.file),
      ),
    ).toEqual([]);
    expect(touching.map((f) => f.folder)).toEqual(expect.arrayContaining(['orders', 'payments']));
  });

  it('name only their own tables, save for the listed read models and writes', () => {
    const crossing = files.flatMap(({ folder, file, text }) =>
      ALL_TABLES.has(folder) || SCHEMA.test(file)
        ? []
        : importsOf(file, text)
            .filter((i) => SCHEMA.exec(i.target) && SCHEMA.exec(i.target)![1] !== folder)
            .map((i) => `${file} → ${i.target}`),
    );
    const listed = CROSS_DOMAIN_TABLES.map((line) => line.split(': ')[0]!);
    expect(crossing.filter((c) => !listed.includes(c))).toEqual([]);
    expect(listed.filter((l) => !crossing.includes(l))).toEqual([]); // no stale line
    for (const line of CROSS_DOMAIN_TABLES) expect(line).toMatch(/^\S+ → \S+: \S.+$/);
    // Domain code imports its tables from its own schema.ts, never from the gatherer.
    const gathered = withTests
      .filter(
        ({ folder, file, text }) =>
          importsOf(file, text).some((i) => i.target === 'db/schema.ts') && !ALL_TABLES.has(folder),
      )
      .map((f) => f.file);
    expect(gathered).toEqual([]);
    // The scan sees the schemas: db/schema.ts gathers every domain's schema.ts, and only them.
    const schemas = files.filter((f) => SCHEMA.test(f.file)).map((f) => f.file);
    expect(schemas.length).toBeGreaterThan(10);
    const gatherer = files.find((f) => f.file === 'db/schema.ts')!;
    expect(
      importsOf(gatherer.file, gatherer.text)
        .map((i) => i.target)
        .sort(),
    ).toEqual(schemas.sort());
  });

  it('declare tables in schema files that import each other without a circle', () => {
    const schemas = new Map(
      files
        .filter((f) => SCHEMA.test(f.file))
        .map((f) => [f.file, importsOf(f.file, f.text).map((i) => i.target)] as const),
    );
    const circles: string[] = [];
    const visit = (file: string, trail: string[]) => {
      if (trail[0] === file) return void circles.push([...trail, file].join(' → '));
      if (trail.includes(file)) return;
      for (const next of schemas.get(file) ?? []) {
        if (schemas.has(next)) visit(next, [...trail, file]);
      }
    };
    for (const file of schemas.keys()) visit(file, []);
    expect(circles).toEqual([]);
    // Nothing but tables, the shared columns and the domain package's types.
    const others = [...schemas].flatMap(([file, targets]) =>
      targets.filter((t) => !SCHEMA.test(t) && t !== 'db/columns.ts').map((t) => `${file} → ${t}`),
    );
    expect(others).toEqual([]);
  });

  it('go one way: checkout → orders → payments, never back', () => {
    const upstream: Record<string, string[]> = {
      payments: ['orders', 'checkout'],
      orders: ['checkout'],
    };
    const reversed = files.flatMap(({ folder, file, text }) =>
      importedFolders(file, text)
        .filter((target) => !SCHEMA.test(target))
        .filter((target) => upstream[folder]?.includes(target.split('/')[0]!))
        .map((target) => `${file} → ${target}`),
    );
    expect(reversed).toEqual([]);
    // The scan sees imports from subfolders too (payments/mpesa/… → payments/…).
    const fromOrders = files
      .filter((f) => f.folder === 'orders')
      .flatMap((f) => importedFolders(f.file, f.text));
    expect(fromOrders).toEqual(expect.arrayContaining([expect.stringMatching(/^payments\//)]));
  });

  it('leave every payment provider to payments/', () => {
    const providerModule = /^payments\/(paypal|sandboxes|mpesa)\/|^payments\/registry\.ts$/;
    const outside = files.flatMap(({ folder, file, text }) =>
      folder === 'payments'
        ? []
        : importedFolders(file, text)
            .filter((target) => providerModule.test(target))
            .map((target) => `${file} → ${target}`),
    );
    expect(outside).toEqual([]);
    // No file of checkout/ or orders/ is about one provider, and nothing asks which class it holds.
    expect(
      files.filter(
        (f) => ['checkout', 'orders'].includes(f.folder) && /mpesa|paypal/i.test(f.file),
      ),
    ).toEqual([]);
    const classes = /instanceof (PayPal\w*|Sandbox\w*|Mpesa\w*|Daraja\w*)/;
    expect(files.filter((f) => classes.test(f.text)).map((f) => f.file)).toEqual([]);
    // Outcomes are tagged results, not sentences to parse.
    const parsing = /\.startsWith\('(rejected|applied|duplicate|ignored)/;
    expect(files.filter((f) => parsing.test(f.text)).map((f) => f.file)).toEqual([]);
  });

  it('keep admin/ to what spans domains', () => {
    const adminLines = files
      .filter((f) => f.folder === 'admin')
      .reduce((n, f) => n + f.text.split('\n').length, 0);
    expect(adminLines).toBeLessThan(300);
  });
});
