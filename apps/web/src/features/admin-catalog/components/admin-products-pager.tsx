// The All Products pager (SPEC §2.14): buttons for the first 6 pages, and a page-jump field
// with 'of N' when there are more than 6.
import { useId, useState } from 'react';

const BUTTONS = 6;

export function AdminProductsPager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const jumpId = useId();
  // The field keeps what is typed (even blank) and follows the page when it changes elsewhere.
  const [field, setField] = useState({ page, draft: String(page) });
  if (field.page !== page) setField({ page, draft: String(page) });
  const setDraft = (draft: string) => setField({ page, draft });
  const draft = field.draft;

  const jump = (text: string) => {
    setDraft(text);
    const p = Number(text);
    if (text.trim() !== '' && Number.isInteger(p) && p >= 1 && p <= pageCount) onPage(p);
  };

  return (
    <nav aria-label="Pages" className="mt-6 flex flex-wrap items-center justify-center gap-2">
      {Array.from({ length: Math.min(BUTTONS, pageCount) }, (_, i) => i + 1).map((p) => (
        <button
          key={p}
          type="button"
          aria-label={`Page ${p}`}
          aria-current={p === page ? 'page' : undefined}
          onClick={() => onPage(p)}
          className={`min-w-9 rounded-lg border px-3 py-1.5 text-sm ${
            p === page
              ? 'border-brand-700 bg-brand-700 text-white'
              : 'border-slate-300 bg-white hover:bg-slate-50'
          }`}
        >
          {p}
        </button>
      ))}
      {pageCount > BUTTONS && (
        <span className="flex items-center gap-2 text-sm text-slate-700">
          <label htmlFor={jumpId}>Page</label>
          <input
            id={jumpId}
            type="number"
            inputMode="numeric"
            min={1}
            max={pageCount}
            value={draft}
            onChange={(e) => jump(e.target.value)}
            onBlur={() => setDraft(String(page))}
            className="w-20 rounded-lg border border-slate-300 bg-white px-2 py-1.5"
          />
          <span>of {pageCount}</span>
        </span>
      )}
    </nav>
  );
}
