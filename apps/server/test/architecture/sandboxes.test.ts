// Sandboxes live apart from the production code (issue 35): every one is under payments/sandboxes/,
// and only the registry, which registers them when they are enabled, imports one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');
const sandboxes = path.join(src, 'payments/sandboxes');
const REGISTRY = path.join(src, 'payments/registry.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)].map(([, spec]) =>
    path.resolve(path.dirname(file), spec!),
  );

describe('payment sandboxes', () => {
  const files = sourceFiles(src);

  it('are imported by the registry alone', () => {
    const importers = files
      .filter((file) => !file.startsWith(sandboxes + path.sep) && file !== REGISTRY)
      .filter((file) => importsOf(file).some((target) => target.startsWith(sandboxes + path.sep)))
      .map((file) => path.relative(src, file));
    expect(importers).toEqual([]);
    expect(importsOf(REGISTRY).some((t) => t.startsWith(sandboxes + path.sep))).toBe(true);
  });

  it('all live under payments/sandboxes/ (eTIMS keeps its own in invoices/)', () => {
    const astray = files
      .filter((file) => file.startsWith(path.join(src, 'payments') + path.sep))
      .filter((file) => /sandbox/i.test(path.basename(file)))
      .filter((file) => !file.startsWith(sandboxes + path.sep))
      .map((file) => path.relative(src, file));
    expect(astray).toEqual([]);
  });
});
