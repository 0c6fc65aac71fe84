import { useEffect, useId } from 'react';
import type { ReactNode } from 'react';
import { StaticList, StaticPageLayout, staticLinkClass } from './static-page-layout.tsx';

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
  useEffect(() => {
    document.title = 'Privacy Policy | Duka';
  }, []);

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
              handled by our payment provider, PayPal. We receive confirmation that a payment was
              made and its reference, but we do not see or store your card number.
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
            <li>meet our legal obligations, such as keeping records of sales.</li>
          </StaticList>
          <p>We do not sell your personal information.</p>
        </PolicySection>

        <PolicySection number={3} title="Sharing Your Information">
          <p>We share personal information only where it is needed to serve you:</p>
          <StaticList>
            <li>with our payment provider (PayPal), to take payment for your order;</li>
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

        <PolicySection number={6} title="Contact Us">
          <p>
            Under the Data Protection Act, 2019 you may ask to see the personal information we hold
            about you, and ask us to correct or delete it. To make a request, or for any question
            about your privacy, e-mail us at{' '}
            <a href="mailto:privacy@duka.co.ke" className={staticLinkClass}>
              privacy@duka.co.ke
            </a>
            .
          </p>
        </PolicySection>
      </ol>
    </StaticPageLayout>
  );
}
