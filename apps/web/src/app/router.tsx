// The routes of SPEC §2.1. Every page is its own chunk, so the first load carries only the shell.
import { createBrowserRouter, type RouteObject } from 'react-router';
import NotFoundPage from '../components/ui/not-found-page.tsx';
import { LoadingText } from '../components/ui/status.tsx';
import { RequireAdmin, RequireShopper } from './guards.tsx';
import { lazyPage } from './lazy-page.ts';
import { BareLayout, ShopLayout } from './layouts/shop-layout.tsx';
import { Root } from './root.tsx';
import { RouteError } from './route-error.tsx';

const page = (path: string, load: Parameters<typeof lazyPage>[0]): RouteObject => ({
  path,
  lazy: lazyPage(load),
});

export const routes: RouteObject[] = [
  {
    element: <Root />,
    errorElement: <RouteError />,
    HydrateFallback: () => <LoadingText />,
    children: [
      {
        element: <ShopLayout />,
        errorElement: <RouteError />,
        children: [
          { index: true, lazy: lazyPage(() => import('../features/catalog/routes/home-page.tsx')) },
          page('products', () => import('../features/catalog/routes/products-page.tsx')),
          page('products/:id', () => import('./routes/product-detail-route.tsx')),
          page('toppicks', () => import('../features/catalog/routes/top-picks-page.tsx')),
          page('weeklyoffers', () => import('../features/catalog/routes/weekly-offers-page.tsx')),
          page('about', () => import('../features/static-pages/about-page.tsx')),
          page('privacy', () => import('../features/static-pages/privacy-page.tsx')),
          page('faqs', () => import('../features/static-pages/faqs-page.tsx')),
          page('delivery', () => import('../features/static-pages/delivery-page.tsx')),
          page('mpesa', () => import('../features/static-pages/mpesa-page.tsx')),
          page('paypal', () => import('../features/static-pages/paypal-page.tsx')),
          page('payless', () => import('../features/static-pages/payless-page.tsx')),
          page('contact', () => import('../features/contact/routes/contact-page.tsx')),
          page('cart', () => import('./routes/cart-route.tsx')),
          page('wishlist', () => import('./routes/wishlist-route.tsx')),
          page('checkout', () => import('../features/checkout/routes/checkout-page.tsx')),
          page(
            'excute-payment',
            () => import('../features/checkout/routes/execute-payment-page.tsx'),
          ),
          page('ordercomplete', () => import('../features/orders/routes/order-complete-page.tsx')),
          page('search', () => import('../features/admin/routes/search-page.tsx')),
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
                  {
                    index: true,
                    lazy: lazyPage(
                      () => import('../features/account/routes/dashboard-user-page.tsx'),
                    ),
                  },
                  page(
                    'dashboarduser',
                    () => import('../features/account/routes/dashboard-user-page.tsx'),
                  ),
                  page('profile', () => import('../features/account/routes/profile-page.tsx')),
                  page(
                    'orderhistory',
                    () => import('../features/orders/routes/order-history-page.tsx'),
                  ),
                  page(
                    'wishlist',
                    () => import('../features/cart/routes/account-wishlist-page.tsx'),
                  ),
                  page(
                    'relatedproducts',
                    () => import('../features/catalog/routes/related-products-page.tsx'),
                  ),
                ],
              },
            ],
          },
          // Already in the first load (the guards show it too), so not a chunk of its own.
          { path: '*', Component: NotFoundPage },
        ],
      },
      {
        path: 'dashboard',
        element: <RequireAdmin />,
        errorElement: <RouteError />,
        children: [
          {
            lazy: lazyPage(() => import('./layouts/admin-layout.tsx')),
            children: [
              {
                index: true,
                lazy: lazyPage(() => import('../features/admin/routes/dashboard-admin-page.tsx')),
              },
              page(
                'dashboardAdmin',
                () => import('../features/admin/routes/dashboard-admin-page.tsx'),
              ),
              page('products/all', () => import('../features/admin/routes/all-products-page.tsx')),
              page('products/add', () => import('../features/admin/routes/add-product-page.tsx')),
              page('orders', () => import('../features/admin/routes/orders-page.tsx')),
              page('reviews', () => import('../features/admin/routes/reviews-page.tsx')),
              page('customers', () => import('../features/admin/routes/customers-page.tsx')),
              page('payments', () => import('../features/admin/routes/payments-page.tsx')),
              page('contacts', () => import('../features/admin/routes/contacts-page.tsx')),
            ],
          },
        ],
      },
      {
        element: <BareLayout />,
        children: [
          page('login', () => import('../features/auth/routes/login-page.tsx')),
          page('signup', () => import('../features/auth/routes/signup-page.tsx')),
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
