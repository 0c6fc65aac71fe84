import { useUiText } from './text.ts';

/** Choosing 1 to 5 stars: a radio group, so keyboards and screen readers can use it. */
export function StarPicker({
  value,
  onChange,
  label,
  max = 5,
  invalid = false,
}: {
  value: number;
  onChange: (stars: number) => void;
  label: string;
  max?: number;
  invalid?: boolean;
}) {
  const t = useUiText();
  return (
    <div role="radiogroup" aria-label={label} aria-invalid={invalid} className="flex gap-1">
      {Array.from({ length: max }, (_, i) => {
        const stars = i + 1;
        return (
          <button
            key={stars}
            type="button"
            role="radio"
            aria-checked={value === stars}
            aria-label={t('starPicker.stars', { stars })}
            onClick={() => onChange(stars)}
            className={`text-3xl leading-none transition hover:scale-110 ${
              stars <= value ? 'text-amber-500' : 'text-slate-300'
            }`}
          >
            ★
          </button>
        );
      })}
    </div>
  );
}
