// The cart and wishlist are overlays on the shop (SPEC §2.1). Opened at /cart or /wishlist, they
// show the home page behind them; app/ passes it in (lazily loaded, so the overlay never waits).
import { Suspense, type ReactNode } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

function Title({ title }: { title: string }) {
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
