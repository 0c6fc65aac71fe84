// The demo and synthetic seeds draw every product image with its 160, 400 and 800 px copies, and
// each demo product has a picture of its own. (Drawing on request: demo-images.test.ts.)
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { IMAGE_WIDTHS, imageVariantUrl } from '@duka/domain/catalog/images';
import { createTestDatabase, type TestDatabase } from '../../test/database.ts';
import { productImages, products } from '../db/schema.ts';
import { seedDemoCatalog } from './demo.ts';
import { completeDemoImages } from './demo-images.ts';
import { renderSyntheticImages, SYNTHETIC_LOOKS, seedSynthetic } from './synthetic.ts';

let database: TestDatabase;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'duka-seed-images-'));
});
afterAll(async () => {
  await database.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** The file a /images/... URL is served from. */
const fileOf = (url: string) => path.join(dataDir, url);

describe('the demo catalogue', () => {
  it('writes every product image with its three width copies, and no two products look alike', async () => {
    const imagesDir = path.join(dataDir, 'images');
    const seeded = await seedDemoCatalog(database.db);
    expect(seeded).toBe(180);
    // As a shop does once it listens: drawn by this run's first seed (the run's global set-up, or
    // a shop this run started), then copied.
    await completeDemoImages(database.db, { imagesDir, imageCacheDir: inject('demoImageCache') });

    const images = await database.db
      .select({ productId: productImages.productId, url: productImages.url })
      .from(productImages)
      .orderBy(asc(productImages.productId), asc(productImages.position));
    expect(images.length).toBeGreaterThanOrEqual(360);
    const names = new Set(await readdir(path.join(imagesDir, 'products')));
    for (const { url } of images) {
      expect(names.has(path.basename(url))).toBe(true);
      for (const width of IMAGE_WIDTHS) {
        expect(names.has(path.basename(imageVariantUrl(url, width)!))).toBe(true);
      }
    }
    // Nothing but images and their copies: no temporary files left behind.
    expect(names.size).toBe(images.length * 4);

    const first = images[0]!.url;
    expect((await sharp(fileOf(first)).metadata()).width).toBe(800);
    for (const width of IMAGE_WIDTHS) {
      const meta = await sharp(fileOf(imageVariantUrl(first, width)!)).metadata();
      expect(meta).toMatchObject({ format: 'webp', width, height: width });
    }

    // Each product's main picture differs from every other's, within a category too.
    const thumbs = await database.db.select({ thumbnail: products.thumbnail }).from(products);
    const digests = await Promise.all(
      thumbs.map(async ({ thumbnail }) => {
        const pixels = await sharp(fileOf(imageVariantUrl(thumbnail, 160)!))
          .raw()
          .toBuffer();
        return createHash('sha1').update(pixels).digest('hex');
      }),
    );
    expect(new Set(digests).size).toBe(thumbs.length);
  }, 180_000);
});

describe('the synthetic catalogue', () => {
  it('shares a few pictures per category, each with its width copies', async () => {
    const imagesDir = path.join(dataDir, 'synthetic');
    await renderSyntheticImages(imagesDir);
    // The bulk seed turns triggers off, which the app's role may not: the owner seeds.
    await seedSynthetic((await database.openOwner()).db, 200, undefined, 50);
    const rows = await database.db.selectDistinct({ thumbnail: products.thumbnail }).from(products);
    const synthetic = rows.map((r) => r.thumbnail).filter((t) => t.includes('/synthetic-'));
    expect(synthetic.length).toBe(18 * SYNTHETIC_LOOKS);
    for (const url of synthetic) {
      const file = path.join(imagesDir, 'products', path.basename(url));
      expect((await readFile(file)).length).toBeGreaterThan(0);
      for (const width of IMAGE_WIDTHS) {
        const copy = path.join(imagesDir, 'products', path.basename(imageVariantUrl(url, width)!));
        expect((await sharp(copy).metadata()).width).toBe(width);
      }
    }
  }, 120_000);
});
