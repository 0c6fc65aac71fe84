// Gives focus back to what opened an overlay when the overlay goes away (WCAG 2.4.3), whether it
// was closed with Escape, its close button or a click on the backdrop. Overlays are rendered only
// while open, so "closing" is unmounting: the element that had focus when the overlay mounted is
// the one that opened it.
import { useEffect } from 'react';

export function useReturnFocus(): void {
  useEffect(() => {
    const opener = document.activeElement;
    return () => {
      if (!(opener instanceof HTMLElement) || opener === document.body) return;
      // After the overlay has left the DOM (an open modal <dialog> makes the rest inert), and
      // after a route change that closed it has rendered the page the opener lives on.
      requestAnimationFrame(() => {
        if (!opener.isConnected) return;
        const active = document.activeElement;
        // Something else took focus on purpose in the meantime (a new page's heading, a form).
        if (active && active !== document.body && active !== opener) return;
        opener.focus({ preventScroll: true });
      });
    };
  }, []);
}
