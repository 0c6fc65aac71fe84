// The demo pictures are drawn once per run however many seeds ask at the same moment, and each
// gets a whole copy.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withImageCache } from './image-cache.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'duka-image-cache-'));
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('the demo picture cache', () => {
  it('draws once for four seeds at once, and gives each every picture', async () => {
    let draws = 0;
    const draw = async (into: string) => {
      draws++;
      await new Promise((r) => setTimeout(r, 50));
      for (const name of ['a.webp', 'a-160w.webp', 'b.webp']) {
        await writeFile(path.join(into, name), name);
      }
    };
    const cache = path.join(root, 'cache');
    const dirs = [1, 2, 3, 4].map((n) => path.join(root, `shop-${n}`));
    const how = await Promise.all(dirs.map((dir) => withImageCache(cache, dir, draw)));
    expect(draws).toBe(1);
    expect(how.sort()).toEqual(['copied', 'copied', 'copied', 'copied']);
    for (const dir of dirs) {
      expect((await readdir(dir)).sort()).toEqual(['a-160w.webp', 'a.webp', 'b.webp']);
    }
    // Nothing of the drawing or its lock is left beside the cache.
    expect((await readdir(root)).filter((n) => n.startsWith('cache'))).toEqual(['cache']);
  });

  it('draws straight into the folder when there is no cache', async () => {
    const dir = path.join(root, 'alone');
    const how = await withImageCache(undefined, dir, async (into) => {
      await writeFile(path.join(into, 'x.webp'), 'x');
    });
    expect(how).toBe('drawn');
    expect(await readdir(dir)).toEqual(['x.webp']);
  });
});
