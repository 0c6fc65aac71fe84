// Stores a processed image on disk under a random name nobody can guess or choose.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface StoredUpload {
  /** `<uuid>.webp`, relative to the upload directory. */
  fileName: string;
}

/** Writes the WebP into `dir`; the file appears whole or not at all. */
export async function storeUpload(dir: string, webp: Buffer): Promise<StoredUpload> {
  await mkdir(dir, { recursive: true });
  const fileName = `${randomUUID()}.webp`;
  // The temporary name ends in .tmp, so nothing serving *.webp can hand out a half-written file.
  const temp = path.join(dir, `${fileName}.${process.pid}.tmp`);
  try {
    await writeFile(temp, webp, { flag: 'wx', mode: 0o644 });
    await rename(temp, path.join(dir, fileName));
  } catch (err) {
    await rm(temp, { force: true });
    throw err;
  }
  return { fileName };
}
