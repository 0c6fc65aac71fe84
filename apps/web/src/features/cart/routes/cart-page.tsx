// /cart: the 'Shopping Cart' modal overlay (SPEC §2.1, §2.6).
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAccessToken } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { cartQueries } from '../api/cart-api.ts';
import { CartView } from '../components/cart-view.tsx';
import { useLeave } from '../components/use-leave.ts';

export default function CartPage() {
  useDocumentTitle('Shopping Cart');
  const navigate = useNavigate();
  const leave = useLeave();
  const token = useAccessToken();
  const cart = useQuery({ ...cartQueries.cart(), enabled: !!token });
  const hasItems = (cart.data?.length ?? 0) > 0;
  return (
    <Modal
      title="Shopping Cart"
      size="xl"
      onClose={leave}
      footer={
        token ? (
          <>
            <Button variant="secondary" onClick={leave}>
              Continue Shopping
            </Button>
            {hasItems && <Button onClick={() => navigate('/checkout')}>Checkout</Button>}
          </>
        ) : undefined
      }
    >
      <CartView />
    </Modal>
  );
}
