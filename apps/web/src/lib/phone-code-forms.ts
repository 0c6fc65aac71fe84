// The number form and the code form of the phone sign-in (features/auth) and of the profile's phone
// check (features/account): the same checks before the server is asked, the same states after.
// What is sent where, and the refusals' words, stay the caller's.
import { useState, type FormEvent } from 'react';
import {
  PHONE_SIGN_IN_MESSAGES,
  phoneCodeSchema,
  signInPhoneSchema,
  type PhoneCodeSent,
} from '@duka/domain/auth/phone-sign-in';
import { useCountdown } from './phone-code.ts';

/** The server's refusal in plain words, and whether it belongs at the field or above the form. */
export type Refusal = { at: 'field' | 'form'; message: string };

/** Where a code is sent: the caller's endpoint. */
type SendCode = (phone: string) => Promise<PhoneCodeSent>;

/** The number form: checked by the shared schema, then a code is sent to it (+2547…). */
export function usePhoneNumberSubmit({
  typed,
  requiredText,
  send,
  onSent,
  refuse,
}: {
  typed: string;
  /** Said at the field when nothing was typed. */
  requiredText: string;
  send: SendCode;
  onSent: (phone: string, resendAfterSeconds: number) => void;
  refuse: (err: unknown) => Refusal;
}) {
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const checked = signInPhoneSchema.safeParse(typed);
    if (!checked.success) {
      setFieldError(typed.trim() ? PHONE_SIGN_IN_MESSAGES.phoneInvalid : requiredText);
      return;
    }
    const phone = checked.data;
    setFieldError('');
    setBusy(true);
    try {
      const { resend_after_seconds } = await send(phone);
      onSent(phone, resend_after_seconds ?? 60);
    } catch (err) {
      const { at, message } = refuse(err);
      if (at === 'field') setFieldError(message);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  return { fieldError, failure, busy, onSubmit };
}

/**
 * The code form: six digits (spaces dropped) checked before `verify` is asked, and a new code
 * offered once the wait is over.
 */
export function usePhoneCode({
  wait,
  verify,
  refuse,
  resend: sendAgain,
  refuseResend,
}: {
  /** Seconds before another code may be asked for. */
  wait: number;
  verify: (digits: string) => Promise<void>;
  refuse: (err: unknown) => Refusal;
  resend: () => Promise<PhoneCodeSent>;
  /** A refused new code in words, and the wait it sets, if any. */
  refuseResend: (err: unknown) => { message: string; wait?: number | undefined };
}) {
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState('');
  const [failure, setFailure] = useState('');
  const [resent, setResent] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secondsLeft, startWait] = useCountdown(wait);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure('');
    const checked = phoneCodeSchema.safeParse(code.replace(/\s/g, ''));
    if (!checked.success) {
      setFieldError(PHONE_SIGN_IN_MESSAGES.codeInvalid);
      return;
    }
    setFieldError('');
    setBusy(true);
    try {
      await verify(checked.data);
    } catch (err) {
      const { at, message } = refuse(err);
      if (at === 'field') setFieldError(message);
      else setFailure(message);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setFailure('');
    setResent(false);
    try {
      const { resend_after_seconds } = await sendAgain();
      startWait(resend_after_seconds ?? 60);
      setResent(true);
    } catch (err) {
      const refused = refuseResend(err);
      setFailure(refused.message);
      if (refused.wait !== undefined) startWait(refused.wait);
    }
  };

  return { code, setCode, fieldError, failure, busy, resent, secondsLeft, onSubmit, resend };
}
