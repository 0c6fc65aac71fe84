import { useState } from 'react';
import { ProductImage } from '../../../../components/ui/product-image.tsx';

/** The main image's slot: the page's width on phones, beside the thumbnails, half from lg. */
const MAIN_SIZES =
  '(min-width: 1280px) 516px, (min-width: 1024px) calc(50vw - 124px), ' +
  '(min-width: 640px) calc(100vw - 124px), calc(100vw - 32px)';

/** The main image and its thumbnails; choosing a thumbnail changes the main image. */
export function ImageGallery({ images, title }: { images: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  return (
    // The main image comes first in the page and has its own place in the grid: a browser paints
    // a page before it has all of it, and thumbnails written first were painted at the top and
    // then pushed down by the picture (a layout shift seen on a busy CI host).
    <div className="grid gap-3 sm:grid-cols-[5rem_minmax(0,1fr)]">
      {/* The main image is shown whole (issue 21): a tall shoe or a wide sofa is never cropped. */}
      <div className="aspect-square overflow-hidden rounded-2xl bg-white sm:col-start-2 sm:row-start-1">
        {main && (
          <ProductImage
            src={main}
            alt={`${title}, image ${selected + 1} of ${images.length}`}
            sizes={MAIN_SIZES}
            width={800}
            height={800}
            priority
            className="h-full w-full object-contain"
            data-testid="main-image"
          />
        )}
      </div>
      <ul
        className="flex gap-2 sm:col-start-1 sm:row-start-1 sm:flex-col"
        aria-label="Product images"
      >
        {images.map((src, i) => (
          <li key={src}>
            <button
              type="button"
              aria-label={`Show image ${i + 1} of ${images.length}`}
              aria-pressed={i === selected}
              onClick={() => setSelected(i)}
              className={`block h-16 w-16 overflow-hidden rounded-lg border-2 sm:h-20 sm:w-20 ${
                i === selected
                  ? 'border-brand-600'
                  : 'border-transparent opacity-80 hover:opacity-100'
              }`}
            >
              <ProductImage
                src={src}
                alt=""
                sizes="(min-width: 640px) 80px, 64px"
                width={80}
                height={80}
                className="h-full w-full object-cover"
              />
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
