// Payments by capability (issue 35, decision record 017): only a provider's own folder under
// payments/ tells methods or providers apart by name. Everywhere else code asks the provider
// interface for a capability (`kind`, `refuseOrder`, `openPayment`, `prepareRefund`…) or a
// recorded payment's method for its traits (payments/methods.ts), so that a new provider is a
// folder and a line in the registry, and checkout and orders do not change.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const payments = path.join(src, 'payments');

/** create-payment's methods, and the providers' names kept on payments. */
const METHODS = ['mpesa', 'mpesa_paybill', 'paypal', 'pay_on_delivery'];
const PROVIDERS = ['sandbox', 'mpesa-sandbox', 'mpesa-paybill', 'mpesa-till', 'pay-on-delivery'];
/** 'sandbox' also names eTIMS's, Africa's Talking's and the config's modes: only payments' own folders are held to it. */
const SANDBOX_FOLDERS = new Set(['payments', 'checkout', 'orders']);
/**
 * Files that may name them besides the providers' folders: the registry, which builds the
 * providers of a configuration; methods.ts, which lists each method's traits; and config.ts, where
 * the environment names the provider it wants (PAYMENT_PROVIDER).
 */
const ALLOWED = new Set(['payments/registry.ts', 'payments/methods.ts', 'config.ts']);

/** Where code outside payments/ uses a provider's folder, each with why. A new one needs a line. */
const PROVIDER_USES = [
  "orders/admin-routes.ts → payments/on-delivery/collect.ts: the order's Collect button records money taken at the door",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The folders of payments/ that hold a provider (a provider.ts in them, or deeper). */
function providerFolders(): string[] {
  return readdirSync(payments)
    .filter((name) => statSync(path.join(payments, name)).isDirectory())
    .filter((name) =>
      sourceFiles(path.join(payments, name)).some((f) => path.basename(f) === 'provider.ts'),
    );
}

const quoted = (name: string) => `['"]${name}['"]`;

/** Each place this text compares one of these names (===, !==, a switch's case, drizzle's eq/ne) or lists two of them. */
function nameComparisons(text: string, names: readonly string[]): string[] {
  const found: string[] = [];
  const any = `(?:${names.map(quoted).join('|')})`;
  const patterns = names.flatMap((name) => [
    new RegExp(`[!=]==?\\s*${quoted(name)}`, 'g'),
    new RegExp(`${quoted(name)}\\s*[!=]==?`, 'g'),
    new RegExp(`\\bcase\\s+${quoted(name)}\\s*:`, 'g'),
    new RegExp(`\\b(?:eq|ne)\\([^()]*,\\s*${quoted(name)}\\s*\\)`, 'g'),
    new RegExp(`\\.(?:includes|indexOf)\\(\\s*${quoted(name)}\\s*\\)`, 'g'),
  ]);
  patterns.push(new RegExp(`\\[\\s*${any}\\s*,\\s*${any}`, 'g'));
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      found.push(`${line}: ${match[0]}`);
    }
  }
  return [...new Set(found)].sort();
}

describe('payments by capability', () => {
  const folders = providerFolders();

  it('finds the providers by their folders (each has a provider.ts)', () => {
    expect(folders).toEqual(expect.arrayContaining(['mpesa', 'paypal', 'on-delivery']));
    expect(folders).not.toContain('refunds');
  });

  it('leaves telling methods and providers apart by name to their own folders', () => {
    const inFolders = folders.map((folder) => path.join(payments, folder) + path.sep);
    const branching = sourceFiles(src)
      .filter((file) => !inFolders.some((folder) => file.startsWith(folder)))
      .flatMap((file) => {
        const relative = path.relative(src, file).split(path.sep).join('/');
        if (ALLOWED.has(relative)) return [];
        const names = SANDBOX_FOLDERS.has(relative.split('/')[0]!)
          ? [...METHODS, ...PROVIDERS]
          : [...METHODS, ...PROVIDERS.filter((name) => name !== 'sandbox')];
        const text = readFileSync(file, 'utf8');
        return nameComparisons(text, names).map((hit) => `${relative}:${hit}`);
      });
    expect(branching).toEqual([]);
  });

  it('is read from the real comparisons (the scan finds each kind, and not a mere mention)', () => {
    const names = [...METHODS, ...PROVIDERS];
    const planted = [
      "if (request.method === 'pay_on_delivery') refuse();",
      "const isMpesa = 'mpesa' == payment.method;",
      "if (provider.name !== 'mpesa-till') return;",
      "  case 'paypal':",
      ".where(and(eq(payments.method, 'mpesa_paybill'), eq(payments.status, 'created')))",
      "const on = methods.includes('mpesa');",
      "const off = (['mpesa', 'paypal'] as const).filter(isOff);",
    ];
    for (const line of planted) expect(nameComparisons(line, names), line).toHaveLength(1);
    // Naming one is not branching on it: a type, a label, a default kept on a provider.
    const mentions = [
      "readonly method = 'mpesa';",
      "export type ProviderName = 'paypal' | 'sandbox';",
      "/** 'mpesa' or 'paypal' (PayPal's sandbox included). */",
      "const limit = rules['mpesa'];",
    ];
    for (const line of mentions) expect(nameComparisons(line, names), line).toEqual([]);
  });

  it('leaves every provider folder to payments/, save for the listed uses', () => {
    const inFolders = folders.map((folder) => path.join(payments, folder) + path.sep);
    const imports = sourceFiles(src)
      .filter((file) => !file.startsWith(payments + path.sep))
      .flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)]
          .map(([, spec]) => path.resolve(path.dirname(file), spec!))
          .filter((target) => inFolders.some((folder) => target.startsWith(folder)))
          .map((target) => `${path.relative(src, file)} → ${path.relative(src, target)}`),
      )
      .map((line) => line.split(path.sep).join('/'));
    const listed = PROVIDER_USES.map((line) => line.split(': ')[0]!);
    expect(imports.filter((i) => !listed.includes(i))).toEqual([]);
    expect(listed.filter((l) => !imports.includes(l))).toEqual([]); // no stale line
  });
});
