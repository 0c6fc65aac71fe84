// A product image in the width a screen needs: the shop keeps each image in 160, 400 and 800
// pixels (decision record 014), so the browser picks from a srcset by the slot `sizes` describes.
// An image from elsewhere (an old external URL) is shown as it is, without a srcset. Renders the
// same on the server and in the browser: it reads nothing but its props (and, on the server, tells
// the page's <head> to preload a priority image).
import { imageSrcSet } from '@duka/domain/catalog/images';
import { usePreloadedImage } from '../../lib/server-response.ts';

export interface ProductImageProps {
  src: string;
  alt: string;
  /** The slot's width at each screen width, as the `sizes` attribute writes it. */
  sizes: string;
  /** Intrinsic proportions (and size before CSS applies): square unless given. */
  width?: number;
  height?: number;
  /**
   * The page's largest image in the first screenful (its LCP): fetched at once and first.
   * Everything else waits until it is near the viewport.
   */
  priority?: boolean;
  className?: string;
  'data-testid'?: string;
}

export function ProductImage({
  src,
  alt,
  sizes,
  width = 400,
  height = 400,
  priority = false,
  className,
  'data-testid': testId,
}: ProductImageProps) {
  const srcSet = imageSrcSet(src);
  usePreloadedImage(priority ? { src, srcSet, sizes } : null);
  return (
    // srcset and sizes come before src, so that no browser starts fetching src on its own.
    <img
      srcSet={srcSet}
      sizes={srcSet ? sizes : undefined}
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
      data-testid={testId}
    />
  );
}
