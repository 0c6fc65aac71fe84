// The home page as the backdrop of the cart and wishlist overlays opened directly (SPEC §2.1).
// Imported, not lazy: the server renders these pages, and a lazy part would reach the browser
// as an empty hole that hydration has to fill on its own.
export { default as HomeBehind } from '../../features/catalog/routes/home-page.tsx';
