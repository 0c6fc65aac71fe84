import { useQuery } from '@tanstack/react-query';
import { paymentMethodsQuery } from '../../../lib/payment-methods.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useId } from 'react';
import type { ReactNode } from 'react';
import { StaticList, StaticPageLayout, staticLinkClass } from '../static-page-layout.tsx';

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
  useDocumentTitle('Privacy Policy');

  return (
    <StaticPageLayout
      eyebrow="Legal"
      title="Privacy Policy"
      intro={
        <p>
          This policy explains what personal information Duka collects when you shop with us, how we
          use it, and the choices you have. We handle your information in line with Kenya&apos;s
          Data Protection Act, 2019.
        </p>
      }
    >
      <ol className="space-y-10 sm:space-y-12">
        <PolicySection number={1} title="Information We Collect">
          <p>
            We only collect the information we need to run your account and deliver your orders:
          </p>
          <StaticList>
            <li>
              <strong className="font-semibold text-gray-900">Account details</strong>: your
              username, phone number, e-mail address and password when you sign up.
            </li>
            <li>
              <strong className="font-semibold text-gray-900">Order and delivery details</strong>:
              the items you order, the amounts paid, and the name, address and phone number we
              deliver to.
            </li>
            <li>
              <strong className="font-semibold text-gray-900">Payment details</strong>: payments are
              handled by our payment providers (<ProviderNames />
              ). We keep the phone number an M-Pesa payment came from and the payment's reference;
              we never see your M-Pesa PIN or your card number.
            </li>
          </StaticList>
        </PolicySection>

        <PolicySection number={2} title="How We Use Your Information">
          <p>We use your information to:</p>
          <StaticList>
            <li>create and manage your account and let you sign in;</li>
            <li>process, deliver and track your orders, and handle returns and refunds;</li>
            <li>contact you about your orders and answer your questions;</li>
            <li>keep the shop secure and prevent fraud;</li>
            <li>meet our legal obligations, such as keeping records of sales;</li>
            <li>
              send you offers and news by e-mail, only if you have agreed to it (you can withdraw at
              any time).
            </li>
          </StaticList>
          <p>We do not sell your personal information.</p>
        </PolicySection>

        <PolicySection number={3} title="Sharing Your Information">
          <p>We share personal information only where it is needed to serve you:</p>
          <StaticList>
            <li>
              with our payment providers (<ProviderNames />
              ), to take payment for your order;
            </li>
            <li>with the delivery partners who bring your order to you;</li>
            <li>with authorities, when the law requires us to.</li>
          </StaticList>
        </PolicySection>

        <PolicySection number={4} title="Security">
          <p>
            We use reasonable technical and organisational measures to protect your information,
            including encrypted connections between your browser and our shop. No system is
            perfectly secure, so please keep your password private and let us know straight away if
            you think your account has been misused.
          </p>
        </PolicySection>

        <PolicySection number={5} title="Changes to This Policy">
          <p>
            We may update this policy from time to time. When we make important changes, we will
            tell you on this page and, where appropriate, by e-mail.
          </p>
        </PolicySection>

        <PolicySection number={6} title="Your Rights and How to Contact Us">
          <p>
            Under the Data Protection Act, 2019 you have these rights, and you can use most of them
            yourself, at any time, from your account:
          </p>
          <StaticList>
            <li>
              <strong className="font-semibold text-gray-900">See your data (access)</strong>: in My
              Account, open <em>Update Profile</em> and choose <em>Download my data</em>. You get a
              file with everything we hold about your account: your profile, addresses, orders with
              their items and payments, cart, wishlist, reviews, the messages you sent us and the
              e-mails and text messages we sent you.
            </li>
            <li>
              <strong className="font-semibold text-gray-900">Correct your data</strong>: change
              your username, e-mail address, phone number or password under <em>Update Profile</em>.
            </li>
            <li>
              <strong className="font-semibold text-gray-900">Erase your data</strong>: choose{' '}
              <em>Delete my account</em> under <em>Update Profile</em> and confirm with your
              password. Your personal data are erased at once and you are logged out everywhere. We
              keep your past orders for our accounts and tax records, with your name, address and
              e-mail removed. You may sign up again with the same e-mail later.
            </li>
            <li>
              <strong className="font-semibold text-gray-900">Say no to marketing</strong>: we only
              send offers and news if you ticked the box when you signed up or later under{' '}
              <em>Update Profile</em>; untick it there whenever you like. Messages about your orders
              and your password are not marketing and are always sent.
            </li>
            <li>
              <strong className="font-semibold text-gray-900">Forgotten your password</strong>: use{' '}
              <em>Forgot password?</em> on the log-in page and we will e-mail you a link that works
              once, for 60 minutes.
            </li>
          </StaticList>
          <p>
            For any other request (for example to object to how we use your data), or for any
            question about your privacy, e-mail us at{' '}
            <a href="mailto:privacy@duka.co.ke" className={staticLinkClass}>
              privacy@duka.co.ke
            </a>
            . We answer within 7 days. You may also complain to the Office of the Data Protection
            Commissioner.
          </p>
        </PolicySection>
      </ol>
    </StaticPageLayout>
  );
}

/** Safaricom (M-Pesa) and PayPal, as this shop's checkout offers them. */
function ProviderNames() {
  const methods = useQuery(paymentMethodsQuery()).data?.methods ?? [];
  const names = [
    ...(methods.some((m) => m.method !== 'paypal') ? ["Safaricom's M-Pesa"] : []),
    ...(methods.some((m) => m.method === 'paypal') ? ['PayPal'] : []),
  ];
  return <>{names.join(' and ') || 'our payment providers'}</>;
}
