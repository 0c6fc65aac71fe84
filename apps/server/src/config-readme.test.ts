// The README's table of settings is what an operator reads: every variable config.ts reads must be
// in it (issue 35), so a new setting cannot land unexplained.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configSchema } from './config.ts';

const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');

/** The variables named in the first column of the README's settings table. */
function documented(): Set<string> {
  const names = new Set<string>();
  for (const line of readme.split('\n')) {
    const first = /^\|([^|]+)\|/.exec(line)?.[1];
    for (const [, name] of first?.matchAll(/`([A-Z][A-Z0-9_]+)`/g) ?? []) names.add(name!);
  }
  return names;
}

describe("the README's settings table", () => {
  it('names every variable the server reads', () => {
    const table = documented();
    const missing = Object.keys(configSchema.shape).filter((name) => !table.has(name));
    expect(missing).toEqual([]);
  });

  it('names nothing the server does not read', () => {
    const read = new Set(Object.keys(configSchema.shape));
    const stale = [...documented()].filter((name) => !read.has(name));
    expect(stale).toEqual([]);
  });
});
