import { useId } from 'react';
import type { ReactNode } from 'react';

export interface StaticPageLayoutProps {
  /** Text of the page's single `<h1>`. */
  title: string;
  /** Optional lead paragraph shown under the heading. */
  intro?: ReactNode;
  /** Optional small label shown above the heading (e.g. 'Help', 'Payments'). */
  eyebrow?: string;
  children: ReactNode;
}

/**
 * Shared wrapper for the shop's static pages: a centred, readable column with the page heading.
 * The app shell provides `<main>`; this renders an `<article>` inside it.
 */
export function StaticPageLayout({ title, intro, eyebrow, children }: StaticPageLayoutProps) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 text-base leading-relaxed text-gray-700 sm:px-6 sm:py-14 lg:py-16">
      <header className="mb-10 border-b border-gray-200 pb-8 sm:mb-12">
        {eyebrow ? (
          <p className="mb-3 text-sm font-semibold tracking-wide text-emerald-700 uppercase">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="text-3xl font-bold tracking-tight text-balance text-gray-900 sm:text-4xl">
          {title}
        </h1>
        {intro ? (
          <div className="mt-4 text-lg leading-relaxed text-pretty text-gray-600">{intro}</div>
        ) : null}
      </header>
      <div className="space-y-10 sm:space-y-12">{children}</div>
    </article>
  );
}

export interface StaticSectionProps {
  /** Text of the section's `<h2>`. */
  title: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A titled `<section>` labelled by its own `<h2>`, with consistent spacing for prose inside. */
export function StaticSection({ title, children, className }: StaticSectionProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <h2 id={headingId} className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl">
        {title}
      </h2>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

/** A bulleted list with emerald markers, for use inside static pages. */
export function StaticList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-5 marker:text-emerald-600">{children}</ul>;
}

/** Inline link styling shared by static pages (mailto:, tel: and in-site links). */
export const staticLinkClass =
  'font-medium text-emerald-700 underline decoration-emerald-300 underline-offset-2 hover:text-emerald-800 hover:decoration-emerald-600 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

export default StaticPageLayout;
