// The demo catalogue's pictures, drawn after the shop is up rather than before (issue 33): drawing
// all 540 with their width copies took most of a first start. A picture somebody asks for first
// is drawn then (drawDemoImageOnDemand, from the image route's miss), the rest one at a time in
// the background (completeDemoImages). Each is written whole or not at all (storeWithWidths), so
// the two can meet on one file without harm, and a file on disk is never drawn again.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { like } from 'drizzle-orm';
import { IMAGE_WIDTHS } from '@duka/domain/catalog/images';
import type { Db } from '../db/client.ts';
import { productImages } from '../db/schema.ts';
import { mapLimit } from '../lib/map-limit.ts';
import { storeWithWidths } from '../uploads/widths.ts';
import { encodeArtwork, renderProductPixels } from './artwork.ts';
import { CATEGORY_SEEDS, PRODUCT_SEEDS, type ProductSeed } from './catalog-data.ts';
import { withImageCache } from './image-cache.ts';

const URL_PREFIX = '/images/products/';

export function skuOf(seed: ProductSeed, index: number): string {
  const prefix = seed.category
    .replace(/[^a-z]/g, '')
    .slice(0, 3)
    .toUpperCase();
  const brand = seed.brand
    .replace(/[^A-Za-z]/g, '')
    .slice(0, 3)
    .toUpperCase()
    .padEnd(3, 'X');
  return `${prefix}-${brand}-${String(index + 1).padStart(4, '0')}`;
}

function imageCountOf(index: number): number {
  return 2 + (index % 3); // 2, 3 or 4 images
}

export const imageNamesOf = (sku: string, index: number) =>
  Array.from({ length: imageCountOf(index) }, (_, n) => `${sku}-${n + 1}.webp`);

interface Drawing {
  seed: ProductSeed;
  variant: number;
}

let drawings: Map<string, Drawing> | undefined;
/** Every demo picture's file name, with what to draw for it. */
function drawingsByName(): Map<string, Drawing> {
  drawings ??= new Map(
    PRODUCT_SEEDS.flatMap((seed, index) =>
      imageNamesOf(skuOf(seed, index), index).map((name, variant) => [name, { seed, variant }]),
    ),
  );
  return drawings;
}

const categoryBySlug = new Map(CATEGORY_SEEDS.map((c) => [c.slug, c]));
const inFlight = new Map<string, Promise<void>>();

/** Draws one demo picture with its width copies into `dir`; one drawing per file at a time. */
function drawInto(dir: string, name: string, { seed, variant }: Drawing): Promise<void> {
  const key = path.join(dir, name);
  let drawing = inFlight.get(key);
  if (!drawing) {
    drawing = (async () => {
      const category = categoryBySlug.get(seed.category)!;
      const pixels = await renderProductPixels({
        title: seed.title,
        brand: seed.brand,
        categoryName: category.name,
        colors: category.colors,
        variant,
      });
      await storeWithWidths(dir, name, await encodeArtwork(pixels), pixels);
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, drawing);
  }
  return drawing;
}

/** The demo picture a file name is (or is a width copy of), with its own name. */
export function demoImageOf(fileName: string): { name: string; drawing: Drawing } | undefined {
  const copy = /^(.+)-(\d+)w\.webp$/.exec(fileName);
  if (copy && !IMAGE_WIDTHS.some((w) => String(w) === copy[2])) return undefined;
  const name = copy ? `${copy[1]}.webp` : fileName;
  const drawing = drawingsByName().get(name);
  return drawing ? { name, drawing } : undefined;
}

/**
 * For the image route: when `fileName` (in DATA_DIR/images/products) is a demo picture or one of
 * its width copies, draws it now and answers the file to send; otherwise undefined.
 */
export async function drawDemoImageOnDemand(
  imagesDir: string,
  fileName: string,
): Promise<string | undefined> {
  const demo = demoImageOf(fileName);
  if (!demo) return undefined;
  const dir = path.join(imagesDir, 'products');
  await drawInto(dir, demo.name, demo.drawing);
  return path.join(dir, fileName);
}

/**
 * Draws every demo picture into `imagesDir/products`, or copies them from this run's cache
 * (DEMO_IMAGE_CACHE_DIR, image-cache.ts). Pictures already there are kept. Says what it did.
 */
export async function drawDemoImages(
  imagesDir: string,
  imageCacheDir?: string | undefined,
  concurrency = 4,
): Promise<string> {
  const dir = path.join(imagesDir, 'products');
  const started = Date.now();
  const all = [...drawingsByName()];
  const how = await withImageCache(imageCacheDir, dir, async (into) => {
    const present = new Set(await readdir(into));
    const missing = all.filter(([name]) => !present.has(name));
    await mapLimit(missing, concurrency, ([name, drawing]) => drawInto(into, name, drawing));
  });
  return `${how} ${all.length} demo pictures in ${Date.now() - started} ms`;
}

/**
 * After the shop is listening: draws the demo pictures the catalogue names that are not on disk
 * yet, one at a time so that shoppers' requests keep the other core. Pictures of demo products
 * the merchant deleted are not drawn. Undefined when there was nothing to do.
 */
export async function completeDemoImages(
  db: Db,
  options: {
    imagesDir: string;
    imageCacheDir?: string | undefined;
    log?: (message: string) => void;
  },
): Promise<string | undefined> {
  const named = await db
    .select({ url: productImages.url })
    .from(productImages)
    .where(like(productImages.url, `${URL_PREFIX}%`));
  const wanted = new Set(
    named.map((r) => r.url.slice(URL_PREFIX.length)).filter((n) => drawingsByName().has(n)),
  );
  const dir = path.join(options.imagesDir, 'products');
  const present = new Set(await readdir(dir).catch(() => [] as string[]));
  if ([...wanted].every((name) => present.has(name))) return undefined;
  const missing = [...wanted].filter((name) => !present.has(name));
  options.log?.(`drawing ${missing.length} demo pictures in the background`);
  // Tests and CI: the run's cache, drawn once for every shop the run starts.
  if (options.imageCacheDir) return drawDemoImages(options.imagesDir, options.imageCacheDir);
  const started = Date.now();
  await mapLimit(missing, 1, (name) => drawInto(dir, name, drawingsByName().get(name)!));
  return `drew ${missing.length} demo pictures in ${((Date.now() - started) / 1000).toFixed(1)} s`;
}
