// Upload processing with inputs made by sharp at test time: no binary fixtures in the repository.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processUpload, UploadError, type UploadErrorCode } from './image.ts';
import { storeUpload } from './store.ts';

const MB = 1024 * 1024;
const limits = { maxBytes: 5 * MB };
const PAYLOAD = '<script>alert(1)</script>';
const UUID_WEBP = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.webp$/;

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'duka-uploads-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A plain picture: quick to make at large sizes. */
function flat(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#3a7d44' } });
}

/** A noisy picture (so encoders have real work), `width` × `height`. */
function picture(width: number, height: number) {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  });
}

function isWebp(buf: Buffer): boolean {
  return (
    buf.subarray(0, 4).toString('latin1') === 'RIFF' && buf.subarray(8, 12).toString() === 'WEBP'
  );
}

function containsPayload(buf: Buffer): boolean {
  const text = buf.toString('latin1').toLowerCase();
  return text.includes('script') || text.includes('alert');
}

async function refusal(input: Buffer, options = limits): Promise<UploadError> {
  const err = await processUpload(input, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof UploadError)) throw new Error(`expected an UploadError, got ${String(err)}`);
  return err;
}

async function expectRefused(input: Buffer, code: UploadErrorCode, options = limits) {
  const err = await refusal(input, options);
  expect(err.code).toBe(code);
  return err;
}

/** One PNG chunk: length, type, data and the CRC over type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims `width` × `height` over a few bytes of data: a decompression bomb. */
function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(0, 9); // greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(width + 1))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The JPEG with a COM (comment) segment right after its start-of-image marker. */
function withJpegComment(jpeg: Buffer, comment: string): Buffer {
  const text = Buffer.from(comment, 'latin1');
  const header = Buffer.from([0xff, 0xfe, 0, 0]);
  header.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, text, jpeg.subarray(2)]);
}

/** The PNG with a tEXt chunk inserted before its final IEND chunk. */
function withPngText(png: Buffer, keyword: string, text: string): Buffer {
  const chunk = pngChunk('tEXt', Buffer.from(`${keyword}\0${text}`, 'latin1'));
  return Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)]);
}

describe('processUpload accepts images and re-encodes them', () => {
  it('turns a PNG into a WebP of the same size', async () => {
    const png = await picture(320, 240).png().toBuffer();
    const out = await processUpload(png, limits);
    expect(isWebp(out.webp)).toBe(true);
    expect(out).toMatchObject({ width: 320, height: 240 });
    const meta = await sharp(out.webp).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 320, height: 240 });
  });

  it('strips EXIF, ICC and XMP metadata from a JPEG', async () => {
    const jpeg = await picture(200, 150)
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-owner' } } })
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/">secret-xmp</x:xmpmeta>')
      .withIccProfile('p3')
      .toBuffer();
    const before = await sharp(jpeg).metadata();
    expect([before.exif, before.icc, before.xmp].every(Boolean)).toBe(true);

    const out = await processUpload(jpeg, limits);
    expect(isWebp(out.webp)).toBe(true);
    const meta = await sharp(out.webp).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(out.webp.includes('secret')).toBe(false);
  });

  it.each([
    ['WebP', (s: Sharp) => s.webp()],
    ['GIF', (s: Sharp) => s.gif()],
    ['AVIF', (s: Sharp) => s.avif()],
  ])('accepts %s', async (_name, encode) => {
    const input = await encode(picture(64, 48)).toBuffer();
    const out = await processUpload(input, limits);
    expect(isWebp(out.webp)).toBe(true);
    expect(out).toMatchObject({ width: 64, height: 48 });
  });

  it.each([
    [2400, 1200, 1600, 800],
    [1000, 3200, 500, 1600],
    [1600, 1600, 1600, 1600],
    [300, 200, 300, 200],
  ])('fits %i×%i into 1600×1600 without enlarging (%i×%i)', async (w, h, ew, eh) => {
    const png = await flat(w, h).png().toBuffer();
    const out = await processUpload(png, limits);
    expect(out).toMatchObject({ width: ew, height: eh });
    expect(await sharp(out.webp).metadata()).toMatchObject({ width: ew, height: eh });
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // 6 means "rotate 90° clockwise to display": a 200×100 sensor image is shown 100×200.
    const left = await sharp({
      create: { width: 100, height: 100, channels: 3, background: '#ff0000' },
    })
      .png()
      .toBuffer();
    const jpeg = await sharp({
      create: { width: 200, height: 100, channels: 3, background: '#0000ff' },
    })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const out = await processUpload(jpeg, limits);
    expect(out).toMatchObject({ width: 100, height: 200 });
    const meta = await sharp(out.webp).metadata();
    expect(meta.orientation).toBeUndefined();
    // The red left half of the sensor image ends up on top once rotated clockwise.
    const { data } = await sharp(out.webp).raw().toBuffer({ resolveWithObject: true });
    const top = [...data.subarray(0, 3)];
    const bottomStart = (200 - 1) * 100 * 3;
    const bottom = [...data.subarray(bottomStart, bottomStart + 3)];
    expect(top[0]).toBeGreaterThan(200);
    expect(top[2]).toBeLessThan(60);
    expect(bottom[2]).toBeGreaterThan(200);
    expect(bottom[0]).toBeLessThan(60);
  });
});

