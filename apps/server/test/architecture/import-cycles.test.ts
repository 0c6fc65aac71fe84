// No file of the server imports itself back through others (issue 35): a circle makes the order
// in which modules start matter, and hides which of two files owns what. Type-only imports are
// erased when the server runs and are left out, as a bundler would.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The files a module loads when it runs: its relative imports and re-exports, not `import type`. */
function runtimeImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gms),
    ...text.matchAll(/^import\s+'(\.[^']+)'/gm),
  ].map(([, spec]) => spec!);
  return specs.map((spec) => path.resolve(path.dirname(file), spec));
}

function cycles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string) => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return found;
}

describe('the import graph of the server', () => {
  const graph = new Map(sourceFiles(src).map((file) => [file, runtimeImports(file)]));

  it('has no circle', () => {
    const names = cycles(graph).map((circle) =>
      circle.map((file) => path.relative(src, file)).join(' → '),
    );
    expect(names).toEqual([]);
  });

  it('is read from the real imports (the scan finds a known edge, and a circle when there is one)', () => {
    const app = path.join(src, 'app.ts');
    expect(graph.get(app)).toContain(path.join(src, 'orders/payment-outcome.ts'));
    expect(graph.get(app)).not.toContain(path.join(src, 'config.ts')); // `import type` only
    const circle = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(cycles(circle)).toEqual([['a', 'b', 'c']]);
  });
});
