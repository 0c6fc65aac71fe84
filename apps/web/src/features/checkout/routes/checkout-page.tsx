// /checkout (SPEC §2.11): three steps; a step moves on only when the server saved it.
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { ErrorText, LoadingText } from '../../../components/ui/status.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useAuth } from '../../../lib/auth-context.ts';
import { overlayState } from '../../../lib/overlay-location.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { checkoutQueries } from '../api/checkout-api.ts';
import { CheckoutSteps } from '../components/checkout-steps.tsx';
import { PaymentStep } from '../components/payment-step.tsx';
import { ShippingStep } from '../components/shipping-step.tsx';
import { SummaryStep } from '../components/summary-step.tsx';
import { useCheckoutText } from '../text.ts';

export default function CheckoutPage() {
  const t = useCheckoutText();
  const m = useMessageText();
  useDocumentTitle(t('checkoutPage.title'));
  const navigate = useNavigate();
  const location = useLocation();
  const { authToken, currentUser } = useAuth();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const details = useQuery({ ...checkoutQueries.details(), enabled: !!authToken });
  const queryClient = useQueryClient();
  /**
   * A step saved: its details are read again before the next step shows, so Back (which opens a
   * step's form with the details as they are then) never finds the copy from before the save.
   */
  const savedThen = async (next: 2 | 3) => {
    await details.refetch();
    setStep(next);
  };

  if (!authToken) {
    return (
      <div className="mx-auto max-w-lg px-4 py-20 text-center">
        <p className="text-lg">{t('checkoutPage.logInFirst')}</p>
        <ButtonLink to="/login" className="mt-6">
          {t('checkoutPage.logIn')}
        </ButtonLink>
      </div>
    );
  }

  const [firstName = '', ...rest] = (details.data?.name ?? '').split(' ');
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      <h1 className="mb-6 text-2xl font-bold text-slate-900 sm:text-3xl">
        {t('checkoutPage.title')}
      </h1>
      <CheckoutSteps current={step} />
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        {details.isPending ? (
          <LoadingText />
        ) : details.isError ? (
          <ErrorText>
            {t('checkoutPage.detailsFailed', { reason: m(details.error.message) })}
          </ErrorText>
        ) : step === 1 ? (
          <ShippingStep
            initial={{
              firstName,
              lastName: rest.join(' '),
              street_address: details.data.street_address ?? '',
              apartment_number: details.data.apartment_number ?? '',
              city: details.data.city ?? '',
              zip_code: details.data.zip_code ?? '',
              county: details.data.county ?? '',
              // Kept as 2547…; shown as people write it.
              phone: details.data.phone ? `0${details.data.phone.slice(3)}` : '',
              delivery: details.data.delivery,
              pickup_point_id: details.data.pickup_point_id
                ? String(details.data.pickup_point_id)
                : '',
            }}
            // The cart opens over the checkout, as from any page.
            onCancel={() => navigate('/cart', { state: overlayState(location) })}
            onDone={async () => {
              // The county or point may have changed: step 3 must not show the figures priced before.
              void queryClient.resetQueries({
                queryKey: checkoutQueries.summary().queryKey,
                exact: true,
              });
              await savedThen(2);
            }}
          />
        ) : step === 2 ? (
          <PaymentStep
            email={details.data.email ?? currentUser?.email ?? ''}
            kraPin={details.data.kra_pin ?? ''}
            businessName={details.data.business_name ?? ''}
            onBack={() => setStep(1)}
            onDone={() => savedThen(3)}
          />
        ) : (
          <SummaryStep details={details.data} onBack={() => setStep(2)} />
        )}
      </div>
    </div>
  );
}
