import { useContext, useState, type ContextType, type ReactNode } from 'react';
import {
  Outlet,
  UNSAFE_LocationContext as LocationContext,
  useLocation,
  useOutlet,
} from 'react-router';
import { backgroundOf } from '../../lib/overlay-location.ts';
import { PageBehindContext } from './page-behind.ts';
import { PageScrollRestoration } from './page-scroll.tsx';
import { ShopFooter } from './shop-footer.tsx';
import { ShopHeader } from './shop-header.tsx';
import { useShopText } from '../../lib/i18n/text.ts';

interface ShownPage {
  key: string;
  element: ReactNode;
  location: ContextType<typeof LocationContext>;
}

/**
 * The page and, over it, an overlay route opened from it (the cart or wishlist, with a background
 * location in its state). The page stays mounted where it was in the tree, with its own location,
 * so it keeps its state and scroll while the overlay is open and after it closes.
 */
function PageWithOverlay() {
  const location = useLocation();
  const locationContext = useContext(LocationContext);
  const outlet = useOutlet();
  const background = backgroundOf(location);
  const [shown, setShown] = useState<ShownPage | null>(null);
  if (!background && shown?.key !== location.key) {
    setShown({ key: location.key, element: outlet, location: locationContext });
  }
  const behind = background && shown?.key === background.key ? shown : null;
  return (
    <>
      <LocationContext.Provider value={behind ? behind.location : locationContext}>
        {behind ? behind.element : outlet}
      </LocationContext.Provider>
      {behind && <PageBehindContext.Provider value={true}>{outlet}</PageBehindContext.Provider>}
    </>
  );
}

export function ShopLayout() {
  const t = useShopText();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t('layout.skipToContent')}
      </a>
      <ShopHeader />
      <main id="main" className="flex-1">
        <PageWithOverlay />
      </main>
      <ShopFooter />
      <PageScrollRestoration />
    </div>
  );
}

/** /login and /signup: neither header nor footer (SPEC §2.1). */
export function BareLayout() {
  return (
    <main id="main" className="min-h-screen bg-slate-50">
      <Outlet />
    </main>
  );
}
