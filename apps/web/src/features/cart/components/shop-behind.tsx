// The cart and wishlist are overlays on the shop (SPEC §2.1). Opened from a page, the shop layout
// keeps that page behind them; opened at /cart or /wishlist directly, app/ passes in the home page
// (lazily loaded, so the overlay never waits).
import { Suspense, useEffect, type ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

function Title({ title }: { title: string }) {
  // The page behind stays mounted and does not set its title again: give it back on closing.
  useEffect(() => {
    const before = document.title;
    return () => {
      document.title = before;
    };
  }, []);
  useDocumentTitle(title);
  return null;
}

export function ShopBehind({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
      {children}
      {/* After the page behind, so its effect runs last and the overlay's title wins. */}
      <Title title={title} />
    </Suspense>
  );
}
