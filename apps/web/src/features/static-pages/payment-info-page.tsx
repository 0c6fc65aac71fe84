import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorText, LoadingText } from '../../components/ui/status.tsx';
import { paymentMethodsQuery, type ShopPaymentMethod } from '../../lib/payment-methods.ts';
import { useShopSettings } from '../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useMethodList } from './method-list.ts';
import { StaticList, StaticPageLayout, StaticSection } from './static-page-layout.tsx';
import { useStaticText } from './text.ts';

export type PaymentMethod = 'mpesa' | 'paypal' | 'payless';

interface PaymentMethodInfo {
  title: string;
  availableAtCheckout: boolean;
  intro: ReactNode;
  body: ReactNode;
}

function StatusBadge({ available }: { available: boolean }) {
  const t = useStaticText();
  return available ? (
    <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
      <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" />
      {t('paymentPage.available')}
    </p>
  ) : (
    <p className="inline-flex items-center gap-2 rounded-full bg-gray-100 px-3 py-1 text-sm font-medium text-gray-700 ring-1 ring-gray-300 ring-inset">
      <span aria-hidden="true" className="size-2 rounded-full bg-gray-400" />
      {t('paymentPage.notAvailable')}
    </p>
  );
}

function HowToPayToday({ methods }: { methods: readonly ShopPaymentMethod[] }) {
  const t = useStaticText();
  const methodList = useMethodList();
  return (
    <StaticSection title={t('paymentPage.howToPayToday')}>
      <p>{t('paymentPage.checkoutTakes', { methods: methodList(methods) })}</p>
    </StaticSection>
  );
}

function Steps({ steps }: { steps: string[] }) {
  return (
    <ol className="space-y-4">
      {steps.map((step, index) => (
        <li key={step} className="flex gap-4">
          <span
            aria-hidden="true"
            className="flex size-8 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-sm font-semibold text-white"
          >
            {index + 1}
          </span>
          <span className="pt-1">{step}</span>
        </li>
      ))}
    </ol>
  );
}

/** What the page says about a method, from what this shop's checkout really offers. */
function infoOf(
  method: PaymentMethod,
  methods: readonly ShopPaymentMethod[],
  shopName: string,
  t: ReturnType<typeof useStaticText>,
): PaymentMethodInfo {
  const prompt = methods.find((m) => m.kind === 'prompt');
  const menu = methods.find((m) => m.kind === 'paybill' || m.kind === 'till');
  const paypal = methods.find((m) => m.method === 'paypal');
  if (method === 'mpesa' && (prompt || menu)) {
    return {
      title: 'M-Pesa',
      availableAtCheckout: true,
      intro: <p>{t('paymentPage.mpesaIntro')}</p>,
      body: (
        <>
          {prompt && (
            <StaticSection title={t('paymentPage.prompt')}>
              <Steps
                steps={[
                  t('paymentPage.promptChoose'),
                  t('paymentPage.promptPin'),
                  t('paymentPage.promptConfirmed'),
                ]}
              />
            </StaticSection>
          )}
          {menu && (
            <StaticSection
              title={menu.kind === 'till' ? t('paymentPage.buyGoods') : t('paymentPage.payBill')}
            >
              <Steps
                steps={
                  menu.kind === 'till'
                    ? [
                        t('paymentPage.choose', { label: menu.label }),
                        t('paymentPage.tillMenu', { number: menu.business_number ?? '' }),
                        t('paymentPage.tillCode'),
                      ]
                    : [
                        t('paymentPage.choose', { label: menu.label }),
                        t('paymentPage.paybillMenu', { number: menu.business_number ?? '' }),
                        t('paymentPage.paybillAccount'),
                        t('paymentPage.paybillConfirmed'),
                      ]
                }
              />
            </StaticSection>
          )}
          {(prompt ?? menu)?.sandbox && (
            <p className="text-sm text-gray-600">{t('paymentPage.sandbox')}</p>
          )}
        </>
      ),
    };
  }
  if (method === 'paypal' && paypal) {
    return {
      title: 'PayPal',
      availableAtCheckout: true,
      intro: <p>{t('paymentPage.paypalIntro')}</p>,
      body: (
        <>
          <StaticSection title={t('paymentPage.howItWorks')}>
            <Steps
              steps={[
                t('paymentPage.paypalCart'),
                t('paymentPage.paypalSent'),
                t('paymentPage.paypalBack', { shop: shopName }),
                t('paymentPage.paypalConfirmed'),
              ]}
            />
          </StaticSection>
          <StaticSection title={t('paymentPage.currency')}>
            <StaticList>
              <li>{t('paymentPage.amountsInKes', { shop: shopName })}</li>
              <li>{t('paymentPage.paypalConverts')}</li>
            </StaticList>
          </StaticSection>
        </>
      ),
    };
  }
  const name = method === 'payless' ? 'Payless' : method === 'mpesa' ? 'M-Pesa' : 'PayPal';
  return {
    title: name,
    availableAtCheckout: false,
    // Said plainly: the shop does not take it, and the footer does not link it.
    intro: <p>{t('paymentPage.notTaken', { shop: shopName, name })}</p>,
    body: <HowToPayToday methods={methods} />,
  };
}

const TITLES: Record<PaymentMethod, string> = {
  mpesa: 'M-Pesa',
  paypal: 'PayPal',
  payless: 'Payless',
};

export default function PaymentInfoPage({ method }: { method: PaymentMethod }) {
  useDocumentTitle(TITLES[method]);
  const t = useStaticText();
  const methods = useQuery(paymentMethodsQuery());
  const shop = useShopSettings();
  if (methods.isPending || !shop) return <LoadingText />;
  if (methods.isError) {
    return <ErrorText>{t('paymentPage.loadError')}</ErrorText>;
  }
  const info = infoOf(method, methods.data.methods, shop.shop_name, t);
  const { title } = info;

  return (
    <StaticPageLayout
      eyebrow={t('paymentPage.eyebrow')}
      title={title}
      intro={
        <div className="space-y-4">
          <StatusBadge available={info.availableAtCheckout} />
          {info.intro}
        </div>
      }
    >
      {info.body}
    </StaticPageLayout>
  );
}

export function MpesaPage() {
  return <PaymentInfoPage method="mpesa" />;
}

export function PaypalPage() {
  return <PaymentInfoPage method="paypal" />;
}

export function PaylessPage() {
  return <PaymentInfoPage method="payless" />;
}
