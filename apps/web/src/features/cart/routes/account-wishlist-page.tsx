import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { WishlistView } from '../components/wishlist-view.tsx';
import { useCartText } from '../text.ts';

export default function AccountWishlistPage() {
  const t = useCartText();
  useDocumentTitle(t('accountWishlist.title'));
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{t('accountWishlist.title')}</h1>
      <div className="rounded-xl border border-slate-200 bg-white px-4">
        <WishlistView />
      </div>
    </div>
  );
}
