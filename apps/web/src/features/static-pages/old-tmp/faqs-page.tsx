import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { methodList, paymentMethodsQuery } from '../../../lib/payment-methods.ts';
import { daysText, telHref } from '@duka/domain/settings/texts';
import { deliveryQueries } from '../../../lib/delivery.ts';
import { useShopSettings } from '../../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { StaticPageLayout, staticLinkClass } from '../static-page-layout.tsx';

interface Faq {
  question: string;
  answer: ReactNode;
}

const FAQS: readonly Faq[] = [
  {
    question: 'How do I create an account?',
    answer: (
      <p>
        Choose <strong className="font-semibold text-gray-900">Join</strong> (Sign up) at the top of
        the page, then enter a username, your phone number, your e-mail address and a password. Once
        your account is created you can sign in and start shopping.
      </p>
    ),
  },
  {
    question: 'How do I reset my password?',
    answer: (
      <p>
        Choose <strong className="font-semibold text-gray-900">Forgot password?</strong> on the{' '}
        <Link to="/login" className={staticLinkClass}>
          log-in page
        </Link>{' '}
        (or go straight to{' '}
        <Link to="/forgot-password" className={staticLinkClass}>
          Reset your password
        </Link>
        ) and enter the e-mail address of your account. We e-mail you a link to choose a new
        password; it works once, for 60 minutes.
      </p>
    ),
  },
  {
    question: 'What payment methods do you accept?',
    answer: <PaymentMethodsAnswer />,
  },
  {
    question: 'How can I track my order?',
    answer: (
      <p>
        Sign in and open <strong className="font-semibold text-gray-900">Order History</strong> in
        your account: each order shows its progress, and once it is shipped, the courier and
        tracking number. Without signing in, use{' '}
        <Link to="/track" className={staticLinkClass}>
          Track your order
        </Link>{' '}
        with your order number and the phone number on the order.
      </p>
    ),
  },
  {
    question: 'What is your return policy?',
    answer: <ReturnsAnswer />,
  },
  {
    question: 'How do I contact customer support?',
    answer: <SupportAnswer />,
  },
  {
    question: 'How do I update my account information?',
    answer: (
      <p>
        Sign in and go to <strong className="font-semibold text-gray-900">Update Profile</strong> in
        your account area, where you can change your details and save them.
      </p>
    ),
  },
  {
    question: 'Do you ship internationally?',
    answer: <p>No. We currently deliver within Kenya only.</p>,
  },
];

function ChevronIcon({ open }: { open: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      fill="currentColor"
      className={`size-5 shrink-0 text-emerald-700 transition-transform duration-200 motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
    >
      <path
        fillRule="evenodd"
        d="M5.23 7.21a.75.75 0 0 1 1.06.02L10 11.168l3.71-3.938a.75.75 0 1 1 1.08 1.04l-4.25 4.5a.75.75 0 0 1-1.08 0l-4.25-4.5a.75.75 0 0 1 .02-1.06Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export default function FaqsPage() {
  const baseId = useId();
  const [openIndex, setOpenIndex] = useState<number | null>(null);

  useDocumentTitle('Frequently Asked Questions');

  return (
    <StaticPageLayout
      eyebrow="Help"
      title="Frequently Asked Questions"
      intro={
        <p>
          Quick answers to the questions we hear most often. Select a question to see its answer.
        </p>
      }
    >
      <div className="divide-y divide-gray-200 overflow-hidden rounded-2xl border border-gray-200 bg-white">
        {FAQS.map((faq, index) => {
          const isOpen = openIndex === index;
          const buttonId = `${baseId}-question-${index}`;
          const panelId = `${baseId}-answer-${index}`;
          return (
            <div key={faq.question}>
              <h2 className="text-base font-semibold text-gray-900 sm:text-lg">
                <button
                  type="button"
                  id={buttonId}
                  aria-expanded={isOpen}
                  aria-controls={panelId}
                  onClick={() => setOpenIndex(isOpen ? null : index)}
                  className={`flex w-full items-center justify-between gap-4 px-4 py-4 text-left transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 sm:px-6 sm:py-5 ${isOpen ? 'bg-emerald-50 text-emerald-900 hover:bg-emerald-50' : ''}`}
                >
                  <span>{faq.question}</span>
                  <ChevronIcon open={isOpen} />
                </button>
              </h2>
              <div
                id={panelId}
                role="region"
                aria-labelledby={buttonId}
                hidden={!isOpen}
                className="bg-emerald-50 px-4 pb-5 text-gray-700 sm:px-6"
              >
                {faq.answer}
              </div>
            </div>
          );
        })}
      </div>
    </StaticPageLayout>
  );
}

/** The shop's return window, as the Delivery and Returns page and the product pages give it. */
function ReturnsAnswer() {
  const days = useShopSettings()?.return_window_days;
  if (days === undefined) return null;
  return (
    <p>
      {days > 0
        ? `You can return items within ${daysText(days)} of delivery, as long as they are in their original condition, unless a product's page gives a return policy of its own.`
        : "Items cannot be returned, unless a product's page gives a return policy of its own."}{' '}
      See our{' '}
      <Link to="/delivery" className={staticLinkClass}>
        Delivery and Returns
      </Link>{' '}
      page for the full details.
    </p>
  );
}

/** How to reach the shop, from its settings. */
function SupportAnswer() {
  const shop = useShopSettings();
  if (!shop) return null;
  return (
    <p>
      Use the{' '}
      <Link to="/contact" className={staticLinkClass}>
        Contact
      </Link>{' '}
      page, call us on{' '}
      <a href={telHref(shop.phone)} className={staticLinkClass}>
        {shop.phone}
      </a>
      , or e-mail{' '}
      <a href={`mailto:${shop.email}`} className={staticLinkClass}>
        {shop.email}
      </a>
      .
    </p>
  );
}

/** From the same list as checkout's buttons. */
function PaymentMethodsAnswer() {
  const methods = useQuery(paymentMethodsQuery());
  const counties = useQuery(deliveryQueries.counties());
  const list = methods.data?.methods ?? [];
  const onDelivery = (counties.data ?? []).filter((c) => c.pay_on_delivery).map((c) => c.name);
  const menu = list.find((m) => m.kind === 'paybill' || m.kind === 'till');
  return (
    <p>
      {list.length > 0 ? `We accept ${methodList(list)}.` : 'See the payment pages below.'}{' '}
      {list.some((m) => m.kind === 'prompt') &&
        'With M-Pesa, checkout sends a payment request to your phone. '}
      {menu &&
        (menu.kind === 'till'
          ? `You can also pay Till number ${menu.business_number ?? ''} from the M-Pesa menu. `
          : `You can also pay from the M-Pesa menu: Paybill ${menu.business_number ?? ''}, with your order number as the account number. `)}
      {list.some((m) => m.method === 'paypal') &&
        'With PayPal you can pay by debit or credit card or with your PayPal balance. '}
      {list.some((m) => m.kind === 'on_delivery') &&
        onDelivery.length > 0 &&
        `You can pay on delivery, in cash or by M-Pesa, in ${onDelivery.length > 3 ? `${onDelivery.length} counties` : onDelivery.join(', ')}.`}
    </p>
  );
}
