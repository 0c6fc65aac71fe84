// The cart's content (SPEC §2.6): logged out, loading, failed, empty, or its lines; above the
// lines, the notice app/ passes in (a payment cancelled on the way back from paying).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { CartLine } from '@duka/domain';
import { CartDiscounts } from './cart-discounts.tsx';
import { CartLines } from './cart-lines.tsx';
import { useCartText } from '../text.ts';
import { useLoadErrorText } from './load-error.ts';
import { LoginNeeded } from './login-needed.tsx';

export function CartView({
  loggedIn,
  cart,
  notice,
}: {
  loggedIn: boolean;
  cart: UseQueryResult<CartLine[]>;
  notice: ReactNode;
}) {
  const t = useCartText();
  const loadErrorText = useLoadErrorText();
  if (!loggedIn) return <LoginNeeded text={t('cartView.loginNeeded')} />;
  if (cart.isPending) return <p role="status">{t('cartView.loading')}</p>;
  if (cart.isError) {
    return (
      <p role="alert" className="text-red-700">
        {loadErrorText(cart.error, t('cartView.loadFailed'))}
      </p>
    );
  }
  return (
    <div>
      {notice}
      {cart.data.length === 0 ? (
        <p className="py-6 text-center text-slate-600">{t('cartView.empty')}</p>
      ) : (
        <>
          <CartLines lines={cart.data} />
          <CartDiscounts />
        </>
      )}
    </div>
  );
}
