import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paymentMethodsQuery } from '../../lib/payment-methods.ts';
import { telHref } from '@duka/domain/settings/texts';
import { deliveryQueries } from '../../lib/delivery.ts';
import { useShopSettings } from '../../lib/shop-settings.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { useMethodList } from './method-list.ts';
import { rich } from './rich-text.tsx';
import { StaticPageLayout, staticLinkClass } from './static-page-layout.tsx';
import { useStaticText, type StaticTextKey } from './text.ts';

interface Faq {
  question: StaticTextKey;
  answer: ReactNode;
}

function useFaqs(): readonly Faq[] {
  const t = useStaticText();
  const strong = (key: StaticTextKey) => (
    <strong className="font-semibold text-gray-900">{t(key)}</strong>
  );
  const link = (to: string, key: StaticTextKey) => (
    <Link to={to} className={staticLinkClass}>
      {t(key)}
    </Link>
  );
  return [
    {
      question: 'faqsPage.account',
      answer: <p>{rich(t, 'faqsPage.accountAnswer', { join: strong('faqsPage.join') })}</p>,
    },
    {
      question: 'faqsPage.password',
      answer: (
        <p>
          {rich(t, 'faqsPage.passwordAnswer', {
            forgot: strong('faqsPage.forgot'),
            login: link('/login', 'faqsPage.loginPage'),
            reset: link('/forgot-password', 'faqsPage.resetPassword'),
          })}
        </p>
      ),
    },
    { question: 'faqsPage.payment', answer: <PaymentMethodsAnswer /> },
    {
      question: 'faqsPage.track',
      answer: (
        <p>
          {rich(t, 'faqsPage.trackAnswer', {
            history: strong('faqsPage.orderHistory'),
            track: link('/track', 'faqsPage.trackLink'),
          })}
        </p>
      ),
    },
    { question: 'faqsPage.returns', answer: <ReturnsAnswer /> },
    { question: 'faqsPage.support', answer: <SupportAnswer /> },
    {
      question: 'faqsPage.update',
      answer: (
        <p>{rich(t, 'faqsPage.updateAnswer', { profile: strong('faqsPage.updateProfile') })}</p>
      ),
    },
    { question: 'faqsPage.international', answer: <p>{t('faqsPage.internationalAnswer')}</p> },
  ];
}

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
  const t = useStaticText();
  const faqs = useFaqs();

  useDocumentTitle(t('faqsPage.title'));

  return (
    <StaticPageLayout
      eyebrow={t('staticPages.help')}
      title={t('faqsPage.title')}
      intro={<p>{t('faqsPage.intro')}</p>}
    >
      <div className="divide-y divide-gray-200 overflow-hidden rounded-2xl border border-gray-200 bg-white">
        {faqs.map((faq, index) => {
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
                  <span>{t(faq.question)}</span>
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
  const t = useStaticText();
  const days = useShopSettings()?.return_window_days;
  if (days === undefined) return null;
  return (
    <p>
      {days > 0
        ? t('faqsPage.returnWithin', { days: t('staticPages.days', { days }) })
        : t('faqsPage.noReturns')}{' '}
      {rich(t, 'faqsPage.seeDelivery', {
        link: (
          <Link to="/delivery" className={staticLinkClass}>
            {t('faqsPage.deliveryLink')}
          </Link>
        ),
      })}
    </p>
  );
}

/** How to reach the shop, from its settings. */
function SupportAnswer() {
  const t = useStaticText();
  const shop = useShopSettings();
  if (!shop) return null;
  return (
    <p>
      {rich(t, 'faqsPage.supportAnswer', {
        contact: (
          <Link to="/contact" className={staticLinkClass}>
            {t('faqsPage.contactLink')}
          </Link>
        ),
        phone: (
          <a href={telHref(shop.phone)} className={staticLinkClass}>
            {shop.phone}
          </a>
        ),
        email: (
          <a href={`mailto:${shop.email}`} className={staticLinkClass}>
            {shop.email}
          </a>
        ),
      })}
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
  const t = useStaticText();
  const methodList = useMethodList();
  const number = menu?.business_number ?? '';
  return (
    <p>
      {list.length > 0
        ? t('faqsPage.weAccept', { methods: methodList(list) })
        : t('faqsPage.seePaymentPages')}{' '}
      {list.some((m) => m.kind === 'prompt') && `${t('faqsPage.mpesaPrompt')} `}
      {menu &&
        `${menu.kind === 'till' ? t('faqsPage.till', { number }) : t('faqsPage.paybill', { number })} `}
      {list.some((m) => m.method === 'paypal') && `${t('faqsPage.paypal')} `}
      {list.some((m) => m.kind === 'on_delivery') &&
        onDelivery.length > 0 &&
        t('faqsPage.onDelivery', {
          where:
            onDelivery.length > 3
              ? t('faqsPage.counties', { count: onDelivery.length })
              : onDelivery.join(', '),
        })}
    </p>
  );
}
