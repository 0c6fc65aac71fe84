// A read-only rating drawn in half stars (SPEC §2.14: size 24). Each star is an empty outline with
// a filled copy on top, cut to half or full width by Tailwind classes (no style attributes: CSP).
import type { Locale } from '@duka/domain/i18n/locale';
import { useLocale } from '../../lib/i18n/locale-context.tsx';
import { uiTextIn } from './text.ts';

const SIZES = { 16: 'size-4', 20: 'size-5', 24: 'size-6' } as const;
const STAR = 'M12 2l3 6.9 7.5.7-5.7 5 1.7 7.4L12 18.3 5.5 22l1.7-7.4-5.7-5 7.5-.7z';

function StarIcon({ className }: { className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={`shrink-0 ${className}`}>
      <path d={STAR} />
    </svg>
  );
}

/** 'Rated 4.5 out of 5', and with a count ', 12 reviews'. */
export function ratingLabel(
  rating: number,
  max = 5,
  reviewCount?: number,
  locale: Locale = 'en',
): string {
  const t = uiTextIn(locale);
  const values = { rating: Math.round(rating * 10) / 10, max };
  if (reviewCount === undefined) return t('stars.rated', values);
  return t('stars.ratedWithReviews', { ...values, count: reviewCount });
}

export function HalfStars({
  rating,
  max = 5,
  size = 24,
  reviewCount,
  className = '',
}: {
  rating: number;
  max?: number;
  size?: keyof typeof SIZES;
  /** Read out with the rating when given. */
  reviewCount?: number;
  className?: string;
}) {
  const locale = useLocale();
  const halves = Math.round(Math.min(Math.max(rating, 0), max) * 2);
  const box = SIZES[size];
  return (
    <span
      role="img"
      aria-label={ratingLabel(rating, max, reviewCount, locale)}
      className={`inline-flex gap-0.5 ${className}`}
    >
      {Array.from({ length: max }, (_, i) => {
        const filled = Math.min(2, Math.max(0, halves - 2 * i)); // 0, 1 or 2 halves
        return (
          <span
            key={i}
            data-fill={['empty', 'half', 'full'][filled]}
            className={`relative inline-block ${box}`}
          >
            <StarIcon className={`absolute inset-0 ${box} fill-slate-200`} />
            {filled > 0 && (
              <span
                className={`absolute inset-y-0 left-0 overflow-hidden ${filled === 2 ? 'w-full' : 'w-1/2'}`}
              >
                <StarIcon className={`${box} fill-amber-400`} />
              </span>
            )}
          </span>
        );
      })}
    </span>
  );
}
