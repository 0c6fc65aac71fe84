// /cart: the 'Shopping Cart' modal overlay on the shop (SPEC §2.1, §2.6). app/ supplies the page
// behind it and the notice of a cancelled payment (the checkout's).
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAccessToken } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { cartQueries } from '../api/cart-api.ts';
import { CartTotal } from '../components/cart-total.tsx';
import { CartView } from '../components/cart-view.tsx';
import { ShopBehind } from '../components/shop-behind.tsx';
import { useLeave } from '../components/use-leave.ts';
import { useCartText } from '../text.ts';

export default function CartPage({ behind, notice }: { behind: ReactNode; notice: ReactNode }) {
  const t = useCartText();
  useDocumentTitle(t('cartPage.title'));
  const navigate = useNavigate();
  const leave = useLeave();
  const token = useAccessToken();
  const cart = useQuery({ ...cartQueries.cart(), enabled: !!token });
  const lines = cart.data ?? [];
  return (
    <>
      <ShopBehind title={t('cartPage.title')}>{behind}</ShopBehind>
      <Modal
        title={t('cartPage.title')}
        size="xl"
        onClose={leave}
        footer={
          token ? (
            <>
              {/* In the footer, so it stays in sight however long the cart. */}
              {lines.length > 0 && <CartTotal lines={lines} />}
              <Button variant="secondary" onClick={leave}>
                {t('cartPage.continueShopping')}
              </Button>
              {lines.length > 0 && (
                <Button onClick={() => navigate('/checkout')}>{t('cartPage.checkout')}</Button>
              )}
            </>
          ) : undefined
        }
      >
        <CartView loggedIn={!!token} cart={cart} notice={notice} />
      </Modal>
    </>
  );
}
