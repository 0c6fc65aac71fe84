// One image of a product or a home page slide: drop a file on it or click to browse (images only).
// The file is uploaded at once; the slot then shows what the server kept. The product editors
// (admin-catalog) and the slides (admin-settings) both use it, so it lives apart from features.
import { useId, useRef, useState } from 'react';
import { uploadImage } from '../../lib/upload-image.ts';
import { ProductImage } from '../ui/product-image.tsx';

export function ImageSlot({
  label,
  url,
  onChange,
  large = false,
  prompt,
  aspect,
}: {
  label: string;
  url: string | null;
  onChange: (url: string | null) => void;
  large?: boolean;
  /** What the empty slot says (the main image's drop zone says so by default). */
  prompt?: string;
  /** The slot's shape as a Tailwind aspect class, when not the product image's. */
  aspect?: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const [state, setState] = useState<{ busy: boolean; error: string }>({ busy: false, error: '' });
  const [over, setOver] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      setState({ busy: false, error: 'Image upload failed: only image files can be used.' });
      return;
    }
    setState({ busy: true, error: '' });
    try {
      onChange(await uploadImage(file));
      setState({ busy: false, error: '' });
    } catch (err) {
      onChange(null);
      setState({
        busy: false,
        error: `Image upload failed: ${err instanceof Error ? err.message : 'please try again.'}`,
      });
    }
  };

  return (
    <div>
      <input
        ref={input}
        id={id}
        type="file"
        accept="image/*"
        className="sr-only"
        // The drop zone below is the control people use; this input only opens the file picker.
        tabIndex={-1}
        aria-hidden="true"
        aria-label={label}
        onChange={(e) => {
          void take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <button
        type="button"
        onClick={() => input.current?.click()}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e) => {
          e.preventDefault();
          setOver(false);
          void take(e.dataTransfer.files[0]);
        }}
        className={`flex w-full flex-col items-center justify-center gap-2 overflow-hidden rounded-xl border-2 border-dashed text-sm text-slate-600 ${
          aspect ?? (large ? 'aspect-[4/3]' : 'aspect-square')
        } ${over ? 'border-brand-600 bg-brand-50' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
      >
        {url ? (
          <ProductImage
            src={url}
            alt={`${label} preview`}
            sizes={large ? '(min-width: 1024px) 480px, 100vw' : '(min-width: 1024px) 200px, 50vw'}
            width={large ? 800 : 400}
            height={large ? 600 : 400}
            className="h-full w-full object-cover"
          />
        ) : state.busy ? (
          <span role="status">Uploading...</span>
        ) : (
          <>
            <span aria-hidden="true" className="text-2xl">
              ⬆
            </span>
            <span className="px-2 text-center">
              {prompt ?? (large ? 'Drop the main image here, or click to browse' : label)}
            </span>
          </>
        )}
      </button>
      {url && (
        <button
          type="button"
          className="mt-1 text-xs font-medium text-red-700 hover:underline"
          onClick={() => onChange(null)}
        >
          Remove {label.toLowerCase()}
        </button>
      )}
      {state.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {state.error}
        </p>
      )}
    </div>
  );
}
