// The routes of SPEC §2.1. Every page is its own chunk, so the first load carries only the shell.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingText } from '../components/ui/status.tsx';
import { lazyPage } from './lazy-page.ts';
import { BareLayout, ShopLayout } from './layouts/shop-layout.tsx';
import { RouteError } from './route-error.tsx';

const page = (path: string, load: Parameters<typeof lazyPage>[0]): RouteObject => ({
  path,
  lazy: lazyPage(load),
});

export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingText />,
    children: [
      {
        element: <ShopLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage(() => import('../features/catalog/routes/home-page.tsx')) },
          page('products', () => import('../features/catalog/routes/products-page.tsx')),
          page('products/:id', () => import('../features/catalog/routes/product-detail-page.tsx')),
          page('toppicks', () => import('../features/catalog/routes/top-picks-page.tsx')),
          page('weeklyoffers', () => import('../features/catalog/routes/weekly-offers-page.tsx')),
          page('about', () => import('../features/static-pages/about-page.tsx')),
          page('privacy', () => import('../features/static-pages/privacy-page.tsx')),
          page('faqs', () => import('../features/static-pages/faqs-page.tsx')),
          page('delivery', () => import('../features/static-pages/delivery-page.tsx')),
          page('mpesa', () => import('../features/static-pages/mpesa-page.tsx')),
          page('paypal', () => import('../features/static-pages/paypal-page.tsx')),
          page('payless', () => import('../features/static-pages/payless-page.tsx')),
          page('*', () => import('./not-found-page.tsx')),
        ],
      },
      {
        element: <BareLayout />,
        children: [],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
