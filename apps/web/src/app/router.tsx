// The routes of SPEC §2.1. Every page is its own chunk, so the first load carries only the shell.
// Each page names its source module (handle.module), so the server can preload its chunk, and
// says whether the server renders it (handle.ssr): the public shop pages are rendered on the
// server and hydrated; private pages get the shop's frame and render in the browser (ADR 010).
import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import NotFoundPage from '../components/ui/not-found-page.tsx';
import { LoadingText } from '../components/ui/status.tsx';
import { RequireAdmin, RequireShopper } from './guards.tsx';
import { lazyPage } from './lazy-page.ts';
import { nextTask } from '../lib/hydration.tsx';
import { BareLayout, ShopLayout } from './layouts/shop-layout.tsx';
import { Root } from './root.tsx';
import { RouteError } from './route-error.tsx';

type PageModule = { default: ComponentType };
const modules = import.meta.glob<PageModule>([
  '../features/*/routes/*-page.tsx',
  '../features/static-pages/*-page.tsx',
  './routes/*-route.tsx',
  './layouts/admin-layout.tsx',
]);

export interface RouteHandle {
  /** The page's source module as the build manifest names it (src/…). */
  module: string;
  /** Rendered on the server and hydrated; otherwise the server sends the shop's frame. */
  ssr: boolean;
  /** Its meta description's key in the shop's catalogue, for a page whose text is not data. */
  description?: string;
  /** The structured data its <head> carries (ssr/head.ts): a product's, or the shop's. */
  structuredData?: 'product' | 'organization';
}

/** What a server-rendered page says of itself in <head>. */
type Rendered = Pick<RouteHandle, 'description' | 'structuredData'>;

function lazyModule(key: string, pick?: (m: Record<string, unknown>) => ComponentType) {
  const load = modules[key];
  if (!load) throw new Error(`No page module ${key}`);
  const handle: RouteHandle = {
    module: new URL(key, 'file:///src/app/').pathname.slice(1),
    ssr: false,
  };
  const loader = pick
    ? async () => ({ default: pick((await load()) as unknown as Record<string, unknown>) })
    : load;
  return { lazy: lazyPage(loader), handle };
}

/**
 * A page of the shop; `ssr` marks the public ones the server renders. Pages with forms that carry
 * personal data (log-in, sign-up, contact) are not among them: before hydration a browser would
 * submit such a form by itself, putting what was typed into the address.
 */
const page = (path: string, key: string, rendered?: Rendered): RouteObject => {
  const { lazy, handle } = lazyModule(key);
  return { path, lazy, handle: { ...handle, ...rendered, ssr: rendered !== undefined } };
};
const index = (key: string, rendered?: Rendered): RouteObject => {
  const { lazy, handle } = lazyModule(key);
  return { index: true, lazy, handle: { ...handle, ...rendered, ssr: rendered !== undefined } };
};

