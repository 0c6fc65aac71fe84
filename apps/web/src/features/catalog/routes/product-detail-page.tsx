// /products/{id} (SPEC §2.5). The buttons that add to the cart or wishlist come from app/, which
// composes this page with the cart feature.
import { useEffect, useState, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Product } from '@duka/domain';
import { ApiError } from '../../../lib/api-client.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { deliveryQueries, deliverySummary } from '../../../lib/delivery.ts';
import { rememberViewed } from '../../../lib/recently-viewed.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useHttpStatus } from '../../../lib/server-response.ts';
import { catalogQueries } from '../api/catalog-api.ts';
import { ImageGallery } from '../components/image-gallery.tsx';
import { ProductPrice } from '../components/product-card.tsx';
import { RelatedProducts } from '../components/related-products.tsx';
import { ReviewsSection } from '../components/reviews-section.tsx';
import { TopPicksStrip } from '../components/top-picks-strip.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 border-b border-slate-100 py-2 text-sm">
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-right font-medium text-slate-800">{children}</dd>
    </div>
  );
}

export default function ProductDetailPage({
  actions,
}: {
  actions: (product: Product, quantity: number) => ReactNode;
}) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const product = useQuery({ ...catalogQueries.product(id), enabled: valid });
  const [quantity, setQuantity] = useState(1);
  const counties = useQuery(deliveryQueries.counties());
  const delivery = deliverySummary(counties.data);
  useDocumentTitle(product.data?.title ?? 'Product');
  const viewedCategory = product.data?.category;
  useEffect(() => {
    if (viewedCategory) rememberViewed({ id, category: viewedCategory });
  }, [id, viewedCategory]);

  const notFound =
    !valid ||
    (product.isError && product.error instanceof ApiError && product.error.status === 404);
  useHttpStatus(notFound ? 404 : 200);
  if (notFound) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Product not found</h1>
        <p className="mt-2 text-slate-600">This product does not exist or is no longer sold.</p>
        <ButtonLink to="/products" className="mt-6">
          Browse products
        </ButtonLink>
      </div>
    );
  }
  if (product.isPending) return <LoadingText />;
  if (product.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4">
        <ErrorText>Error fetching product: {product.error.message}</ErrorText>
      </div>
    );
  }

  const p = product.data;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <div className="grid gap-8 lg:grid-cols-2">
        <ImageGallery key={p.id} images={p.images} title={p.title} />
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{p.title}</h1>
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>Category:</dt>
              <dd className="font-medium text-slate-800">{p.categoryName}</dd>
            </div>
            <div className="flex gap-1">
              <dt>Brand:</dt>
              <dd className="font-medium text-slate-800">{p.brand}</dd>
            </div>
            <div className="flex gap-1">
              <dt>SKU:</dt>
              <dd className="font-medium text-slate-800">{p.sku}</dd>
            </div>
          </dl>
          <div className="mt-4">
            <ProductPrice price={p.price} discountPercentage={p.discountPercentage} />
          </div>
          <p className="mt-4 text-slate-700">{p.description}</p>
          <p className="mt-4 text-sm">
            Stock: <span className="font-semibold">{p.stock}</span>
          </p>

          <div className="mt-4 flex flex-wrap items-center gap-3">
            <span className="text-sm text-slate-600">Quantity</span>
            <QuantityStepper
              value={quantity}
              onChange={setQuantity}
              max={p.stock > 0 ? p.stock : undefined}
            />
          </div>
          {actions(p, quantity)}

          <dl className="mt-8">
            <Fact label="Shipping">{p.shippingInformation}</Fact>
            <Fact label="Delivery">{delivery}</Fact>
            <Fact label="Availability">{p.availabilityStatus}</Fact>
            <Fact label="Return policy">{p.returnPolicy}</Fact>
            <Fact label="Weight">{p.weight} g</Fact>
            <Fact label="Dimensions">
              {p.dimensions.width} x {p.dimensions.height} x {p.dimensions.depth} mm
            </Fact>
            <Fact label="Warranty">{p.warrantyInformation}</Fact>
          </dl>
        </div>
      </div>

      <ReviewsSection productId={p.id} />
      <RelatedProducts key={p.id} category={p.category} productId={p.id} />
      <TopPicksStrip />
    </div>
  );
}
