import { useUiText } from './text.ts';

/** SPEC §2.5: '-' and '+' around a read-only number; never below 1 (nor above the stock). */
export function QuantityStepper({
  value,
  onChange,
  max,
  id,
}: {
  value: number;
  onChange: (value: number) => void;
  max?: number | undefined;
  /** The number's id, given by the caller (the product page's, or a cart line's). */
  id: string;
}) {
  const t = useUiText();
  const button =
    'h-10 w-10 rounded-lg border border-slate-300 bg-white text-lg font-medium hover:bg-slate-50 disabled:opacity-40';
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t('quantityStepper.label')}
      </label>
      <button
        type="button"
        aria-label={t('quantityStepper.decrease')}
        className={button}
        disabled={value <= 1}
        onClick={() => onChange(Math.max(1, value - 1))}
      >
        -
      </button>
      <input
        id={id}
        readOnly
        value={value}
        aria-live="polite"
        className="h-10 w-14 rounded-lg border border-slate-300 text-center"
      />
      <button
        type="button"
        aria-label={t('quantityStepper.increase')}
        className={button}
        disabled={max !== undefined && value >= max}
        onClick={() => onChange(max !== undefined ? Math.min(max, value + 1) : value + 1)}
      >
        +
      </button>
    </div>
  );
}
