// /products/{id} (SPEC §2.5). The buttons that add to the cart or wishlist come from app/, which
// composes this page with the cart feature.
import { useEffect, useState, type ReactNode } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import type { Product, ProductVariant } from '@duka/domain';
import {
  choiceFromVariantId,
  chosenVariant,
  missingOption,
  pick,
  type VariantChoice,
} from '@duka/domain/catalog/variant-choice';
import { ApiError } from '../../../lib/api-client.ts';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { QuantityStepper } from '../../../components/ui/quantity-stepper.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { deliveryQueries } from '../../../lib/delivery.ts';
import { useLocale } from '../../../lib/i18n/locale-context.tsx';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { productDescription, productTitle } from '../../../lib/i18n/product-text.ts';
import { rememberViewed } from '../../../lib/recently-viewed.ts';
import { useShopSettings } from '../../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useHttpStatus } from '../../../lib/server-response.ts';
import { catalogQueries } from '../api/catalog-api.ts';
import { useDeliverySummary } from '../components/delivery-summary.ts';
import { ImageGallery } from '../components/image-gallery.tsx';
import { useOptionName } from '../components/option-name.ts';
import { ProductFacts } from '../components/product-facts.tsx';
import { ProductPrice } from '../components/product-card.tsx';
import { RelatedProducts } from '../components/related-products.tsx';
import { ReviewsSection } from '../components/reviews-section.tsx';
import { TopPicksStrip } from '../components/top-picks-strip.tsx';
import { VariantPicker } from '../components/variant-picker.tsx';
import { useCatalogText } from '../text.ts';
import { HydrateLater } from '../../../lib/hydration.tsx';

/**
 * What the page's buttons need of the shopper's choice: the variant chosen (a product without
 * options has just the one), or `ask` to call when a size or colour is still to be chosen.
 */
export interface ProductChoice {
  variant: ProductVariant | undefined;
  ask?: (() => void) | undefined;
}

type Actions = (product: Product, quantity: number, choice: ProductChoice) => ReactNode;

export default function ProductDetailPage({ actions }: { actions: Actions }) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const product = useQuery({ ...catalogQueries.product(id), enabled: valid });
  const counties = useQuery(deliveryQueries.counties());
  const delivery = useDeliverySummary(counties.data);
  const returnWindowDays = useShopSettings()?.return_window_days;
  const t = useCatalogText();
  const m = useMessageText();
  const locale = useLocale();
  useDocumentTitle(product.data ? productTitle(product.data, locale) : t('productPage.title'));
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
        <h1 className="text-2xl font-bold">{t('productPage.notFound')}</h1>
        <p className="mt-2 text-slate-600">{t('productPage.notFoundText')}</p>
        <ButtonLink to="/products" className="mt-6">
          {t('productPage.browse')}
        </ButtonLink>
      </div>
    );
  }
  if (product.isPending) return <LoadingText />;
  if (product.isError) {
    return (
      <div className="mx-auto max-w-3xl px-4">
        <ErrorText>{t('productPage.loadError', { message: m(product.error.message) })}</ErrorText>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <ProductView
        key={product.data.id}
        p={product.data}
        delivery={delivery}
        returnWindowDays={returnWindowDays}
        actions={actions}
      />
      <HydrateLater>
        <ReviewsSection productId={product.data.id} />
      </HydrateLater>
      <HydrateLater>
        <RelatedProducts
          key={`related-${product.data.id}`}
          category={product.data.category}
          productId={id}
        />
      </HydrateLater>
      <HydrateLater>
        <TopPicksStrip />
      </HydrateLater>
    </div>
  );
}

