// Page buttons with a fixed window of numbers and no gaps: the back office's Reviews pager
// (first, previous, up to 5 numbers, next, last) and Contacts pager (numbers, and Next only when
// there are more pages than numbers shown).
import { useUiText } from './text.ts';

/** Up to `size` consecutive page numbers around `page`, kept within 1..pageCount. */
export function numberWindow(page: number, pageCount: number, size: number): number[] {
  if (pageCount <= 0) return [];
  const shown = Math.min(size, pageCount);
  const start = Math.min(Math.max(1, page - Math.floor((shown - 1) / 2)), pageCount - shown + 1);
  return Array.from({ length: shown }, (_, i) => start + i);
}

export interface NumberedPagerProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  windowSize: number;
  /** First and Last buttons. */
  ends?: boolean;
  previous?: boolean;
  next?: boolean;
  label?: string;
}

const itemClass =
  'relative min-w-9 rounded-lg border px-2.5 py-1.5 sm:px-3 text-sm disabled:cursor-not-allowed disabled:opacity-40';
const idle = 'border-slate-300 bg-white hover:bg-slate-50 disabled:hover:bg-white';
const current = 'border-brand-700 bg-brand-700 font-semibold text-white';

export function NumberedPager({
  page,
  pageCount,
  onPageChange,
  windowSize,
  ends = false,
  previous = true,
  next = true,
  label,
}: NumberedPagerProps) {
  const t = useUiText();
  if (pageCount <= 1) return null;
  // On narrow screens the steps show as arrows; their names stay the words.
  const step = (text: string, arrow: string, target: number, disabled: boolean) => (
    <button
      type="button"
      className={`${itemClass} ${idle}`}
      disabled={disabled}
      onClick={() => onPageChange(target)}
    >
      <span aria-hidden="true" className="sm:hidden">
        {arrow}
      </span>
      <span className="max-sm:sr-only">{text}</span>
    </button>
  );
  return (
    <nav
      aria-label={label ?? t('pagination.label')}
      className="flex flex-wrap items-center justify-center gap-1 sm:gap-1.5"
    >
      {ends && step(t('pagination.first'), '«', 1, page <= 1)}
      {previous && step(t('pagination.previous'), '‹', page - 1, page <= 1)}
      {numberWindow(page, pageCount, windowSize).map((n) => (
        <button
          key={n}
          type="button"
          aria-label={t('pagination.page', { page: n })}
          aria-current={n === page ? 'page' : undefined}
          onClick={() => onPageChange(n)}
          className={`${itemClass} ${n === page ? current : idle}`}
        >
          {n}
        </button>
      ))}
      {next && step(t('pagination.next'), '›', page + 1, page >= pageCount)}
      {ends && step(t('pagination.last'), '»', pageCount, page >= pageCount)}
    </nav>
  );
}
