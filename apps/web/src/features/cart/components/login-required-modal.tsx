import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';

/** SPEC §2.5: what a logged-out shopper sees on trying to add to the cart or wishlist. */
export function LoginRequiredModal({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal
      title="Login Required"
      onClose={onClose}
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button onClick={() => navigate('/login')}>Log In</Button>
        </>
      }
    >
      <p>You need to log in to add items to the cart or wishlist. Please log in to continue.</p>
    </Modal>
  );
}
