// The wishlist's content (SPEC §2.7).
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { CART_MESSAGES } from '@duka/domain/cart/schemas';
import { useAccessToken } from '../../../lib/session.ts';
import {
  cartQueries,
  productOfLine,
  useAddToCart,
  useRemoveFromWishlist,
} from '../api/cart-api.ts';
import { LinePrice } from './line-price.tsx';
import { LoginNeeded } from './login-needed.tsx';

export function WishlistView() {
  const token = useAccessToken();
  const wishlist = useQuery({ ...cartQueries.wishlist(), enabled: !!token });
  const remove = useRemoveFromWishlist();
  const toCart = useAddToCart();
  if (!token) return <LoginNeeded text="Please log in to view and manage your wishlist." />;
  if (wishlist.isPending) return <p role="status">Loading...</p>;
  if (wishlist.isError) {
    return (
      <p role="alert" className="text-red-700">
        {wishlist.error.message || CART_MESSAGES.wishlistLoadFailed}
      </p>
    );
  }
  if (wishlist.data.length === 0)
    return <p className="py-6 text-center text-slate-600">Your wishlist is empty.</p>;
  return (
    <ul className="divide-y divide-slate-100">
      {wishlist.data.map((line) => (
        <li key={line.product_id} className="flex flex-wrap items-center gap-3 py-3">
          <img
            src={line.image}
            alt=""
            width={64}
            height={64}
            className="h-16 w-16 rounded-lg object-cover"
          />
          <div className="min-w-0 flex-1">
            <Link
              to={`/products/${line.product_id}`}
              className="font-medium text-slate-900 hover:underline"
            >
              {line.title}
            </Link>
            <LinePrice line={line} />
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              disabled={line.stock <= 0}
              className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-50"
              onClick={() => toCart.mutate({ product: productOfLine(line), quantity: 1 })}
            >
              {line.stock <= 0 ? 'Out of Stock' : 'Add to Cart'}
              <span className="sr-only">: {line.title}</span>
            </button>
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
              onClick={() => remove.mutate(line.product_id)}
            >
              Remove<span className="sr-only">: {line.title}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
