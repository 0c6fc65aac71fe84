// Decision records stay short and findable (issue 35): each at most 500 words, each in the index.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../../../docs/decisions/', import.meta.url);
const records = readdirSync(folder).filter((name) => /^\d{3}-.*\.md$/.test(name));
const words = (name: string) =>
  readFileSync(new URL(name, folder), 'utf8').split(/\s+/).filter(Boolean).length;

describe('decision records', () => {
  it('are at most 500 words each', () => {
    expect(records.length).toBeGreaterThan(0);
    expect(records.filter((name) => words(name) > 500)).toEqual([]);
  });

  it('are each linked from the index', () => {
    const index = readFileSync(new URL('README.md', folder), 'utf8');
    expect(records.filter((name) => !index.includes(`](${name})`))).toEqual([]);
  });
});
