// Step 3's 'Have a coupon code?' (issue 36): the code is tried by the server, which answers the
// summary with its discount or says why not; the cart keeps one code, shown with 'Remove'. A code
// the cart carries that no longer applies ('This code has expired.') is said, with 'Remove'.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { CheckoutSummary } from '@duka/domain';
import { Button } from '../../../components/ui/button.tsx';
import { inputClass } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useMessageText } from '../../../lib/i18n/message-text.ts';
import { applyCoupon, checkoutQueries, removeCoupon } from '../api/checkout-api.ts';
import { useCheckoutText } from '../text.ts';

/** When the answer is not the shop's own (a proxy's bare 429). */
export const TOO_MANY_TRIES = 'Too many tries. Please wait a few minutes and try again.';

/**
 * The server's words for why not, in the page's language; its own 429 names the wait ('Too many
 * wrong codes…').
 */
function useMessageOf(): (err: unknown) => string {
  const t = useCheckoutText();
  const m = useMessageText();
  return (err) => {
    if (!(err instanceof ApiError)) return t('couponField.unreachable');
    if (err.status === 429 && err.code !== 'RATE_LIMITED') return t('couponField.tooManyTries');
    return m(err.message);
  };
}

export function CouponField({ coupon }: { coupon: CheckoutSummary['coupon'] }) {
  const queryClient = useQueryClient();
  const id = useId();
  const t = useCheckoutText();
  const m = useMessageText();
  const messageOf = useMessageOf();
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  /** After applying or removing, focus goes to what took the place of the pressed button. */
  const moved = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  const applied = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    (coupon ? applied.current?.querySelector('button') : input.current)?.focus();
  }, [coupon]);

  const settle = async (request: () => Promise<CheckoutSummary>) => {
    setBusy(true);
    setError('');
    try {
      queryClient.setQueryData(checkoutQueries.summary().queryKey, await request());
      setCode('');
      moved.current = true;
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') void settle(() => applyCoupon(code));
  };

  const errorLine = error && (
    <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-red-700">
      {error}
    </p>
  );

  if (coupon) {
    return (
      <section
        ref={applied}
        aria-labelledby={`${id}-title`}
        className="rounded-lg border border-slate-200 p-3"
      >
        <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
          {t('couponField.title')}
        </h3>
        <div className="mt-1 flex flex-wrap items-center justify-between gap-2">
          {coupon.message ? (
            <p role="alert" className="text-sm text-red-700">
              <span className="font-mono font-semibold">{coupon.code}</span>: {m(coupon.message)}
            </p>
          ) : (
            <p role="status" className="text-sm text-green-800">
              <span className="font-mono font-semibold">{coupon.code}</span>{' '}
              {t('couponField.applied')}
            </p>
          )}
          <Button
            variant="secondary"
            className="min-h-10"
            disabled={busy}
            onClick={() => void settle(removeCoupon)}
          >
            {t(busy ? 'couponField.removing' : 'couponField.remove')}
            <span className="sr-only"> {t('couponField.removeWhat', { code: coupon.code })}</span>
          </Button>
        </div>
        {errorLine}
      </section>
    );
  }

  return (
    <form onSubmit={apply} noValidate className="rounded-lg border border-slate-200 p-3">
      <label htmlFor={`${id}-code`} className="block text-sm font-semibold text-slate-900">
        {t('couponField.label')}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          ref={input}
          id={`${id}-code`}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={100}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClass} min-h-10 min-w-0 flex-1 font-mono uppercase`}
        />
        <Button type="submit" className="min-h-10" disabled={busy || code.trim() === ''}>
          {t(busy ? 'couponField.applying' : 'couponField.apply')}
        </Button>
      </div>
      {errorLine}
    </form>
  );
}
