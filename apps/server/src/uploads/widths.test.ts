// Images kept by an older version of Duka (one file, no width copies) get their copies at start-up;
// what cannot be read is reported and left alone.
import { mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { prepareDatabase } from '../startup.ts';
import { backfillWidths } from './widths.ts';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'duka-widths-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const webp = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#7a3b52' } })
    .webp()
    .toBuffer();

async function widthOf(file: string): Promise<number | undefined> {
  return (await sharp(file).metadata()).width;
}

describe('backfillWidths', () => {
  it('adds the copies an old image lacks, once, and leaves other files alone', async () => {
    const dir = path.join(root, 'old');
    await mkdir(dir);
    await writeFile(path.join(dir, 'FUR-MTI-0001-1.webp'), await webp(800, 800));
    await writeFile(path.join(dir, 'big.webp'), await webp(1600, 900));
    // Half done: one copy is already there and must not be rewritten.
    await writeFile(path.join(dir, 'half.webp'), await webp(800, 600));
    await writeFile(path.join(dir, 'half-160w.webp'), await webp(160, 120));
    const before = (await stat(path.join(dir, 'half-160w.webp'))).mtimeMs;
    await writeFile(path.join(dir, 'notes.txt'), 'not an image');

    const first = await backfillWidths([dir, path.join(root, 'missing-folder')]);
    expect(first).toEqual({ images: 3, completed: 3, failed: [] });

    expect(await widthOf(path.join(dir, 'FUR-MTI-0001-1-160w.webp'))).toBe(160);
    expect(await widthOf(path.join(dir, 'FUR-MTI-0001-1-400w.webp'))).toBe(400);
    // As wide as the image: the image's own bytes, not a second encoding.
    const same = await readFile(path.join(dir, 'FUR-MTI-0001-1-800w.webp'));
    expect(same.equals(await readFile(path.join(dir, 'FUR-MTI-0001-1.webp')))).toBe(true);
    const big = await sharp(path.join(dir, 'big-800w.webp')).metadata();
    expect([big.width, big.height]).toEqual([800, 450]);
    expect((await stat(path.join(dir, 'half-160w.webp'))).mtimeMs).toBe(before);
    expect(await widthOf(path.join(dir, 'half-400w.webp'))).toBe(400);

    // Copies are never given copies of their own, and a second run has nothing to do.
    const names = await readdir(dir);
    expect(names.filter((n) => /-\d+w-\d+w/.test(n))).toEqual([]);
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
    expect(names).toHaveLength(3 * 4 + 1);
    expect(await backfillWidths([dir])).toEqual({ images: 3, completed: 0, failed: [] });
  });

  it('reports an unreadable image and carries on with the others', async () => {
    const dir = path.join(root, 'broken');
    await mkdir(dir);
    await writeFile(path.join(dir, 'broken.webp'), 'RIFF----WEBPVP8 not really');
    await writeFile(path.join(dir, 'fine.webp'), await webp(500, 500));
    const logged: string[] = [];
    const result = await backfillWidths([dir], { log: (m) => logged.push(m) });
    expect(result.completed).toBe(1);
    expect(result.failed).toEqual([path.join(dir, 'broken.webp')]);
    expect(logged.some((m) => m.includes('broken.webp'))).toBe(true);
    expect(await widthOf(path.join(dir, 'fine-400w.webp'))).toBe(400);
    expect((await readdir(dir)).filter((n) => n.startsWith('broken'))).toEqual(['broken.webp']);
  });
});

describe('start-up', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('gives the images and uploads of an older data folder their width copies', async () => {
    const dataDir = path.join(root, 'data');
    const products = path.join(dataDir, 'images', 'products');
    const uploads = path.join(dataDir, 'uploads');
    await mkdir(products, { recursive: true });
    await mkdir(uploads, { recursive: true });
    const upload = '0b8f3c1e-6d2a-4f7b-9c3d-2e1f0a9b8c7d.webp';
    await writeFile(path.join(products, 'synthetic-laptops.webp'), await webp(400, 400));
    await writeFile(path.join(uploads, upload), await webp(1200, 1200));

    await prepareDatabase(database, {
      ownerUrl: database.ownerUrl,
      seedDemo: false,
      imagesDir: path.join(dataDir, 'images'),
      uploadsDir: uploads,
      admin: { email: 'owner@duka.test', password: 'Owner#2026pass' },
    });

    expect(await widthOf(path.join(products, 'synthetic-laptops-160w.webp'))).toBe(160);
    expect(await widthOf(path.join(products, 'synthetic-laptops-800w.webp'))).toBe(400);
    for (const width of [160, 400, 800]) {
      const copy = path.join(uploads, upload.replace('.webp', `-${width}w.webp`));
      expect(await widthOf(copy)).toBe(width);
    }
  });
});
