// Stores a processed image on disk under a random name nobody can guess or choose, with its
// copies in 160, 400 and 800 pixels' width beside it (widths.ts).
import { randomUUID } from 'node:crypto';
import { storeWithWidths } from './widths.ts';

export interface StoredUpload {
  /** `<uuid>.webp`, relative to the upload directory. */
  fileName: string;
}

/** Writes the WebP and its width copies into `dir`; each file appears whole or not at all. */
export async function storeUpload(dir: string, webp: Buffer): Promise<StoredUpload> {
  const fileName = `${randomUUID()}.webp`;
  await storeWithWidths(dir, fileName, webp);
  return { fileName };
}
