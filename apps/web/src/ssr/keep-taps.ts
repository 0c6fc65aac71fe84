// No tap is lost (issue 38). A server-rendered page is on screen seconds before its scripts have
// attached on a slow phone; a tap on 'Add to Cart' in between would do nothing. This script runs
// inline in <head> (the CSP allows it by its hash): until the app says it has hydrated, a tap on a
// button is held — the button shows it is waiting (aria-busy) — and made again once the app
// answers; a field typed into or a box ticked meanwhile is told to the app as a change. Links and
// forms with an address of their own (the search box) work without scripts and are left alone.
//
// It is sent as its source text, so it must stand alone: no imports, nothing from outside (the
// event it waits for is lib/hydration.tsx's, written out; keep-taps.test.ts checks they agree).
export function keepTapsUntilHydrated(doc: Document): void {
  const root = doc.documentElement;
  if (root.hasAttribute('data-hydrated')) return;
  const held: (() => void)[] = [];
  const controls = 'button, input[type="submit"], input[type="button"], [role="button"]';

  /** A control that does its work by script alone: a form with an action works without one. */
  const heldControl = (target: EventTarget | null): HTMLElement | null => {
    if (!(target instanceof Element)) return null;
    const control = target.closest<HTMLElement>(controls);
    if (!control || control.closest('a[href]') || !doc.getElementById('root')?.contains(control))
      return null;
    const form = (control as HTMLButtonElement).form;
    const submits =
      control instanceof HTMLButtonElement || control instanceof HTMLInputElement
        ? control.type === 'submit'
        : false;
    if (submits && form?.hasAttribute('action')) return null;
    return control;
  };

  const onClick = (event: MouseEvent) => {
    if (root.hasAttribute('data-hydrated')) return;
    const control = heldControl(event.target);
    if (!control) return;
    event.preventDefault();
    event.stopPropagation();
    control.setAttribute('aria-busy', 'true');
    held.push(() => {
      control.removeAttribute('aria-busy');
      if (control.isConnected && !(control as HTMLButtonElement).disabled) control.click();
    });
  };

  // Enter in a field of a form without an address of its own: sent again once the app listens.
  const onSubmit = (event: SubmitEvent) => {
    if (root.hasAttribute('data-hydrated')) return;
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
    event.preventDefault();
    event.stopPropagation();
    const submitter = event.submitter;
    held.push(() => {
      if (form.isConnected) form.requestSubmit(submitter?.isConnected ? submitter : null);
    });
  };

  /** What was typed, picked or ticked before the app listened: told to it as the browser would. */
  const changedFields = () =>
    Array.from(
      doc.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
        '#root input, #root textarea, #root select',
      ),
    ).filter((field) =>
      field instanceof HTMLSelectElement
        ? Array.from(field.options).some((option) => option.selected !== option.defaultSelected)
        : field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')
          ? field.checked !== field.defaultChecked
          : field.value !== field.defaultValue,
    );

  doc.addEventListener('click', onClick, true);
  doc.addEventListener('submit', onSubmit, true);
  doc.addEventListener(
    'duka:hydrated',
    () => {
      doc.removeEventListener('click', onClick, true);
      doc.removeEventListener('submit', onSubmit, true);
      for (const field of changedFields()) {
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }
      for (const again of held.splice(0)) again();
    },
    { once: true },
  );
}

/** The script as it goes into the page. */
export const keepTapsScript = `(${keepTapsUntilHydrated.toString()})(document)`;
