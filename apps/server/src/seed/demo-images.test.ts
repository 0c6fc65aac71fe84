// The demo's pictures are drawn after the shop starts: one asked for before its turn is drawn
// then (with its width copies), never a 404; the background pass draws only what the catalogue
// names and is missing.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { asc, eq, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageVariantUrl } from '@duka/domain/catalog/images';
import { createTestApp, type TestContext } from '../../test/app.ts';
import { productImages } from '../db/schema.ts';
import { seedDemoCatalog } from './demo.ts';
import { completeDemoImages } from './demo-images.ts';

let t: TestContext;
let urls: string[];
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoCatalog(t.db);
  const rows = await t.db
    .select({ url: productImages.url })
    .from(productImages)
    .orderBy(asc(productImages.productId), asc(productImages.position));
  urls = rows.map((r) => r.url);
});
afterAll(() => t.close());

const productsDir = () => path.join(t.config.DATA_DIR, 'images', 'products');

describe('a demo picture not drawn yet', () => {
  it('is drawn when asked for, and its width copies with it', async () => {
    expect(await readdir(productsDir()).catch(() => [])).toEqual([]);
    const first = await t.app.inject({ method: 'GET', url: urls[0]! });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/webp');
    expect(first.headers['cache-control']).toContain('immutable');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 800 });

    // Now a file like any other, served as it is.
    const again = await t.app.inject({ method: 'GET', url: urls[0]! });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);

    // A width copy of a picture nobody has asked for yet.
    const copy = await t.app.inject({ method: 'GET', url: imageVariantUrl(urls[1]!, 400)! });
    expect(copy.statusCode).toBe(200);
    expect(copy.headers['content-type']).toBe('image/webp');
    expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 400 });
    const names = await readdir(productsDir());
    const second = path.basename(urls[1]!, '.webp');
    expect(names).toEqual(
      expect.arrayContaining([
        `${second}.webp`,
        `${second}-160w.webp`,
        `${second}-400w.webp`,
        `${second}-800w.webp`,
      ]),
    );
    expect(names.filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it('is not made up for a name that is not one of the demo pictures', async () => {
    for (const url of [
      '/images/products/ELE-NOP-9999-1.webp',
      imageVariantUrl(urls[2]!, 400)!.replace('-400w', '-300w'),
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('is left to the background pass, which draws only what the catalogue names', async () => {
    // A catalogue that names the second product's pictures only (none of them drawn yet).
    const [kept] = await t.db
      .select({ productId: productImages.productId })
      .from(productImages)
      .where(eq(productImages.url, urls[2]!));
    await t.db.delete(productImages).where(ne(productImages.productId, kept!.productId));
    const named = await t.db
      .select({ url: productImages.url })
      .from(productImages)
      .where(eq(productImages.productId, kept!.productId));
    const done = await completeDemoImages(t.db, {
      imagesDir: path.join(t.config.DATA_DIR, 'images'),
    });
    expect(named.length).toBeGreaterThan(1);
    expect(done).toMatch(new RegExp(`^drew ${named.length} demo pictures`));
    const names = new Set(await readdir(productsDir()));
    for (const { url } of named) expect(names.has(path.basename(url))).toBe(true);
    // Nothing left to do the next time.
    expect(
      await completeDemoImages(t.db, { imagesDir: path.join(t.config.DATA_DIR, 'images') }),
    ).toBeUndefined();
  });
});

describe('a shop without the demo (SEED_DEMO=false)', () => {
  it('draws no demo picture on request', async () => {
    const plain = await createTestApp({ SEED_DEMO: 'false' });
    try {
      const response = await plain.app.inject({ method: 'GET', url: urls[0]! });
      expect(response.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
