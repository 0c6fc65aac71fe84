// A data table that becomes a stack of cards on smaller screens: one table in the page, restyled
// below the lg breakpoint (beside the back office's sidebar a tablet leaves a table too little
// room), where each cell shows its column's name before its value. The explicit roles keep the
// table's meaning for browsers that drop it when table display is changed.
import {
  useEffect,
  useRef,
  useState,
  type Key,
  type ReactNode,
  type RefObject,
  type ThHTMLAttributes,
} from 'react';

export interface Column<T> {
  /** The column's name: the header text, and the label before each value on small screens. */
  header: string;
  /** What the header cell shows when it is more than the name (e.g. a sort button). It is also
   *  shown above the cards on small screens. */
  headerContent?: ReactNode;
  headerProps?: Omit<ThHTMLAttributes<HTMLTableCellElement>, 'className' | 'scope'>;
  cell: (row: T, index: number) => ReactNode;
  /** Classes for this column's header and data cells on wide screens, e.g. 'text-right'. */
  className?: string;
  /** On small screens, put the value under its label rather than beside it (long text). */
  stack?: boolean;
}

export interface ResponsiveTableProps<T> {
  /** Names the table for screen readers. */
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => Key;
  /** A last row spanning the table, e.g. a total. */
  footer?: ReactNode;
  /**
   * Small cards for long lists of short values (47 counties): on small screens each card lays its
   * cells out two to a line, label above value, so a phone shows several at once.
   */
  compact?: boolean;
}

export function ResponsiveTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  footer,
  compact = false,
}: ResponsiveTableProps<T>) {
  const controlsOnSmall = columns.some((c) => c.headerContent);
  const frame = useRef<HTMLDivElement>(null);
  // A table wider than its frame scrolls sideways: keyboard users reach it too (WCAG 2.1.1), as a
  // named region in the tab order, only while it does scroll.
  const scrollable = useScrollsSideways(frame)
    ? { tabIndex: 0, role: 'region', 'aria-label': caption }
    : {};
  return (
    <div
      ref={frame}
      {...scrollable}
      className="relative focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 lg:overflow-x-auto lg:rounded-xl lg:border lg:border-slate-200 lg:bg-white lg:shadow-sm"
    >
      <table role="table" className="w-full text-sm text-slate-700 max-lg:block">
        <caption className="sr-only">{caption}</caption>
        <thead
          role="rowgroup"
          className={`bg-slate-50 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase ${
            controlsOnSmall ? 'max-lg:mb-3 max-lg:block max-lg:bg-transparent' : 'max-lg:sr-only'
          }`}
        >
          <tr role="row" className="max-lg:flex max-lg:flex-wrap max-lg:items-center max-lg:gap-2">
            {columns.map((column) => (
              <th
                key={column.header}
                role="columnheader"
                scope="col"
                {...column.headerProps}
                className={`px-3 py-3 whitespace-nowrap ${column.className ?? ''} ${
                  column.headerContent
                    ? 'max-lg:block max-lg:p-0'
                    : // Without controls the header row is for screen readers only: its cells stay
                      // in it (a row with no cells is an ARIA error); beside controls they go.
                      controlsOnSmall
                      ? 'max-lg:hidden'
                      : ''
                }`}
              >
                {column.headerContent ?? column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-lg:block max-lg:space-y-3">
          {rows.map((row, index) => (
            <tr
              key={rowKey(row)}
              role="row"
              className={`border-t border-slate-100 align-top hover:bg-slate-50/60 max-lg:rounded-xl max-lg:border max-lg:border-slate-200 max-lg:bg-white max-lg:px-4 max-lg:py-2 max-lg:shadow-sm ${
                compact ? 'max-lg:grid max-lg:grid-cols-2 max-lg:gap-x-4' : 'max-lg:block'
              }`}
            >
              {columns.map((column) => (
                <td
                  key={column.header}
                  role="cell"
                  data-label={column.header}
                  className={`px-3 py-3 ${column.className ?? ''} ${
                    compact
                      ? 'max-lg:flex-col max-lg:py-1.5 max-lg:text-left max-lg:before:text-xs'
                      : `max-lg:border-b max-lg:border-slate-100 max-lg:py-2 max-lg:last:border-b-0 ${
                          column.stack
                            ? 'max-lg:flex-col max-lg:gap-1'
                            : 'max-lg:items-start max-lg:justify-between max-lg:gap-4 max-lg:text-right'
                        }`
                  } max-lg:flex max-lg:px-0 max-lg:before:shrink-0 max-lg:before:text-left max-lg:before:font-medium max-lg:before:text-slate-500 max-lg:before:content-[attr(data-label)]`}
                >
                  <div className="min-w-0 wrap-break-word max-lg:wrap-anywhere">
                    {column.cell(row, index)}
                  </div>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {footer && (
          <tfoot role="rowgroup" className="max-lg:mt-3 max-lg:block">
            <tr
              role="row"
              className="border-t border-slate-200 bg-slate-50 font-semibold text-slate-900 max-lg:block max-lg:rounded-xl max-lg:border max-lg:bg-white max-lg:shadow-sm"
            >
              <td role="cell" colSpan={columns.length} className="px-3 py-3 max-lg:block">
                {footer}
              </td>
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/** Whether the element's content is wider than it, kept up to date as either changes size. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
