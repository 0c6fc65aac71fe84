// Product images in several widths (decision record 014). The URL a product keeps is the image
// itself (`/uploads/<uuid>.webp`, `/images/products/<name>.webp`); its smaller copies sit beside it
// under the same name with the width added: `<name>-160w.webp`, `<name>-400w.webp`,
// `<name>-800w.webp`. The server writes them (uploads, seeds, a back-fill at start-up) and the web
// app derives a srcset from the URL alone. Pure and zod-free: both sides import it.

/** The widths every product image is kept in, smallest first. */
export const IMAGE_WIDTHS = [160, 400, 800] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** A file name (no folder) of a product image the shop keeps: `<name>.webp`, not a copy. */
const OWN_FILE = /^([A-Za-z0-9._-]+?)\.webp$/;
/** The name of a width copy: `<name>-<width>w.webp`. */
const VARIANT_FILE = /^(.+)-(\d+)w\.webp$/;
/** Folders whose images have width copies. */
const OWN_URL = /^\/(?:uploads|images\/products)\/([A-Za-z0-9._-]+\.webp)$/;

/** True for a width copy's file name (`x-400w.webp`), which has no copies of its own. */
export function isVariantFileName(fileName: string): boolean {
  return VARIANT_FILE.test(fileName);
}

/** `<name>.webp` → `<name>-<width>w.webp`; undefined for a name that has no copies. */
export function variantFileName(fileName: string, width: number): string | undefined {
  if (isVariantFileName(fileName)) return undefined;
  const m = OWN_FILE.exec(fileName);
  return m ? `${m[1]}-${width}w.webp` : undefined;
}

/** The URL of an image's copy `width` pixels wide, or undefined when it has none (any other URL). */
export function imageVariantUrl(url: string, width: ImageWidth): string | undefined {
  const m = OWN_URL.exec(url);
  if (!m) return undefined;
  const name = variantFileName(m[1]!, width);
  return name ? `${url.slice(0, url.length - m[1]!.length)}${name}` : undefined;
}

/** `srcset` for an image the shop keeps (160w, 400w, 800w), or undefined for any other URL. */
export function imageSrcSet(url: string): string | undefined {
  const parts: string[] = [];
  for (const width of IMAGE_WIDTHS) {
    const variant = imageVariantUrl(url, width);
    if (!variant) return undefined;
    parts.push(`${variant} ${width}w`);
  }
  return parts.join(', ');
}
