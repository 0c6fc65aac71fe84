// The cart and wishlist are overlays on the shop (SPEC §2.1). Opened at /cart or /wishlist, they
// show the home page behind them; it loads lazily, so the overlay never waits for it.
import { lazy, Suspense } from 'react';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';

const HomePage = lazy(() => import('../../catalog/routes/home-page.tsx'));

function Title({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}

export function ShopBehind({ title }: { title: string }) {
  return (
    <Suspense fallback={null}>
      <HomePage />
      {/* After the home page, so its effect runs last and the overlay's title wins. */}
      <Title title={title} />
    </Suspense>
  );
}
