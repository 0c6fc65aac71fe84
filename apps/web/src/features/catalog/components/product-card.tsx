import { Link } from 'react-router';
import type { ProductSummary } from '@duka/domain';
import { displayPriceCents, formatKsh, percentToBasisPoints } from '@duka/domain/pricing/money';

export function ProductPrice({
  price,
  discountPercentage,
}: Pick<ProductSummary, 'price' | 'discountPercentage'>) {
  const sale = displayPriceCents(price, percentToBasisPoints(discountPercentage));
  return (
    <p className="flex flex-wrap items-baseline gap-x-2">
      <span className="text-lg font-semibold text-brand-800">{formatKsh(sale)}</span>
      {sale !== price && (
        <span className="text-sm text-slate-500 line-through">
          <span className="sr-only">was </span>
          {formatKsh(price)}
        </span>
      )}
    </p>
  );
}

export function ProductCard({ product }: { product: ProductSummary }) {
  return (
    <article className="group flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition hover:shadow-md">
      <Link
        to={`/products/${product.id}`}
        tabIndex={-1}
        aria-hidden="true"
        className="block aspect-square bg-slate-100"
      >
        <img
          src={product.thumbnail}
          alt=""
          width={400}
          height={400}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover transition group-hover:scale-[1.02]"
        />
      </Link>
      <div className="flex flex-1 flex-col gap-2 p-3 sm:p-4">
        <h3 className="line-clamp-2 text-sm font-medium text-slate-800 sm:text-base">
          {product.title}
        </h3>
        <ProductPrice price={product.price} discountPercentage={product.discountPercentage} />
        <Link
          to={`/products/${product.id}`}
          className="mt-auto inline-flex items-center justify-center rounded-lg bg-brand-700 px-3 py-2 text-sm font-medium text-white hover:bg-brand-800"
        >
          View Product<span className="sr-only">: {product.title}</span>
        </Link>
      </div>
    </article>
  );
}

export function ProductGrid({ products }: { products: ProductSummary[] }) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-5 md:grid-cols-3 lg:grid-cols-4">
      {products.map((p) => (
        <li key={p.id} className="flex">
          <div className="h-full w-full">
            <ProductCard product={p} />
          </div>
        </li>
      ))}
    </ul>
  );
}
