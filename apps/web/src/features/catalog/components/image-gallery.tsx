import { useState } from 'react';
import { ProductImage } from '../../../components/ui/product-image.tsx';

/** The main image's slot: the page's width on phones, beside the thumbnails, half from lg. */
const MAIN_SIZES =
  '(min-width: 1280px) 516px, (min-width: 1024px) calc(50vw - 124px), ' +
  '(min-width: 640px) calc(100vw - 124px), calc(100vw - 32px)';

/** The main image and its thumbnails; choosing a thumbnail changes the main image. */
export function ImageGallery({ images, title }: { images: string[]; title: string }) {
  const [selected, setSelected] = useState(0);
  const main = images[selected] ?? images[0];
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row">
      <ul className="flex gap-2 sm:flex-col" aria-label="Product images">
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
      {/* The main image is shown whole (issue 21): a tall shoe or a wide sofa is never cropped. */}
      <div className="aspect-square min-w-0 flex-1 overflow-hidden rounded-2xl bg-white">
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
    </div>
  );
}
