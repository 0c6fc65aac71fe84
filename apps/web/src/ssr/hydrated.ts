// The moment the page answers clicks: the server's HTML was on screen before. The journeys wait
// for the mark; the script that holds early taps (keep-taps.ts) makes them again on the event.
export const HYDRATED_EVENT = 'duka:hydrated';

export function announceHydrated(doc: Document): void {
  doc.documentElement.dataset.hydrated = '';
  doc.dispatchEvent(new Event(HYDRATED_EVENT));
}
