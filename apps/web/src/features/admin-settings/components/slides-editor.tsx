// The home page's slides in Settings: each with its title, words, picture (uploaded as product
// pictures are) and the shop page it leads to; added, removed and put in order.
import { MAX_SLIDES, type Slide } from '@duka/domain/settings/schemas';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/field.tsx';
import { ImageSlot } from '../../../components/admin/image-slot.tsx';

/** A slide as the form holds it; `key` keeps each slide's own state as slides move. */
export interface SlideDraft {
  key: number;
  title: string;
  text: string;
  image: string | null;
  link: string;
}

let nextKey = 0;
const keyed = (slide: Omit<SlideDraft, 'key'>): SlideDraft => ({ ...slide, key: nextKey++ });

export const slideDraftsOf = (slides: readonly Slide[]): SlideDraft[] => slides.map(keyed);

export function SlidesEditor({
  slides,
  onChange,
  errors,
  className,
  legendClassName,
}: {
  slides: SlideDraft[];
  onChange: (slides: SlideDraft[]) => void;
  /** The form's errors, by field path (`slides.0.title`). */
  errors: Record<string, string>;
  className: string;
  legendClassName: string;
}) {
  const change = (i: number, patch: Partial<SlideDraft>) =>
    onChange(slides.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const move = (i: number, to: number) => {
    const next = [...slides];
    const [slide] = next.splice(i, 1);
    next.splice(to, 0, slide!);
    onChange(next);
  };

  return (
    <fieldset className={className}>
      <legend className={legendClassName}>Home page slides</legend>
      <p className="text-sm text-slate-600">
        Shown in this order at the top of the home page, a new one every 3 seconds. Up to{' '}
        {MAX_SLIDES}; with none, the home page has no slider.
      </p>
      {errors.slides && (
        <p role="alert" className="text-sm text-red-700">
          {errors.slides}
        </p>
      )}
      <ol className="space-y-4">
        {slides.map((slide, i) => {
          const n = i + 1;
          const error = (field: string) => errors[`slides.${i}.${field}`];
          return (
            <li key={slide.key} className="rounded-xl border border-slate-200 p-4">
              <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-medium text-slate-900">Slide {n}</h3>
                <div className="flex flex-wrap gap-2">
                  <Button
                    variant="secondary"
                    disabled={i === 0}
                    aria-label={`Move slide ${n} up`}
                    onClick={() => move(i, i - 1)}
                  >
                    Up
                  </Button>
                  <Button
                    variant="secondary"
                    disabled={i === slides.length - 1}
                    aria-label={`Move slide ${n} down`}
                    onClick={() => move(i, i + 1)}
                  >
                    Down
                  </Button>
                  <Button
                    variant="ghost"
                    className="text-red-700"
                    aria-label={`Remove slide ${n}`}
                    onClick={() => onChange(slides.filter((_, j) => j !== i))}
                  >
                    Remove
                  </Button>
                </div>
              </div>
              <div className="grid gap-4 sm:grid-cols-[1fr_16rem]">
                <div className="space-y-3">
                  <TextField
                    label={`Slide ${n} title`}
                    value={slide.title}
                    maxLength={120}
                    onChange={(e) => change(i, { title: e.target.value })}
                    error={error('title')}
                  />
                  <TextField
                    label={`Slide ${n} words`}
                    value={slide.text}
                    maxLength={240}
                    onChange={(e) => change(i, { text: e.target.value })}
                    error={error('text')}
                  />
                  <TextField
                    label={`Slide ${n} leads to`}
                    placeholder="/products?category=laptops"
                    value={slide.link}
                    onChange={(e) => change(i, { link: e.target.value })}
                    error={error('link')}
                  />
                </div>
                <div>
                  <ImageSlot
                    label={`Slide ${n} picture`}
                    prompt="Drop a picture here, or click to browse"
                    url={slide.image}
                    onChange={(image) => change(i, { image })}
                    large
                    // As wide as the slider shows it.
                    aspect="aspect-[8/3]"
                  />
                  {error('image') && (
                    <p role="alert" className="mt-1 text-sm text-red-700">
                      {error('image')}
                    </p>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      <Button
        variant="secondary"
        disabled={slides.length >= MAX_SLIDES}
        onClick={() => onChange([...slides, keyed({ title: '', text: '', image: null, link: '' })])}
      >
        Add a slide
      </Button>
    </fieldset>
  );
}
