import { useState } from 'react';
import type { Product, ProductVariant } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useAccessToken } from '../../../lib/session.ts';
import { useAddToCart, useAddToWishlist, type ProductForList } from '../api/cart-api.ts';
import { useCartText } from '../text.ts';
import { LoginRequiredModal } from './login-required-modal.tsx';

/** The product as a cart line shows it: the chosen variant's price, stock and image. */
function forList(product: Product, variant: ProductVariant | undefined): ProductForList {
  if (!variant) return product;
  return {
    id: product.id,
    title: product.title,
    title_sw: product.title_sw,
    thumbnail: variant.image ?? product.thumbnail,
    price: variant.price,
    discountPercentage: variant.discountPercentage,
    stock: variant.stock,
    variantId: variant.id,
    variant: variant.title,
  };
}

/**
 * Add to Cart (with the chosen quantity) and Add to Wishlist. Logged out, both open 'Login
 * Required' (SPEC §2.5); the result shows in the green notice bar at the bottom. A product sold in
 * sizes asks for one first (`ask`: 'Please choose a size.' at the option).
 */
export function ProductActions({
  product,
  quantity,
  variant,
  ask,
}: {
  product: Product;
  quantity: number;
  variant: ProductVariant | undefined;
  ask?: (() => void) | undefined;
}) {
  const token = useAccessToken();
  const [loginRequired, setLoginRequired] = useState(false);
  const addToCart = useAddToCart();
  const addToWishlist = useAddToWishlist();
  const outOfStock = (variant ?? product).stock <= 0;
  const t = useCartText();

  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Button
        onClick={() => {
          if (!token) setLoginRequired(true);
          else if (ask) ask();
          else addToCart.mutate({ product: forList(product, variant), quantity });
        }}
        disabled={outOfStock}
      >
        {t(outOfStock ? 'productActions.outOfStock' : 'productActions.addToCart')}
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          token ? addToWishlist.mutate(forList(product, variant)) : setLoginRequired(true)
        }
      >
        {t('productActions.addToWishlist')}
      </Button>
      {loginRequired && <LoginRequiredModal onClose={() => setLoginRequired(false)} />}
    </div>
  );
}
