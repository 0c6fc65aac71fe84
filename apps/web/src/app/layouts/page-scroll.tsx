// Scroll positions kept per visit, as React Router does, with one change (issue 33): every page
// loaded from the server starts a history entry React Router calls 'default', so on its own it
// gave a new page the position the last loaded page was left at (the Contacts list's, given to
// the dashboard: the admin's header, its bell included, scrolled out of sight). A loaded page is
// keyed by its address instead: a reload keeps its own position, and no page takes another's.
import { ScrollRestoration, type Location } from 'react-router';

/** The key a position is kept under: the visit, or the address of a page loaded from the server. */
export const scrollKeyOf = (location: Pick<Location, 'key' | 'pathname' | 'search'>) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

export function PageScrollRestoration() {
  return <ScrollRestoration getKey={scrollKeyOf} />;
}
