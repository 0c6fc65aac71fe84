// Uploaded images are never stored as sent: the type is read from the content, oversized and
// decompression-bomb inputs are refused, and what passes is decoded and re-encoded to WebP.
// Re-encoding keeps only pixels, so metadata and anything smuggled around the image data (polyglot
// HTML or scripts) cannot survive.
import sharp, { type Metadata } from 'sharp';

export type UploadErrorCode = 'TOO_LARGE' | 'NOT_AN_IMAGE';

/** An upload the shop refuses; the message is meant for the person who sent it. */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface ProcessedImage {
  webp: Buffer;
  width: number;
  height: number;
}

export interface UploadLimits {
  maxBytes: number;
  /** Decoded width × height above which an image is refused; 40 megapixels unless given. */
  maxPixels?: number;
}

export const DEFAULT_MAX_PIXELS = 40_000_000;
export const MAX_DIMENSION = 1600;
const WEBP_QUALITY = 82;

const NOT_AN_IMAGE = 'Only image files (JPEG, PNG, WebP, GIF) can be uploaded.';

/** Raster formats browsers show everywhere. SVG is left out on purpose: it can carry scripts. */
function isAcceptedFormat(meta: Metadata): boolean {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'webp':
    case 'gif':
      return true;
    case 'heif':
      // AVIF is HEIF with AV1 inside; HEIC (HEVC) is not something browsers show.
      return meta.compression === 'av1';
    default:
      return false;
  }
}

function formatSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function tooManyPixels(): UploadError {
  return new UploadError(
    'TOO_LARGE',
    'The image has too many pixels; please upload a smaller one.',
  );
}

function isPixelLimitError(err: unknown): boolean {
  return err instanceof Error && /pixel limit/i.test(err.message);
}

/** Reads only the header; sharp already compares its dimensions with the pixel limit here. */
async function readMetadata(input: Buffer, maxPixels: number): Promise<Metadata> {
  try {
    return await sharp(input, { limitInputPixels: maxPixels }).metadata();
  } catch (err) {
    if (isPixelLimitError(err)) throw tooManyPixels();
    throw new UploadError('NOT_AN_IMAGE', NOT_AN_IMAGE);
  }
}

async function reencode(input: Buffer, maxPixels: number): Promise<ProcessedImage> {
  try {
    const { data, info } = await sharp(input, { limitInputPixels: maxPixels })
      .autoOrient()
      .resize(MAX_DIMENSION, MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
      // sharp writes no EXIF, ICC or XMP unless asked to (keepMetadata and friends): not asked.
      .webp({ quality: WEBP_QUALITY })
      .toBuffer({ resolveWithObject: true });
    return { webp: data, width: info.width, height: info.height };
  } catch (err) {
    if (isPixelLimitError(err)) throw tooManyPixels();
    // A header that parses over pixel data that does not: not an image we can use.
    throw new UploadError('NOT_AN_IMAGE', NOT_AN_IMAGE);
  }
}

/** Checks an uploaded file and turns it into a clean WebP of at most 1600×1600. */
export async function processUpload(input: Buffer, options: UploadLimits): Promise<ProcessedImage> {
  if (input.length > options.maxBytes) {
    throw new UploadError('TOO_LARGE', `The image is larger than ${formatSize(options.maxBytes)}.`);
  }
  const maxPixels = options.maxPixels ?? DEFAULT_MAX_PIXELS;
  const meta = await readMetadata(input, maxPixels);
  if (!isAcceptedFormat(meta)) throw new UploadError('NOT_AN_IMAGE', NOT_AN_IMAGE);
  // Checked again from the header before any decoding, so a bomb costs nothing whatever sharp does.
  const { width = 0, height = 0 } = meta;
  if (width * height > maxPixels) throw tooManyPixels();
  return reencode(input, maxPixels);
}
