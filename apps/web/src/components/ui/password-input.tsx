import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { useUiText } from './text.ts';

/** A password field with a show/hide toggle (SPEC §2.8, §2.9). */
export const PasswordInput = forwardRef<
  HTMLInputElement,
  InputHTMLAttributes<HTMLInputElement> & { label: string }
>(function PasswordInput({ label, className = '', ...props }, ref) {
  const t = useUiText();
  const [visible, setVisible] = useState(false);
  const named = { label: label.toLowerCase() };
  return (
    <div className="relative">
      <input
        ref={ref}
        type={visible ? 'text' : 'password'}
        className={`${className} pr-16`}
        {...props}
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={t(visible ? 'passwordInput.hideLabel' : 'passwordInput.showLabel', named)}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 px-3 text-xs font-medium text-slate-600 hover:text-slate-900"
      >
        {t(visible ? 'passwordInput.hide' : 'passwordInput.show')}
      </button>
    </div>
  );
});
