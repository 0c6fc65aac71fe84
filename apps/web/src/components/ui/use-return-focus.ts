// Gives focus back to what opened an overlay when the overlay goes away (WCAG 2.4.3), whether it
// was closed with Escape, its close button or a click on the backdrop. Overlays are rendered only
// while open, so "closing" is unmounting: the element that had focus when the overlay first
// mounted is the one that opened it.
import { useEffect, useRef, useState } from 'react';

/** Overlays opened so far: a closed one gives focus back only if none has opened since. */
let opened = 0;

export function useReturnFocus(): void {
  // Counted on the first render, before any effect: Preact runs effects a frame later, and a
  // closed overlay's late hand-back must already see that another has opened (the back office's
  // Stock dialog gave focus to the Discount button closed just before it).
  useState(() => ++opened);
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
      const openedWhenClosed = opened;
      // After the overlay has left the DOM (an open modal <dialog> makes the rest inert), and
      // after a route change that closed it has rendered the page the opener lives on.
      requestAnimationFrame(() => {
        if (!target.isConnected || opened !== openedWhenClosed) return;
        const active = document.activeElement;
        // Focus went somewhere on purpose meanwhile (still inside the overlay, or a new page).
        if (active && active !== document.body && active !== target) return;
        target.focus({ preventScroll: true });
      });
    };
  }, []);
}
