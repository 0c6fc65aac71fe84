import { useQuery } from '@tanstack/react-query';
import { paymentMethodsQuery } from '../../lib/payment-methods.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { rich } from './rich-text.tsx';
import { StaticList, StaticPageLayout, staticLinkClass } from './static-page-layout.tsx';
import { useStaticText } from './text.ts';

function PolicySection({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <li>
      <section aria-labelledby={headingId}>
        <h2
          id={headingId}
          className="text-xl font-semibold tracking-tight text-gray-900 sm:text-2xl"
        >
          <span className="text-emerald-700">{number}.</span> {title}
        </h2>
        <div className="mt-4 space-y-4">{children}</div>
      </section>
    </li>
  );
}

export default function PrivacyPage() {
  const t = useStaticText();
  useDocumentTitle(t('privacyPage.title'));
  const providers = useProviderNames();
  const strong = (key: Parameters<typeof t>[0]) => (
    <strong className="font-semibold text-gray-900">{t(key)}</strong>
  );
  const profile = <em>{t('privacyPage.updateProfile')}</em>;

  return (
    <StaticPageLayout
      eyebrow={t('privacyPage.eyebrow')}
      title={t('privacyPage.title')}
      intro={<p>{t('privacyPage.intro')}</p>}
    >
      <ol className="space-y-10 sm:space-y-12">
        <PolicySection number={1} title={t('privacyPage.collect')}>
          <p>{t('privacyPage.collectIntro')}</p>
          <StaticList>
            <li>{rich(t, 'privacyPage.accountText', { label: strong('privacyPage.account') })}</li>
            <li>{rich(t, 'privacyPage.orderText', { label: strong('privacyPage.order') })}</li>
            <li>
              {rich(
                t,
                'privacyPage.paymentText',
                { label: strong('privacyPage.payment') },
                { providers },
              )}
            </li>
          </StaticList>
        </PolicySection>

        <PolicySection number={2} title={t('privacyPage.use')}>
          <p>{t('privacyPage.useIntro')}</p>
          <StaticList>
            <li>{t('privacyPage.useAccount')}</li>
            <li>{t('privacyPage.useOrders')}</li>
            <li>{t('privacyPage.useContact')}</li>
            <li>{t('privacyPage.useSecurity')}</li>
            <li>{t('privacyPage.useLegal')}</li>
            <li>{t('privacyPage.useMarketing')}</li>
          </StaticList>
          <p>{t('privacyPage.noSale')}</p>
        </PolicySection>

        <PolicySection number={3} title={t('privacyPage.share')}>
          <p>{t('privacyPage.shareIntro')}</p>
          <StaticList>
            <li>{t('privacyPage.sharePayment', { providers })}</li>
            <li>{t('privacyPage.shareDelivery')}</li>
            <li>{t('privacyPage.shareLaw')}</li>
          </StaticList>
        </PolicySection>

        <PolicySection number={4} title={t('privacyPage.security')}>
          <p>{t('privacyPage.securityText')}</p>
        </PolicySection>

        <PolicySection number={5} title={t('privacyPage.changes')}>
          <p>{t('privacyPage.changesText')}</p>
        </PolicySection>

        <PolicySection number={6} title={t('privacyPage.rights')}>
          <p>{t('privacyPage.rightsIntro')}</p>
          <StaticList>
            <li>
              {rich(t, 'privacyPage.accessText', {
                label: strong('privacyPage.access'),
                profile,
                download: <em>{t('privacyPage.download')}</em>,
              })}
            </li>
            <li>
              {rich(t, 'privacyPage.correctText', {
                label: strong('privacyPage.correct'),
                profile,
              })}
            </li>
            <li>
              {rich(t, 'privacyPage.eraseText', {
                label: strong('privacyPage.erase'),
                delete: <em>{t('privacyPage.deleteAccount')}</em>,
                profile,
              })}
            </li>
            <li>
              {rich(t, 'privacyPage.marketingText', {
                label: strong('privacyPage.marketing'),
                profile,
              })}
            </li>
            <li>
              {rich(t, 'privacyPage.forgottenText', {
                label: strong('privacyPage.forgotten'),
                forgot: <em>{t('privacyPage.forgotPassword')}</em>,
              })}
            </li>
          </StaticList>
          <p>
            {rich(t, 'privacyPage.contact', {
              email: (
                <a href="mailto:privacy@duka.co.ke" className={staticLinkClass}>
                  privacy@duka.co.ke
                </a>
              ),
            })}
          </p>
        </PolicySection>
      </ol>
    </StaticPageLayout>
  );
}

/** Safaricom (M-Pesa) and PayPal, as this shop's checkout offers them. */
function useProviderNames(): string {
  const t = useStaticText();
  const methods = useQuery(paymentMethodsQuery()).data?.methods ?? [];
  const names = [
    ...(methods.some((m) => m.method !== 'paypal') ? [t('privacyPage.mpesa')] : []),
    ...(methods.some((m) => m.method === 'paypal') ? ['PayPal'] : []),
  ];
  return names.join(` ${t('staticPages.and')} `) || t('privacyPage.providers');
}