describe('processUpload refuses what is not a plain image', () => {
  it('refuses a text file named like a PNG', async () => {
    const err = await expectRefused(Buffer.from('name,price\nSofa,45000\n'), 'NOT_AN_IMAGE');
    expect(err.message).toBe('Only image files (JPEG, PNG, WebP, GIF) can be uploaded.');
  });

  it('refuses an SVG, which can carry scripts', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">' +
        `<script>alert(document.cookie)</script><rect width="40" height="40" fill="red"/></svg>`,
    );
    expect((await sharp(svg).metadata()).format).toBe('svg');
    await expectRefused(svg, 'NOT_AN_IMAGE');
  });

  it('refuses formats outside the list (TIFF) and empty files', async () => {
    const tiff = await picture(40, 40).tiff().toBuffer();
    expect((await sharp(tiff).metadata()).format).toBe('tiff');
    await expectRefused(tiff, 'NOT_AN_IMAGE');
    await expectRefused(Buffer.alloc(0), 'NOT_AN_IMAGE');
  });

  it('refuses a JPEG whose image data is cut off', async () => {
    const jpeg = await picture(300, 200).jpeg().toBuffer();
    await expectRefused(jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'NOT_AN_IMAGE');
  });

  it('refuses a file over the size limit before looking inside', async () => {
    const err = await expectRefused(Buffer.alloc(5 * MB + 1), 'TOO_LARGE');
    expect(err.message).toBe('The image is larger than 5 MB.');
    const png = await picture(200, 200).png().toBuffer();
    const small = { maxBytes: png.length - 1 };
    await expectRefused(png, 'TOO_LARGE', small);
    await expect(processUpload(png, { maxBytes: png.length })).resolves.toBeDefined();
  });

  it.each([
    [8_000, 8_000],
    [30_000, 30_000],
  ])('refuses a decompression bomb claiming %i×%i pixels', async (width, height) => {
    const bomb = pngBomb(width, height);
    expect(bomb.length).toBeLessThan(1024);
    const meta = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect(meta).toMatchObject({ format: 'png', width, height });
    const err = await expectRefused(bomb, 'TOO_LARGE');
    expect(err.message).toMatch(/too many pixels/);
  });

  it('refuses an image over the pixel limit it is given, and takes one at the limit', async () => {
    const over = await flat(1200, 1000).png().toBuffer();
    const at = await flat(1000, 1000).png().toBuffer();
    const options = { ...limits, maxPixels: 1_000_000 };
    await expectRefused(over, 'TOO_LARGE', options);
    await expect(processUpload(at, options)).resolves.toMatchObject({ width: 1000 });
  });
});

