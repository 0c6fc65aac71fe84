import { useUiText } from './text.ts';

/** A rating drawn as repeated stars (SPEC §2.5), read by screen readers as a sentence. */
export function Stars({
  rating,
  max = 5,
  className = '',
}: {
  rating: number;
  max?: number;
  className?: string;
}) {
  const t = useUiText();
  const full = Math.round(rating);
  return (
    <span
      role="img"
      aria-label={t('stars.rated', { rating, max })}
      className={`inline-flex text-amber-500 ${className}`}
    >
      {Array.from({ length: max }, (_, i) => (
        <span key={i} aria-hidden="true" className={i < full ? '' : 'text-slate-300'}>
          ★
        </span>
      ))}
    </span>
  );
}
