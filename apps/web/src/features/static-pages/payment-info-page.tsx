import { useDocumentTitle } from '../../lib/use-document-title.ts';
import type { ReactNode } from 'react';
import { StaticList, StaticPageLayout, StaticSection } from './static-page-layout.tsx';

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
      Not yet available at checkout
    </p>
  );
}

function PaypalOnlyNote() {
  return (
    <StaticSection title="How to pay today">
      <p>
        Until then, checkout takes PayPal only. Through PayPal you can pay with a debit or credit
        card or with your PayPal balance.
      </p>
    </StaticSection>
  );
}

function comingSoon(name: string, description?: string): PaymentMethodInfo {
  return {
    title: name,
    availableAtCheckout: false,
    intro: (
      <p>
        {description ? `${name}, ${description}, is` : `${name} is`} not yet available at Duka
        checkout. We will announce when it is.
      </p>
    ),
    body: <PaypalOnlyNote />,
  };
}

const PAYMENT_METHODS: Record<PaymentMethod, PaymentMethodInfo> = {
  mpesa: comingSoon('M-Pesa', "Safaricom's mobile money service"),
  payless: comingSoon('Payless'),
  paypal: {
    title: 'PayPal',
    availableAtCheckout: true,
    intro: (
      <p>
        Checkout at Duka currently takes PayPal only. Through PayPal you can pay with a debit or
        credit card or with your PayPal balance.
      </p>
    ),
    body: (
      <>
        <StaticSection title="How it works">
          <ol className="space-y-4">
            {[
              'Add your items to the cart and go to checkout.',
              'You are sent to PayPal, where you choose how to pay and approve the payment.',
              'Once you approve, you are brought back to Duka.',
              'Your order is confirmed once the payment completes.',
            ].map((step, index) => (
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
        </StaticSection>
        <StaticSection title="Currency">
          <StaticList>
            <li>All amounts at Duka are in Kenyan shillings (KES).</li>
            <li>
              PayPal may convert the amount to its settlement currency. Check the amount PayPal
              shows you before you approve the payment.
            </li>
          </StaticList>
        </StaticSection>
      </>
    ),
  },
};

export default function PaymentInfoPage({ method }: { method: PaymentMethod }) {
  const info = PAYMENT_METHODS[method];
  const { title } = info;

  useDocumentTitle(title);

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
