// /wishlist: the 'Wishlist' modal overlay on the shop (SPEC §2.1, §2.7); app/ supplies the page
// behind it.
import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useAccessToken } from '../../../lib/session.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { ShopBehind } from '../components/shop-behind.tsx';
import { useLeave } from '../components/use-leave.ts';
import { WishlistView } from '../components/wishlist-view.tsx';
import { useCartText } from '../text.ts';

export default function WishlistPage({ behind }: { behind: ReactNode }) {
  const t = useCartText();
  useDocumentTitle(t('wishlistPage.title'));
  const leave = useLeave();
  const token = useAccessToken();
  return (
    <>
      <ShopBehind title={t('wishlistPage.title')}>{behind}</ShopBehind>
      <Modal
        title={t('wishlistPage.title')}
        size="lg"
        onClose={leave}
        footer={
          token ? (
            <>
              <Button variant="secondary" onClick={leave}>
                {t('wishlistPage.close')}
              </Button>
              <Button onClick={leave}>{t('wishlistPage.continueShopping')}</Button>
            </>
          ) : undefined
        }
      >
        <WishlistView />
      </Modal>
    </>
  );
}