/** The choice in the address, `?variant=12`, so a link opens that size and colour. */
function useChoice(p: Product) {
  const [params, setParams] = useSearchParams();
  const [choice, setChoice] = useState<VariantChoice>(() =>
    choiceFromVariantId(p, Number(params.get('variant')) || null),
  );
  const choose = (option: string, value: string) => {
    const next = pick(p, choice, option, value);
    setChoice(next);
    const variant = chosenVariant(p, next);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (variant) updated.set('variant', String(variant.id));
        else updated.delete('variant');
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  };
  return { choice, choose };
}

/** The main image first when the chosen variant has its own. */
function imagesFor(p: Product, variant: ProductVariant | undefined): string[] {
  if (!variant?.image) return p.images;
  return [variant.image, ...p.images.filter((src) => src !== variant.image)];
}

function ProductView({
  p,
  delivery,
  returnWindowDays,
  actions,
}: {
  p: Product;
  delivery: string;
  returnWindowDays: number | undefined;
  actions: Actions;
}) {
  const t = useCatalogText();
  const locale = useLocale();
  const optionName = useOptionName();
  const title = productTitle(p, locale);
  const [quantity, setQuantity] = useState(1);
  const { choice, choose } = useChoice(p);
  const [asked, setAsked] = useState(false);
  const variant = chosenVariant(p, choice);
  const missing = missingOption(p, choice);
  const shown = variant ?? p;
  const stock = shown.stock;
  const images = imagesFor(p, variant);
  return (
    <>
      <div className="grid gap-8 lg:grid-cols-2">
        <HydrateLater>
          <ImageGallery key={images[0]} images={images} title={title} />
        </HydrateLater>
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
          <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-slate-600">
            <div className="flex gap-1">
              <dt>{t('productPage.category')}</dt>
              <dd className="font-medium text-slate-800">{p.categoryName}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('productPage.brand')}</dt>
              <dd className="font-medium text-slate-800">{p.brand}</dd>
            </div>
            <div className="flex gap-1">
              <dt>{t('productPage.sku')}</dt>
              <dd className="font-medium text-slate-800" data-testid="product-sku">
                {variant?.sku ?? p.sku}
              </dd>
            </div>
          </dl>
          <div className="mt-4" data-testid="product-price">
            {!variant && p.variants.length > 1 && (
              <span className="text-sm text-slate-600">{`${t('productPage.from')} `}</span>
            )}
            <ProductPrice
              price={shown.price}
              discountPercentage={shown.discountPercentage}
              sale_price={shown.sale_price}
              sale_ends_at={shown.sale_ends_at}
            />
          </div>
          <p className="mt-4 text-slate-700">{productDescription(p, locale)}</p>
          {/* The buy box hydrates in a turn of its own. */}
          <HydrateLater>
            {p.options.length > 0 && (
              <VariantPicker
                product={p}
                choice={choice}
                onPick={(option, value) => {
                  choose(option, value);
                  setAsked(false);
                }}
                prompt={
                  asked && missing
                    ? {
                        option: missing,
                        // 'Please choose a size.', as the cart's chooseOptionMessage says it.
                        message: t('productPage.chooseOption', {
                          option: optionName(missing).toLowerCase(),
                        }),
                      }
                    : undefined
                }
              />
            )}
            <p className="mt-4 text-sm">
              {`${t('productPage.stock')} `}
              <span className="font-semibold">{stock}</span>
            </p>

            <div className="mt-4 flex flex-wrap items-center gap-3">
              <span className="text-sm text-slate-600">{t('productPage.quantity')}</span>
              <QuantityStepper
                id="product-quantity"
                value={stock > 0 ? Math.min(quantity, stock) : quantity}
                onChange={setQuantity}
                max={stock > 0 ? stock : undefined}
              />
            </div>
            {actions(p, stock > 0 ? Math.min(quantity, stock) : quantity, {
              variant,
              ask: missing ? () => setAsked(true) : undefined,
            })}
          </HydrateLater>

          <HydrateLater>
            <ProductFacts p={p} delivery={delivery} returnWindowDays={returnWindowDays} />
          </HydrateLater>
        </div>
      </div>
    </>
  );
}
