import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import {
  methodList,
  paymentMethodsQuery,
  type ShopPaymentMethod,
} from '../../../lib/payment-methods.ts';
import { useShopSettings } from '../../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { StaticList, StaticPageLayout, StaticSection } from '../static-page-layout.tsx';

export type PaymentMethod = 'mpesa' | 'paypal' | 'payless';

interface PaymentMethodInfo {
  title: string;
  availableAtCheckout: boolean;
  intro: ReactNode;
  body: ReactNode;
}

function StatusBadge({ available }: { available: boolean }) {
  return available ? (
    <p className="inline-flex items-center gap-2 rounded-full bg-emerald-50 px-3 py-1 text-sm font-medium text-emerald-800 ring-1 ring-emerald-200 ring-inset">
      <span aria-hidden="true" className="size-2 rounded-full bg-emerald-600" />
      Available at checkout
    </p>
  ) : (
    <p className="inline-flex items-center gap-2 rounded-full bg-gray-100 px-3 py-1 text-sm font-medium text-gray-700 ring-1 ring-gray-300 ring-inset">
      <span aria-hidden="true" className="size-2 rounded-full bg-gray-400" />
      Not available at checkout
    </p>
  );
}

function HowToPayToday({ methods }: { methods: readonly ShopPaymentMethod[] }) {
  return (
    <StaticSection title="How to pay today">
      <p>Checkout takes {methodList(methods)}.</p>
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
): PaymentMethodInfo {
  const prompt = methods.find((m) => m.kind === 'prompt');
  const menu = methods.find((m) => m.kind === 'paybill' || m.kind === 'till');
  const paypal = methods.find((m) => m.method === 'paypal');
  if (method === 'mpesa' && (prompt || menu)) {
    return {
      title: 'M-Pesa',
      availableAtCheckout: true,
      intro: <p>Pay for your order with M-Pesa, Safaricom's mobile money, in Kenyan shillings.</p>,
      body: (
        <>
          {prompt && (
            <StaticSection title="A request to your phone">
              <Steps
                steps={[
                  'At checkout choose Pay with M-Pesa and enter your M-Pesa phone number.',
                  'Your phone asks you to pay the order total to DUKA: enter your M-Pesa PIN.',
                  'The checkout page confirms your order as soon as M-Pesa does.',
                ]}
              />
            </StaticSection>
          )}
          {menu && (
            <StaticSection
              title={
                menu.kind === 'till' ? 'Lipa na M-Pesa: Buy Goods' : 'Lipa na M-Pesa: Pay Bill'
              }
            >
              <Steps
                steps={
                  menu.kind === 'till'
                    ? [
                        `At checkout choose ${menu.label}.`,
                        `In the M-Pesa menu choose Buy Goods and Services, Till number ${menu.business_number ?? ''}, and the amount shown.`,
                        'Type the M-Pesa code from the confirmation SMS on the checkout page.',
                      ]
                    : [
                        `At checkout choose ${menu.label}.`,
                        `In the M-Pesa menu choose Pay Bill, business number ${menu.business_number ?? ''}.`,
                        'Enter your order number as the account number, and the amount shown.',
                        'Your order is confirmed as soon as M-Pesa tells us.',
                      ]
                }
              />
            </StaticSection>
          )}
          {(prompt ?? menu)?.sandbox && (
            <p className="text-sm text-gray-600">
              This shop runs M-Pesa's sandbox: no real money moves.
            </p>
          )}
        </>
      ),
    };
  }
  if (method === 'paypal' && paypal) {
    return {
      title: 'PayPal',
      availableAtCheckout: true,
      intro: (
        <p>Through PayPal you can pay with a debit or credit card or with your PayPal balance.</p>
      ),
      body: (
        <>
          <StaticSection title="How it works">
            <Steps
              steps={[
                'Add your items to the cart and go to checkout.',
                'You are sent to PayPal, where you choose how to pay and approve the payment.',
                `Once you approve, you are brought back to ${shopName}.`,
                'Your order is confirmed once the payment completes.',
              ]}
            />
          </StaticSection>
          <StaticSection title="Currency">
            <StaticList>
              <li>All amounts at {shopName} are in Kenyan shillings (KES).</li>
              <li>
                PayPal may convert the amount to its settlement currency. Check the amount PayPal
                shows you before you approve the payment.
              </li>
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
    intro: (
      <p>
        {shopName} does not take {name}: it is not offered at checkout.
      </p>
    ),
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
  const methods = useQuery(paymentMethodsQuery());
  const shop = useShopSettings();
  if (methods.isPending || !shop) return <LoadingText />;
  if (methods.isError) {
    return <ErrorText>We could not load how this shop takes payment. Please reload.</ErrorText>;
  }
  const info = infoOf(method, methods.data.methods, shop.shop_name);
  const { title } = info;

  return (
    <StaticPageLayout
      eyebrow="Payments"
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
