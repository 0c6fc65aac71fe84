// /products/{id}: the catalogue's product page with the cart feature's Add to Cart and Add to
// Wishlist buttons.
import { ProductActions } from '../../features/cart/components/product-actions.tsx';
import ProductDetailPage from '../../features/catalog/routes/product-detail-page.tsx';

export default function ProductDetailRoute() {
  return (
    <ProductDetailPage
      actions={(product, quantity, choice) => (
        <ProductActions
          product={product}
          quantity={quantity}
          variant={choice.variant}
          ask={choice.ask}
        />
      )}
    />
  );
}
