// The server's layout rules (decision record 008), checked on the source: no two domain folders
// import each other, and only orders/ and payments/ touch the orders and payments tables.
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

  it('keep admin/ to what spans domains', () => {
    const adminLines = files
      .filter((f) => f.folder === 'admin')
      .reduce((n, f) => n + f.text.split('\n').length, 0);
    expect(adminLines).toBeLessThan(300);
  });
});
