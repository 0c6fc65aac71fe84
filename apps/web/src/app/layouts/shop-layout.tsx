import { Outlet, ScrollRestoration } from 'react-router';
import { ShopFooter } from './shop-footer.tsx';
import { ShopHeader } from './shop-header.tsx';

export function ShopLayout() {
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        Skip to content
      </a>
      <ShopHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <ShopFooter />
      <ScrollRestoration />
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
