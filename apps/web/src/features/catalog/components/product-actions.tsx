import { useState } from 'react';
import type { Product } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { useAccessToken } from '../../../lib/session.ts';
import { LoginRequiredModal } from './login-required-modal.tsx';

/** Add to Cart and Add to Wishlist. Logged out, both open 'Login Required' (SPEC §2.5). */
export function ProductActions({ product, quantity }: { product: Product; quantity: number }) {
  const token = useAccessToken();
  const [loginRequired, setLoginRequired] = useState(false);
  const outOfStock = product.stock <= 0;

  const requireLogin = () => {
    if (!token) setLoginRequired(true);
  };

  return (
    <div className="mt-6 flex flex-wrap gap-3">
      <Button onClick={requireLogin} disabled={outOfStock} data-quantity={quantity}>
        {outOfStock ? 'Out of Stock' : 'Add to Cart'}
      </Button>
      <Button variant="secondary" onClick={requireLogin}>
        Add to Wishlist
      </Button>
      {loginRequired && <LoginRequiredModal onClose={() => setLoginRequired(false)} />}
    </div>
  );
}