describe('polyglot files', () => {
  it.each([
    [
      'a script appended after the JPEG data',
      async () => Buffer.concat([await picture(120, 90).jpeg().toBuffer(), Buffer.from(PAYLOAD)]),
    ],
    [
      'an HTML comment in the JPEG COM segment',
      async () => withJpegComment(await picture(120, 90).jpeg().toBuffer(), `<!--${PAYLOAD}-->`),
    ],
    [
      'a script in a PNG tEXt chunk',
      async () => withPngText(await picture(120, 90).png().toBuffer(), 'Comment', PAYLOAD),
    ],
  ])('accepts %s and stores no trace of it', async (_name, make) => {
    const input = await make();
    expect(containsPayload(input)).toBe(true);
    const out = await processUpload(input, limits);
    expect(out).toMatchObject({ width: 120, height: 90 });
    expect(containsPayload(out.webp)).toBe(false);

    const { fileName } = await storeUpload(dir, out.webp);
    const stored = await readFile(path.join(dir, fileName));
    expect(isWebp(stored)).toBe(true);
    expect(containsPayload(stored)).toBe(false);
  });
});

describe('storeUpload', () => {
  it('writes the WebP under a random <uuid>.webp name, creating the folder', async () => {
    const target = path.join(dir, 'nested', 'images');
    const { webp } = await processUpload(await picture(50, 50).png().toBuffer(), limits);
    const first = await storeUpload(target, webp);
    const second = await storeUpload(target, webp);

    expect(first.fileName).toMatch(UUID_WEBP);
    expect(second.fileName).toMatch(UUID_WEBP);
    expect(second.fileName).not.toBe(first.fileName);
    expect((await readFile(path.join(target, first.fileName))).equals(webp)).toBe(true);
    // Only the finished files are left, each with its three width copies: nothing temporary.
    const withCopies = (name: string) => {
      const stem = name.slice(0, -'.webp'.length);
      return [name, `${stem}-160w.webp`, `${stem}-400w.webp`, `${stem}-800w.webp`];
    };
    expect((await readdir(target)).sort()).toEqual(
      [...withCopies(first.fileName), ...withCopies(second.fileName)].sort(),
    );
  });

  it('writes copies 160, 400 and 800 pixels wide of a large upload, keeping its proportions', async () => {
    const target = path.join(dir, 'widths');
    const { webp } = await processUpload(await flat(2000, 1500).png().toBuffer(), limits);
    const { fileName } = await storeUpload(target, webp);
    const stem = fileName.slice(0, -'.webp'.length);
    const sizeOf = async (name: string) => {
      const meta = await sharp(path.join(target, name)).metadata();
      return [meta.format, meta.width, meta.height];
    };
    expect(await sizeOf(fileName)).toEqual(['webp', 1600, 1200]);
    expect(await sizeOf(`${stem}-160w.webp`)).toEqual(['webp', 160, 120]);
    expect(await sizeOf(`${stem}-400w.webp`)).toEqual(['webp', 400, 300]);
    expect(await sizeOf(`${stem}-800w.webp`)).toEqual(['webp', 800, 600]);
  });

  it('never enlarges: a copy at least as wide as a small upload is the upload itself', async () => {
    const target = path.join(dir, 'small');
    const { webp } = await processUpload(await picture(300, 200).png().toBuffer(), limits);
    const { fileName } = await storeUpload(target, webp);
    const stem = fileName.slice(0, -'.webp'.length);
    expect((await sharp(path.join(target, `${stem}-160w.webp`)).metadata()).width).toBe(160);
    for (const width of [400, 800]) {
      const copy = await readFile(path.join(target, `${stem}-${width}w.webp`));
      expect(copy.equals(webp)).toBe(true);
    }
  });
});
