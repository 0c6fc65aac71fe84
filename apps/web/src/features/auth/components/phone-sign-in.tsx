// 'Continue with your phone number' on /login and /signup (issue 37): the number, the code sent by
// SMS, then a new account's name, or a staff account's second step; then the same landing as a
// password log-in. The number typed is kept across the steps ('Use another number' brings it back).
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LoginResponse, MfaChallenge } from '@duka/domain';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { useAuth } from '../../../lib/auth-context.ts';
import { useShopSettings } from '../../../lib/shop-settings.ts';
import type { PhoneSignInResponse } from '@duka/domain/auth/phone-sign-in';
import { AuthCard } from './auth-card.tsx';
import { PhoneCodeStep } from './phone-code-step.tsx';
import { PhoneNameStep } from './phone-name-step.tsx';
import { PhoneNumberStep } from './phone-number-step.tsx';
import { SecondStepForm } from './second-step-form.tsx';
import { useAuthText } from '../text.ts';
import { useLandAfterLogin } from './use-land-after-login.ts';

type Step =
  | { kind: 'number' }
  | { kind: 'code'; phone: string; resendAfterSeconds: number }
  | { kind: 'name'; response: LoginResponse }
  | { kind: 'second-step'; mfaToken: string; remember: boolean };

/**
 * Whether the page shows the phone sign-in: asked for (?with=phone) and not refused by the shop,
 * which needs an SMS gateway (GET /api/settings says). While the settings load (they are cleared
 * when the code signs in) it stays, so a new account's name step is not lost.
 */
export function usePhoneSignIn(): boolean {
  const [params] = useSearchParams();
  const offered = useShopSettings()?.phone_sign_in !== false;
  return offered && params.get('with') === 'phone';
}

export function PhoneSignIn({ onCancel }: { onCancel: () => void }) {
  const t = useAuthText();
  const { completeLogin, reloadCurrentUser } = useAuth();
  const land = useLandAfterLogin();
  const [number, setNumber] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'number' });

  const signedIn = (answer: PhoneSignInResponse, remember: boolean) => {
    completeLogin(answer, { remember });
    if (answer.is_new_account) setStep({ kind: 'name', response: answer });
    else land(answer.user);
  };

  switch (step.kind) {
    case 'number':
      return (
        <AuthCard title={t('phoneSignIn.numberTitle')}>
          <PhoneNumberStep
            number={number}
            onNumberChange={setNumber}
            onSent={(phone, resendAfterSeconds) =>
              setStep({ kind: 'code', phone, resendAfterSeconds })
            }
            onCancel={onCancel}
          />
        </AuthCard>
      );
    case 'code':
      return (
        <AuthCard title={t('phoneSignIn.codeTitle')}>
          <PhoneCodeStep
            phone={step.phone}
            resendAfterSeconds={step.resendAfterSeconds}
            onVerified={signedIn}
            onChallenge={(challenge: MfaChallenge, remember) =>
              setStep({ kind: 'second-step', mfaToken: challenge.mfa_token, remember })
            }
            onOtherNumber={() => setStep({ kind: 'number' })}
          />
        </AuthCard>
      );
    case 'name':
      return (
        <AuthCard title={t('phoneSignIn.nameTitle')}>
          <PhoneNameStep
            onSaved={() => {
              void reloadCurrentUser();
              land(step.response.user);
            }}
          />
        </AuthCard>
      );
    case 'second-step':
      return (
        <AuthCard title={t('phoneSignIn.secondStepTitle')}>
          <SecondStepForm
            mfaToken={step.mfaToken}
            onDone={(response) => {
              completeLogin(response, { remember: step.remember });
              land(response.user);
            }}
            onRestart={() => setStep({ kind: 'number' })}
          />
        </AuthCard>
      );
  }
}

/** Under the log-in and sign-up forms: opens the phone sign-in (?with=phone), if the shop offers it. */
export function ContinueWithPhone() {
  const t = useAuthText();
  if (useShopSettings()?.phone_sign_in !== true) return null;
  return (
    <ButtonLink to="?with=phone" variant="secondary" className="mt-4 w-full">
      {t('phoneSignIn.continueWithPhone')}
    </ButtonLink>
  );
}
