// / : the catalogue's home page. A route module of its own because the cart and wishlist
// overlays also show the home page behind them (home-behind.tsx): a module imported both ways
// would lose its own entry in the build manifest, which the server uses to preload a route's code.
export { default } from '../../features/catalog/routes/home-page.tsx';
