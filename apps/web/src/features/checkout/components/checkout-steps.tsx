import { useCheckoutText } from '../text.ts';

const STEPS = ['checkoutSteps.shipping', 'checkoutSteps.payment', 'checkoutSteps.summary'] as const;

export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  const t = useCheckoutText();
  return (
    <ol
      className="mb-8 grid grid-cols-3 gap-2 text-center text-xs sm:text-sm"
      aria-label={t('checkoutSteps.label')}
    >
      {STEPS.map((key, i) => {
        const step = i + 1;
        const state = step < current ? 'done' : step === current ? 'current' : 'todo';
        return (
          <li
            key={key}
            aria-current={state === 'current' ? 'step' : undefined}
            className="flex flex-col items-center gap-1"
          >
            <span
              className={`flex h-8 w-8 items-center justify-center rounded-full font-semibold ${
                state === 'todo' ? 'bg-slate-200 text-slate-600' : 'bg-brand-700 text-white'
              }`}
            >
              {state === 'done' ? '✓' : step}
            </span>
            <span
              className={state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-500'}
            >
              {t(key)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
