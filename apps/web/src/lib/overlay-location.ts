// The cart and wishlist overlays (SPEC §2.1) open over the page the shopper is on: a link to one
// carries that page's location in its navigation state (React Router's "background location"),
// and the shop layout keeps the page rendered behind the overlay. Opened directly, by address
// or a reload, an overlay has no page in memory to keep and shows the home page behind it.
import type { Location } from 'react-router';

export interface OverlayState {
  backgroundLocation: Location;
}

/** The page an overlay at `location` was opened over, if any. */
export function backgroundOf(location: Location): Location | undefined {
  const state = location.state as Partial<OverlayState> | null | undefined;
  const background = state?.backgroundLocation;
  return background && typeof background.pathname === 'string' ? background : undefined;
}

/** Navigation state for opening an overlay from `location` (itself maybe an overlay). */
export function overlayState(location: Location): OverlayState {
  return { backgroundLocation: backgroundOf(location) ?? location };
}
