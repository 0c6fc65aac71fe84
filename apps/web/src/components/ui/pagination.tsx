// Page buttons: previous, the first page, a window of pages around the current one, the last
// page, next; ellipses stand for the pages left out.
import { useUiText } from './text.ts';

export function pageWindow(page: number, pageCount: number, size: number): (number | 'gap')[] {
  if (pageCount <= 0) return [];
  const half = Math.floor(size / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(pageCount, start + size - 1);
  start = Math.max(1, end - size + 1);
  const items: (number | 'gap')[] = [];
  if (start > 1) items.push(1);
  if (start > 2) items.push('gap');
  for (let p = start; p <= end; p++) items.push(p);
  if (end < pageCount - 1) items.push('gap');
  if (end < pageCount) items.push(pageCount);
  return items;
}

export interface PaginationProps {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  /** How many page numbers around the current one (SPEC §9: 3 in the catalogue). */
  windowSize?: number;
  label?: string;
}

const itemClass =
  'min-w-9 rounded-lg border px-3 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-40';

export function Pagination({
  page,
  pageCount,
  onPageChange,
  windowSize = 3,
  label,
}: PaginationProps) {
  const t = useUiText();
  if (pageCount <= 1) return null;
  return (
    <nav
      aria-label={label ?? t('pagination.label')}
      className="mt-8 flex flex-wrap items-center justify-center gap-1.5"
    >
      <button
        type="button"
        className={`${itemClass} border-slate-300 bg-white hover:bg-slate-50`}
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        {t('pagination.previous')}
      </button>
      {pageWindow(page, pageCount, windowSize).map((item, i) =>
        item === 'gap' ? (
          <span key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-400">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pagination.page', { page: item })}
            className={`${itemClass} ${
              item === page
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white hover:bg-slate-50'
            }`}
            onClick={() => onPageChange(item)}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={`${itemClass} border-slate-300 bg-white hover:bg-slate-50`}
        disabled={page >= pageCount}
        onClick={() => onPageChange(page + 1)}
      >
        {t('pagination.next')}
      </button>
    </nav>
  );
}