const catalog = '../features/catalog/routes';
const staticPages = '../features/static-pages';
// The back office, one feature per domain (its frame and dashboard are admin-shell's).
const adminCatalog = '../features/admin-catalog/routes';
const adminOrders = '../features/admin-orders/routes';
const adminPayments = '../features/admin-payments/routes';
const adminAccounts = '../features/admin-accounts/routes';
const adminMessages = '../features/admin-messages/routes';
const adminSettings = '../features/admin-settings/routes';
const adminPromotions = '../features/admin-promotions/routes';

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingText />,
    children: [
      {
        id: 'shop',
        element: <ShopLayout />,
        errorElement: <RouteError />,
        children: [
          index('./routes/home-route.tsx', { structuredData: 'organization' }),
          page('products', `${catalog}/products-page.tsx`, {
            description: 'meta.products',
          }),
          page('products/:id', './routes/product-detail-route.tsx', {
            structuredData: 'product',
          }),
          page('toppicks', `${catalog}/top-picks-page.tsx`, {
            description: 'meta.topPicks',
          }),
          page('weeklyoffers', `${catalog}/weekly-offers-page.tsx`, {
            description: 'meta.weeklyOffers',
          }),
          page('about', `${staticPages}/about-page.tsx`, {
            description: 'meta.about',
          }),
          page('privacy', `${staticPages}/privacy-page.tsx`, {
            description: 'meta.privacy',
          }),
          page('faqs', `${staticPages}/faqs-page.tsx`, {
            description: 'meta.faqs',
          }),
          page('delivery', `${staticPages}/delivery-page.tsx`, {
            description: 'meta.delivery',
          }),
          page('mpesa', `${staticPages}/mpesa-page.tsx`, {
            description: 'meta.mpesa',
          }),
          page('paypal', `${staticPages}/paypal-page.tsx`, {
            description: 'meta.paypal',
          }),
          page('payless', `${staticPages}/payless-page.tsx`, {
            description: 'meta.payless',
          }),
          page('contact', '../features/contact/routes/contact-page.tsx'),
          page('cart', './routes/cart-route.tsx', {}),
          page('wishlist', './routes/wishlist-route.tsx', {}),
          page('checkout', '../features/checkout/routes/checkout-page.tsx'),
          page('excute-payment', '../features/checkout/routes/execute-payment-page.tsx'),
          page('ordercomplete', '../features/orders/routes/order-complete-page.tsx'),
          page('track', '../features/tracking/routes/track-page.tsx'),
          page('receipt/:id', '../features/receipts/routes/receipt-page.tsx'),
          // The back-office header's search, in the shop's layout (for anyone but an admin, a 404).
          page('search', '../features/admin-shell/routes/search-page.tsx'),
          {
            path: 'userprofile',
            element: <RequireShopper />,
            children: [
              {
                lazy: lazyPage(async () => ({
                  default: (await import('../features/account/components/account-layout.tsx'))
                    .AccountLayout,
                })),
                children: [
                  index('../features/account/routes/dashboard-user-page.tsx'),
                  page('dashboarduser', '../features/account/routes/dashboard-user-page.tsx'),
                  page('profile', '../features/account/routes/profile-page.tsx'),
                  page('orderhistory', '../features/orders/routes/order-history-page.tsx'),
                  page('orders/:id', './routes/order-route.tsx'),
                  page('wishlist', '../features/cart/routes/account-wishlist-page.tsx'),
                  page('relatedproducts', `${catalog}/related-products-page.tsx`),
                ],
              },
            ],
          },
          // Already in the first load (the guards show it too), so not a chunk of its own.
          { path: '*', Component: NotFoundPage, handle: { module: '', ssr: true } },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAdmin />,
        errorElement: <RouteError />,
        children: [
          {
            ...lazyModule('./layouts/admin-layout.tsx'),
            children: [
              index('./routes/admin-dashboard-route.tsx'),
              page('dashboardAdmin', './routes/admin-dashboard-route.tsx'),
              page('products/all', `${adminCatalog}/all-products-page.tsx`),
              page('products/add', `${adminCatalog}/add-product-page.tsx`),
              page('products/import', `${adminCatalog}/import-products-page.tsx`),
              page('products/:id/edit', `${adminCatalog}/edit-product-page.tsx`),
              page('low-stock', `${adminCatalog}/low-stock-page.tsx`),
              page('orders', `${adminOrders}/orders-page.tsx`),
              page('orders/:id', './routes/admin-order-route.tsx'),
              page('returns', `${adminOrders}/returns-page.tsx`),
              page('returns/:id', `${adminOrders}/return-page.tsx`),
              page('reviews', `${adminCatalog}/reviews-page.tsx`),
              page('customers', `${adminAccounts}/customers-page.tsx`),
              page('customers/:id', `${adminAccounts}/customer-page.tsx`),
              page('payments', `${adminPayments}/payments-page.tsx`),
              page('invoices', `${adminPayments}/invoices-page.tsx`),
              page('promotions', `${adminPromotions}/promotions-page.tsx`),
              page('promotions/new', `${adminPromotions}/add-promotion-page.tsx`),
              page('promotions/:id/edit', `${adminPromotions}/edit-promotion-page.tsx`),
              page('contacts', `${adminMessages}/contacts-page.tsx`),
              page('outbox', `${adminMessages}/outbox-page.tsx`),
              page('search-words', `${adminCatalog}/search-synonyms-page.tsx`),
              page('delivery', `${adminSettings}/delivery-page.tsx`),
              page('staff', `${adminAccounts}/staff-page.tsx`),
              page('security', `${adminAccounts}/security-page.tsx`),
              page('audit', `${adminAccounts}/audit-page.tsx`),
              page('settings', `${adminSettings}/settings-page.tsx`),
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          page('login', '../features/auth/routes/login-page.tsx'),
          page('signup', '../features/auth/routes/signup-page.tsx'),
          page('forgot-password', '../features/auth/routes/forgot-password-page.tsx'),
          page('reset-password', '../features/auth/routes/reset-password-page.tsx'),
          page('staff-invite', '../features/auth/routes/staff-invite-page.tsx'),
        ],
      },
    ],
  },
];

/** Every page module, loaded (the server does this once when it starts). */
export async function loadAllPages(): Promise<void> {
  await Promise.all(Object.values(modules).map((load) => load()));
}

/**
 * The browser's router. The pages matching the first address are loaded before it starts, so the
 * first render is the page itself (matching the server's HTML), never the loading fallback.
 */
export async function createRouter(basename?: string) {
  const matches = matchRoutes(routes, window.location, basename) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  // Ranking the routes again (createBrowserRouter) in a task of its own, after the page's code.
  await nextTask();
  // The Kiswahili shop is the same routes under /sw: every link and navigation stays in it.
  return createBrowserRouter(routes, { basename });
}
