import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { WishlistView } from '../components/wishlist-view.tsx';

export default function AccountWishlistPage() {
  useDocumentTitle('Wishlist');
  return (
    <div>
      <h1 className="mb-4 text-2xl font-bold text-slate-900">Wishlist</h1>
      <div className="rounded-xl border border-slate-200 bg-white px-4">
        <WishlistView />
      </div>
    </div>
  );
}
