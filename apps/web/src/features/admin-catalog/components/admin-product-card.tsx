// One product of All Products (SPEC §2.14): image, title, category, rating, price and stock, with
// the Edit Price / Discount / Stock buttons. A compact row so six fit on a phone without endless
// scrolling.
import { Link } from 'react-router';
import type { ProductSummary } from '@duka/domain';
import { displayPriceCents, formatKsh, percentToBasisPoints } from '@duka/domain/pricing/money';
import type { EditAction } from './edit-product-modal.tsx';
import { ProductImage } from '../../../components/ui/product-image.tsx';

const ACTIONS: { action: EditAction; label: string }[] = [
  { action: 'price', label: 'Edit Price' },
  { action: 'discount_percentage', label: 'Discount' },
  { action: 'stock', label: 'Stock' },
];

export function AdminProductCard({
  product,
  onEdit,
  onTax,
}: {
  product: ProductSummary;
  onEdit: (action: EditAction) => void;
  /** Its VAT tax type and KRA classification (issue 23). */
  onTax: () => void;
}) {
  const { title, category, rating, price, discountPercentage, stock } = product;
  return (
    <li
      aria-label={title}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-3 shadow-sm"
    >
      <div className="flex gap-3">
        <ProductImage
          src={product.thumbnail}
          alt=""
          sizes="(min-width: 640px) 112px, 96px"
          width={112}
          height={112}
          className="h-24 w-24 shrink-0 rounded-lg bg-slate-100 object-cover sm:h-28 sm:w-28"
        />
        <div className="min-w-0 flex-1 space-y-0.5 text-sm">
          <h2 className="line-clamp-2 font-semibold text-slate-900">{title}</h2>
          <p className="truncate text-slate-500">{category}</p>
          <p className="text-amber-800">
            <span aria-hidden="true">★</span> {rating.toFixed(1)}{' '}
            <span className="text-slate-500">Reviews</span>
          </p>
          <p>
            <span className="font-semibold text-brand-800">
              {formatKsh(displayPriceCents(price, percentToBasisPoints(discountPercentage)))}
            </span>
            {discountPercentage > 0 && (
              <span className="ml-1.5 text-xs text-slate-500">
                <span className="line-through">{formatKsh(price)}</span> −{discountPercentage}%
              </span>
            )}
          </p>
          <p className={stock === 0 ? 'font-medium text-red-700' : 'text-slate-600'}>
            Stock: {stock}
          </p>
        </div>
      </div>
      <div className="mt-auto grid grid-cols-4 gap-2 pt-3">
        {ACTIONS.map(({ action, label }) => (
          <button
            key={action}
            type="button"
            onClick={() => onEdit(action)}
            className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-600 hover:bg-brand-50"
          >
            {label}
            <span className="sr-only">: {title}</span>
          </button>
        ))}
        <Link
          to={`/dashboard/products/${product.id}/edit`}
          aria-label={`Edit details: ${title}`}
          className="col-span-2 rounded-lg border border-slate-300 px-2 py-1.5 text-center text-sm font-medium text-slate-800 hover:border-brand-600 hover:bg-brand-50"
        >
          Edit details
        </Link>
        <button
          type="button"
          onClick={onTax}
          className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-600 hover:bg-brand-50"
        >
          Tax
          <span className="sr-only">: {title}</span>
        </button>
      </div>
    </li>
  );
}
