// The wishlist's content (SPEC §2.7): rows with image, title, price, a button that moves the item
// to the cart (it leaves the wishlist) and a remove button.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { WishlistLine } from '@duka/domain';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { productTitle } from '../../../lib/i18n/product-text.ts';
import { useAccessToken } from '../../../lib/session.ts';
import {
  cartQueries,
  productOfLine,
  useAddToCart,
  useRemoveFromWishlist,
} from '../api/cart-api.ts';
import { LinePrice } from './line-price.tsx';
import { useCartText } from '../text.ts';
import { useLoadErrorText } from './load-error.ts';
import { LoginNeeded } from './login-needed.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';

function WishlistRow({ line }: { line: WishlistLine }) {
  const remove = useRemoveFromWishlist();
  const toCart = useAddToCart();
  const soldOut = line.stock <= 0;
  const t = useCartText();
  const title = productTitle(line, useLocale());
  return (
    <li className="flex gap-3 py-3">
      <ProductImage
        src={line.image}
        alt=""
        sizes="(min-width: 640px) 80px, 64px"
        width={80}
        height={80}
        className="h-16 w-16 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-20 sm:w-20"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
        <div className="min-w-0 space-y-1">
          <Link
            to={`/products/${line.product_id}${line.variant_id ? `?variant=${line.variant_id}` : ''}`}
            className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
          >
            {title}
          </Link>
          {line.variant && <p className="text-sm text-slate-600">{line.variant}</p>}
          <LinePrice line={line} />
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button
            type="button"
            disabled={soldOut}
            className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-50"
            onClick={() => toCart.mutate({ product: productOfLine(line), quantity: 1 })}
          >
            {t(soldOut ? 'wishlistView.outOfStock' : 'wishlistView.addToCart')}
            <span className="sr-only">: {title}</span>
          </button>
          <button
            type="button"
            className="rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
            onClick={() => remove.mutate(line.product_id)}
          >
            {t('wishlistView.remove')}
            <span className="sr-only">: {title}</span>
          </button>
        </div>
      </div>
    </li>
  );
}

export function WishlistView() {
  const token = useAccessToken();
  const wishlist = useQuery({ ...cartQueries.wishlist(), enabled: !!token });
  const t = useCartText();
  const loadErrorText = useLoadErrorText();
  if (!token) return <LoginNeeded text={t('wishlistView.loginNeeded')} />;
  if (wishlist.isPending) return <p role="status">{t('wishlistView.loading')}</p>;
  if (wishlist.isError) {
    return (
      <p role="alert" className="text-red-700">
        {loadErrorText(wishlist.error, t('wishlistView.loadFailed'))}
      </p>
    );
  }
  if (wishlist.data.length === 0)
    return <p className="py-6 text-center text-slate-600">{t('wishlistView.empty')}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-label={t('wishlistView.items')}>
      {wishlist.data.map((line) => (
        <WishlistRow key={line.product_id} line={line} />
      ))}
    </ul>
  );
}
