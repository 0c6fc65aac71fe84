// The server's layout rules (decision records 008 and 017), checked on the source: no two domain
// folders import each other, checkout → orders → payments is never reversed, only payments/ knows
// the providers, and only orders/ and payments/ touch the orders and payments tables.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const SHARED = new Set(['lib', 'db', 'plugins']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The domain folders a file imports (`from '../x/…'`, or `'../../x/…'` from a subfolder). */
function importedFolders(file: string, text: string): string[] {
  const here = path.dirname(path.join(src, file));
  return [...text.matchAll(/from '(\.\.?\/[^']+)'/g)].flatMap(([, spec]) => {
    const target = path.relative(src, path.resolve(here, spec!)).split(path.sep);
    return target.length > 1 && target[0] !== '..' ? [target.join('/')] : [];
  });
}

const files = sourceFiles(src).map((file) => ({
  folder: path.relative(src, file).split(path.sep)[0]!,
  file: path.relative(src, file),
  text: readFileSync(file, 'utf8'),
}));

describe('server domains', () => {
  it('never import a folder that imports them back', () => {
    const imports = new Map<string, Set<string>>();
    for (const { folder, text } of files) {
      for (const [, target] of text.matchAll(/from '\.\.\/([a-z-]+)\//g)) {
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
    const touching = files
      .filter(({ text }) =>
        /import \{[^}]*\b(orders|orderItems|payments)\b[^}]*\} from '[./]*db\/schema\.ts'/.test(
          text,
        ),
      )
      .map(({ folder, file }) => ({ folder, file }));
    expect(touching.filter((f) => !['orders', 'payments', 'db'].includes(f.folder))).toEqual([]);
    expect(touching.map((f) => f.folder)).toEqual(expect.arrayContaining(['orders', 'payments']));
  });

  it('go one way: checkout → orders → payments, never back', () => {
    const upstream: Record<string, string[]> = {
      payments: ['orders', 'checkout'],
      orders: ['checkout'],
    };
    const reversed = files.flatMap(({ folder, file, text }) =>
      importedFolders(file, text)
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
    const providerModule = /^payments\/(paypal|sandbox|mpesa)\/|^payments\/registry\.ts$/;
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
