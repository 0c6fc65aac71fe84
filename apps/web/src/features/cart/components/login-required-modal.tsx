import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useCartText } from '../text.ts';

/** SPEC §2.5: what a logged-out shopper sees on trying to add to the cart or wishlist. */
export function LoginRequiredModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const t = useCartText();
  return (
    <Modal
      title={t('loginRequired.title')}
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('loginRequired.close')}
          </Button>
          <Button onClick={() => navigate('/login')}>{t('loginRequired.logIn')}</Button>
        </>
      }
    >
      <p>{t('loginRequired.text')}</p>
    </Modal>
  );
}
