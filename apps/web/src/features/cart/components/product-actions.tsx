import { useState } from 'react';
import type { Product } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useAccessToken } from '../../../lib/session.ts';
import { useAddToCart, useAddToWishlist } from '../api/cart-api.ts';
import { LoginRequiredModal } from './login-required-modal.tsx';

/**
 * Add to Cart (with the chosen quantity) and Add to Wishlist. Logged out, both open 'Login
 * Required' (SPEC §2.5); the result shows in the green notice bar at the bottom.
 */
export function ProductActions({ product, quantity }: { product: Product; quantity: number }) {
  const token = useAccessToken();
  const [loginRequired, setLoginRequired] = useState(false);
  const addToCart = useAddToCart();
  const addToWishlist = useAddToWishlist();
  const outOfStock = product.stock <= 0;

  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Button
        onClick={() => (token ? addToCart.mutate({ product, quantity }) : setLoginRequired(true))}
        disabled={outOfStock}
      >
        {outOfStock ? 'Out of Stock' : 'Add to Cart'}
      </Button>
      <Button
        variant="secondary"
        onClick={() => (token ? addToWishlist.mutate(product) : setLoginRequired(true))}
      >
        Add to Wishlist
      </Button>
      {loginRequired && <LoginRequiredModal onClose={() => setLoginRequired(false)} />}
    </div>
  );
}
