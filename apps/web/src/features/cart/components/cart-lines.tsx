// The cart's lines (SPEC §2.6): a table on wide screens, cards on phones. Each line has its image,
// title, price, quantity, subtotal, and buttons to move it to the wishlist or remove it.
import { Link } from 'react-router';
import type { CartLine } from '@duka/domain';
import { lineTotalCents } from '@duka/domain/pricing/cart-total';
import { formatKsh } from '@duka/domain/pricing/money';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { productTitle } from '../../../lib/i18n/product-text.ts';
import {
  productOfLine,
  useAddToWishlist,
  useRemoveFromCart,
  useSetCartQuantity,
} from '../api/cart-api.ts';
import { useCartText } from '../text.ts';
import { LinePrice } from './line-price.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';

function LineActions({ line }: { line: CartLine }) {
  const remove = useRemoveFromCart();
  const save = useAddToWishlist();
  const t = useCartText();
  const name = useNameOf(line);
  return (
    <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      <button
        type="button"
        className="inline-flex min-h-8 items-center font-medium text-brand-700 hover:underline"
        onClick={() => save.mutate(productOfLine(line))}
      >
        {t('cartLines.moveToWishlist')}
        <span className="sr-only">: {name}</span>
      </button>
      <button
        type="button"
        className="inline-flex min-h-8 items-center font-medium text-red-700 hover:underline"
        onClick={() => remove.mutate({ productId: line.product_id, variantId: line.variant_id })}
      >
        {t('cartLines.remove')}
        <span className="sr-only">: {name}</span>
      </button>
    </div>
  );
}

function Quantity({ line }: { line: CartLine }) {
  const setQuantity = useSetCartQuantity();
  const t = useCartText();
  return (
    <div>
      <QuantityStepper
        id={`cart-quantity-${line.product_id}-${line.variant_id ?? 'product'}`}
        value={line.quantity}
        // The server's bound: the stock, and at most MAX_UNITS_PER_LINE per order.
        max={line.max_quantity ?? line.stock}
        onChange={(quantity) =>
          setQuantity.mutate({ productId: line.product_id, variantId: line.variant_id, quantity })
        }
      />
      {line.max_quantity !== undefined &&
        line.max_quantity < line.stock &&
        line.quantity >= line.max_quantity && (
          <p className="mt-1 text-xs font-medium text-slate-600">
            {t('cartLines.quantityCap', { cap: line.max_quantity })}
          </p>
        )}
      {line.quantity > line.stock && (
        <p className="mt-1 text-xs font-medium text-amber-700">
          {line.stock > 0
            ? t('cartLines.onlyLeft', { count: line.stock })
            : t('cartLines.outOfStock')}
        </p>
      )}
    </div>
  );
}

function Subtotal({ line }: { line: CartLine }) {
  return <>{formatKsh(lineTotalCents(line) ?? 0)}</>;
}

function Thumbnail({ line, size }: { line: CartLine; size: 'sm' | 'md' }) {
  const box = size === 'sm' ? 'h-16 w-16' : 'h-20 w-20';
  return (
    <ProductImage
      src={line.image}
      alt=""
      sizes={size === 'sm' ? '64px' : '80px'}
      width={80}
      height={80}
      className={`${box} shrink-0 rounded-lg bg-slate-100 object-cover`}
    />
  );
}

/** 'Sneaker (42 / Black)': how screen readers tell two sizes of one product apart. */
function useNameOf(line: CartLine): string {
  const title = productTitle(line, useLocale());
  return line.variant ? `${title} (${line.variant})` : title;
}

/** The product page opens on the line's size and colour. */
const lineHref = (line: CartLine) =>
  `/products/${line.product_id}${line.variant_id && line.variant ? `?variant=${line.variant_id}` : ''}`;

/** Each line is one variant of a product: the same product in two sizes is two lines. */
const keyOf = (line: CartLine) => `${line.product_id}-${line.variant_id ?? ''}`;

function Title({ line }: { line: CartLine }) {
  const locale = useLocale();
  return (
    <div>
      <Link
        to={lineHref(line)}
        className="inline-block py-0.5 font-medium text-slate-900 hover:text-brand-700 hover:underline"
      >
        {productTitle(line, locale)}
      </Link>
      {line.variant && (
        <p className="text-sm text-slate-600" data-testid="line-variant">
          {line.variant}
        </p>
      )}
    </div>
  );
}

export function CartLines({ lines }: { lines: CartLine[] }) {
  const t = useCartText();
  return (
    <>
      <table className="hidden w-full text-sm md:table">
        <thead className="border-b border-slate-200 text-left text-slate-500">
          <tr>
            <th scope="col" className="py-2 font-medium">
              {t('cartLines.item')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('cartLines.price')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('cartLines.quantity')}
            </th>
            <th scope="col" className="py-2 text-right font-medium">
              {t('cartLines.subtotal')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={keyOf(line)} className="border-b border-slate-100 align-top">
              <td className="py-3 pr-4">
                <div className="flex gap-3">
                  <Thumbnail line={line} size="sm" />
                  <div className="space-y-1.5">
                    <Title line={line} />
                    <LineActions line={line} />
                  </div>
                </div>
              </td>
              <td className="py-3 pr-4 whitespace-nowrap">
                <LinePrice line={line} />
              </td>
              <td className="py-3 pr-4">
                <Quantity line={line} />
              </td>
              <td className="py-3 text-right font-semibold whitespace-nowrap">
                <Subtotal line={line} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden" aria-label={t('cartLines.items')}>
        {lines.map((line) => (
          <li key={keyOf(line)} className="rounded-xl border border-slate-200 p-3">
            <div className="flex gap-3">
              <Thumbnail line={line} size="md" />
              <div className="min-w-0 flex-1 space-y-1">
                <Title line={line} />
                <LinePrice line={line} />
              </div>
            </div>
            <div className="mt-3 flex flex-wrap items-start justify-between gap-3">
              <Quantity line={line} />
              <p className="pt-2 text-sm text-slate-600">
                {t('cartLines.subtotalOfLine')}{' '}
                <span className="font-semibold text-slate-900" data-testid="line-subtotal">
                  <Subtotal line={line} />
                </span>
              </p>
            </div>
            <div className="mt-3 border-t border-slate-100 pt-2">
              <LineActions line={line} />
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
