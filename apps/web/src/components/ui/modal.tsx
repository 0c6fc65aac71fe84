// An accessible modal on the native <dialog>: focus is trapped, Escape closes it, the page behind
// is inert, and focus goes back to what opened it when it closes. Rendered only while open.
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useUiText } from './text.ts';
import { useReturnFocus } from './use-return-focus.ts';

export interface ModalProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Buttons along the bottom. */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
}

const widths = { sm: 'max-w-sm', md: 'max-w-md', lg: 'max-w-2xl', xl: 'max-w-4xl' };

export function Modal({ title, onClose, children, footer, size = 'md' }: ModalProps) {
  const t = useUiText();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  // Declared before the dialog opens, so it sees the opener still focused.
  useReturnFocus();

  // Opened as the render that shows it is committed, in the task of the click that asked for it
  // (Preact runs plain effects a frame later), so Escape and the close watcher see it at once.
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (!dialog.open) dialog.showModal();
    const handleCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Chrome closes a dialog on a second Escape even when 'cancel' is prevented (its close
    // watcher): then the owner must still learn that it closed.
    const handleClose = () => onCloseRef.current();
    dialog.addEventListener('cancel', handleCancel);
    dialog.addEventListener('close', handleClose);
    return () => {
      dialog.removeEventListener('cancel', handleCancel);
      dialog.removeEventListener('close', handleClose);
      // Closed before it leaves the page: the browser gives focus back, at once, to what had it
      // when the dialog opened. Removed while open, focus fell to the page and the hand-back a
      // frame later could meet the next dialog (the back office's Stock dialog got Discount's).
      if (dialog.open) dialog.close();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={`m-auto w-[calc(100%-1.5rem)] ${widths[size]} rounded-2xl bg-white p-0 text-slate-800 shadow-2xl backdrop:bg-slate-900/50`}
      onClick={(event) => {
        if (event.target === ref.current) onClose(); // a click on the backdrop
      }}
    >
      <div className="flex max-h-[85vh] flex-col">
        <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={t('modal.close')}
            className="-mr-2 inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        <div className="overflow-y-auto px-5 py-4">{children}</div>
        {footer && (
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 px-5 py-3">
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}
