// The cart's content (SPEC §2.6): a table on wide screens, cards on phones, and the total.
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CartLine } from '@duka/domain';
import { cartTotalCents } from '@duka/domain/pricing/cart-total';
import { formatKsh } from '@duka/domain/pricing/money';
import { CART_MESSAGES } from '@duka/domain/cart/schemas';
import { useAccessToken } from '../../../lib/session.ts';
import { QuantityStepper } from '../../catalog/components/quantity-stepper.tsx';
import { PaymentCancelledNotice } from '../../checkout/components/payment-cancelled-notice.tsx';
import {
  cartQueries,
  productOfLine,
  useAddToWishlist,
  useRemoveFromCart,
  useSetCartQuantity,
} from '../api/cart-api.ts';
import { LinePrice, unitPrice } from './line-price.tsx';
import { LoginNeeded } from './login-needed.tsx';

function LineActions({ line }: { line: CartLine }) {
  const remove = useRemoveFromCart();
  const save = useAddToWishlist();
  return (
    <div className="flex flex-wrap gap-3 text-sm">
      <button
        type="button"
        className="font-medium text-brand-700 hover:underline"
        onClick={() => save.mutate(productOfLine(line))}
      >
        Move to wishlist<span className="sr-only">: {line.title}</span>
      </button>
      <button
        type="button"
        className="font-medium text-red-700 hover:underline"
        onClick={() => remove.mutate(line.product_id)}
      >
        Remove<span className="sr-only">: {line.title}</span>
      </button>
    </div>
  );
}

function Quantity({ line }: { line: CartLine }) {
  const setQuantity = useSetCartQuantity();
  return (
    <QuantityStepper
      value={line.quantity}
      max={line.stock > 0 ? line.stock : undefined}
      onChange={(quantity) => setQuantity.mutate({ productId: line.product_id, quantity })}
    />
  );
}

export function CartView() {
  const token = useAccessToken();
  const cart = useQuery({ ...cartQueries.cart(), enabled: !!token });
  if (!token) return <LoginNeeded text="Please log in to view and manage your shopping cart." />;
  if (cart.isPending) return <p role="status">Loading...</p>;
  if (cart.isError) {
    return (
      <p role="alert" className="text-red-700">
        {cart.error.message || CART_MESSAGES.cartLoadFailed}
      </p>
    );
  }
  const lines = cart.data;
  return (
    <div>
      <PaymentCancelledNotice />
      {lines.length === 0 ? (
        <p className="py-6 text-center text-slate-600">Your cart is empty.</p>
      ) : (
        <>
          <table className="hidden w-full text-sm md:table">
            <thead className="border-b border-slate-200 text-left text-slate-500">
              <tr>
                <th scope="col" className="py-2 font-medium">
                  Item
                </th>
                <th scope="col" className="py-2 font-medium">
                  Price
                </th>
                <th scope="col" className="py-2 font-medium">
                  Quantity
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Subtotal
                </th>
              </tr>
            </thead>
            <tbody>
              {lines.map((line) => (
                <tr key={line.product_id} className="border-b border-slate-100 align-top">
                  <td className="py-3 pr-3">
                    <div className="flex gap-3">
                      <img
                        src={line.image}
                        alt=""
                        width={64}
                        height={64}
                        className="h-16 w-16 rounded-lg object-cover"
                      />
                      <div className="space-y-1">
                        <Link
                          to={`/products/${line.product_id}`}
                          className="font-medium text-slate-900 hover:underline"
                        >
                          {line.title}
                        </Link>
                        <LineActions line={line} />
                      </div>
                    </div>
                  </td>
                  <td className="py-3 pr-3">
                    <LinePrice line={line} />
                  </td>
                  <td className="py-3 pr-3">
                    <Quantity line={line} />
                  </td>
                  <td className="py-3 text-right font-semibold">
                    {formatKsh(unitPrice(line) * line.quantity)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <ul className="space-y-3 md:hidden">
            {lines.map((line) => (
              <li key={line.product_id} className="rounded-xl border border-slate-200 p-3">
                <div className="flex gap-3">
                  <img
                    src={line.image}
                    alt=""
                    width={72}
                    height={72}
                    className="h-18 w-18 rounded-lg object-cover"
                  />
                  <div className="min-w-0 flex-1 space-y-1">
                    <Link
                      to={`/products/${line.product_id}`}
                      className="font-medium text-slate-900 hover:underline"
                    >
                      {line.title}
                    </Link>
                    <LinePrice line={line} />
                  </div>
                </div>
                <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
                  <Quantity line={line} />
                  <p className="text-sm">
                    Subtotal:{' '}
                    <span className="font-semibold">
                      {formatKsh(unitPrice(line) * line.quantity)}
                    </span>
                  </p>
                </div>
                <div className="mt-2">
                  <LineActions line={line} />
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-4 flex items-baseline justify-between border-t border-slate-200 pt-4 text-lg">
            <span className="font-semibold">Total Price</span>
            <span className="font-bold text-brand-800" data-testid="cart-total">
              {formatKsh(cartTotalCents(lines))}
            </span>
          </p>
        </>
      )}
    </div>
  );
}
