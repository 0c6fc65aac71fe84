// Gives focus back to what opened an overlay when the overlay goes away (WCAG 2.4.3), whether it
// was closed with Escape, its close button or a click on the backdrop. Overlays are rendered only
// while open, so "closing" is unmounting: the element that had focus when the overlay first
// mounted is the one that opened it.
import { useEffect, useRef } from 'react';

export function useReturnFocus(): void {
  // Kept across React's development-only unmount and remount of a new component (StrictMode), by
  // which time focus is already inside the overlay.
  // Read while rendering, before any child's effect can move focus into the overlay (an
  // overlay that renders a dialog of its own).
  const opener = useRef<Element | null>(
    typeof document === 'undefined' ? null : document.activeElement,
  );
  useEffect(() => {
    opener.current ??= document.activeElement;
    const target = opener.current;
    return () => {
      if (!(target instanceof HTMLElement) || target === document.body) return;
      // After the overlay has left the DOM (an open modal <dialog> makes the rest inert), and
      // after a route change that closed it has rendered the page the opener lives on.
      requestAnimationFrame(() => {
        if (!target.isConnected) return;
        const active = document.activeElement;
        // Focus went somewhere on purpose meanwhile (still inside the overlay, or a new page).
        if (active && active !== document.body && active !== target) return;
        target.focus({ preventScroll: true });
      });
    };
  }, []);
}
