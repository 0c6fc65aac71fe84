// The home page as the backdrop of the cart and wishlist overlays (SPEC §2.1). Lazy, so an
// overlay never waits for it.
import { lazy } from 'react';

export const HomeBehind = lazy(() => import('../../features/catalog/routes/home-page.tsx'));
