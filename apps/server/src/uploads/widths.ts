// Every product image is kept in three widths beside the image itself (decision record 014):
// `<name>.webp` is the image as stored (what the product's URL names), `<name>-160w.webp`,
// `<name>-400w.webp` and `<name>-800w.webp` its copies. Copies are written before the image, each
// whole or not at all, so an image that can be seen always has its copies. A copy at least as wide
// as the image is the image itself: a hard link (a plain copy where links are not possible), never
// an enlargement or a second lossy encoding.
import { copyFile, link, mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { IMAGE_WIDTHS, isVariantFileName, variantFileName } from '@duka/domain/catalog/images';
import { mapLimit } from '../lib/map-limit.ts';

const COPY_QUALITY = 78;

/** A width copy: encoded bytes, or `same` when it is the image's own file. */
export type WidthCopy = { width: number; webp: Buffer } | { width: number; same: true };

let tempCounter = 0;
function tempName(file: string): string {
  // Ends in .tmp so that nothing serving *.webp can hand out a half-written file.
  return `${file}.${process.pid}.${++tempCounter}.tmp`;
}

/** Writes `data` to `file` through a temporary name: the file appears whole or not at all. */
export async function writeWhole(file: string, data: Buffer): Promise<void> {
  const temp = tempName(file);
  try {
    await writeFile(temp, data, { flag: 'wx', mode: 0o644 });
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** Makes `file` another name of `existing` (a copy where hard links fail), replacing any file. */
async function sameFile(existing: string, file: string): Promise<void> {
  const temp = tempName(file);
  try {
    await link(existing, temp).catch(() => copyFile(existing, temp));
    await rename(temp, file);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

/** An image's decoded pixels, as sharp's raw output describes them. */
export interface Pixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

export async function decodePixels(image: Buffer): Promise<Pixels> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** Encodes the copies in `widths` of an image, from its pixels (decoded once by the caller). */
export async function encodeWidths(
  pixels: Pixels,
  widths: readonly number[] = IMAGE_WIDTHS,
): Promise<WidthCopy[]> {
  const { data, ...raw } = pixels;
  return Promise.all(
    widths.map(async (width): Promise<WidthCopy> => {
      if (width >= pixels.width) return { width, same: true };
      const webp = await sharp(data, { raw })
        .resize({ width })
        // effort 2: a third quicker to encode than the default, for files ~5 % larger.
        .webp({ quality: COPY_QUALITY, effort: 2 })
        .toBuffer();
      return { width, webp };
    }),
  );
}

function copyPath(dir: string, fileName: string, width: number): string {
  const name = variantFileName(fileName, width);
  if (!name) throw new Error(`${fileName} is not a product image name`);
  return path.join(dir, name);
}

/**
 * Stores `webp` as `dir/fileName` with its width copies. The copies come first and the image
 * last, so a URL that works has its srcset too.
 */
export async function storeWithWidths(
  dir: string,
  fileName: string,
  webp: Buffer,
  /** The image's pixels when the caller has them (a seed drawing), saving a decode. */
  pixels?: Pixels,
): Promise<void> {
  await mkdir(dir, { recursive: true });
  const copies = await encodeWidths(pixels ?? (await decodePixels(webp)));
  const target = path.join(dir, fileName);
  const temp = tempName(target);
  try {
    await writeFile(temp, webp, { flag: 'wx', mode: 0o644 });
    for (const copy of copies) {
      const file = copyPath(dir, fileName, copy.width);
      if ('same' in copy) await sameFile(temp, file);
      else await writeWhole(file, copy.webp);
    }
    await rename(temp, target);
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
}

export interface BackfillResult {
  /** Product images looked at. */
  images: number;
  /** Images that lacked at least one copy and got them. */
  completed: number;
  /** Images that could not be read (each is logged). */
  failed: string[];
}

/**
 * Gives every image in `dirs` that lacks a width copy the copies it lacks: images kept by an
 * older version of Duka, or copied in by hand. One directory listing each; images that already
 * have their copies cost nothing more. Missing folders are skipped.
 */
export async function backfillWidths(
  dirs: readonly string[],
  options: { concurrency?: number; log?: (message: string) => void } = {},
): Promise<BackfillResult> {
  const result: BackfillResult = { images: 0, completed: 0, failed: [] };
  const started = Date.now();
  for (const dir of dirs) {
    const names = await readdir(dir).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return [] as string[];
      throw err;
    });
    const present = new Set(names);
    const images = names.filter((n) => n.endsWith('.webp') && !isVariantFileName(n));
    result.images += images.length;
    const lacking = images.flatMap((name) => {
      const missing = IMAGE_WIDTHS.filter((w) => !present.has(variantFileName(name, w) ?? ''));
      return missing.length && variantFileName(name, IMAGE_WIDTHS[0]) ? [{ name, missing }] : [];
    });
    if (lacking.length) {
      options.log?.(`making the width copies of ${lacking.length} images in ${dir}`);
    }
    await mapLimit(lacking, options.concurrency ?? 2, async ({ name, missing }) => {
      const file = path.join(dir, name);
      try {
        const copies = await encodeWidths(await decodePixels(await readFile(file)), missing);
        for (const copy of copies) {
          const target = copyPath(dir, name, copy.width);
          if ('same' in copy) await sameFile(file, target);
          else await writeWhole(target, copy.webp);
        }
        result.completed++;
      } catch (err) {
        result.failed.push(file);
        options.log?.(`could not make the widths of ${file}: ${String(err)}`);
      }
    });
  }
  if (result.completed || result.failed.length) {
    options.log?.(
      `image widths: ${result.completed} of ${result.images} images completed in ` +
        `${Date.now() - started} ms` +
        (result.failed.length ? `, ${result.failed.length} unreadable` : ''),
    );
  }
  return result;
}
