// Hydration in turns (decision record 035). Preact hydrates a page in one go, with no pause for
// the browser: on a slow phone that is one long task of half a second, in which a tap waits. So
// the parts of a page that a shopper does not need first (cards, the footer, reviews) wait behind
// <HydrateLater>: each keeps the server's HTML and hydrates in a task of its own after the rest.
// When the last has, the page says it answers clicks: the journeys wait for the mark, and the
// script that holds early taps (keep-taps.ts) makes them again on the event.
//
// Hydration adopts the server's nodes only where the browser renders the same ones: texts side by
// side ({name} ({count})) are written as one template string, because the server writes them as
// one text node and Preact would make a new node for each part, and what may be empty is rendered
// with a ternary, not `&&` (an empty string is a text node the server leaves out). The
// server-rendering journey fails on any node hydration adds.
import { Suspense, useId, useState, type ReactElement, type ReactNode } from 'react';

export const HYDRATED_EVENT = 'duka:hydrated';

/** True from the start of the server page's hydration (main.tsx) until its last part's turn. */
let hydrating = false;
/** The turns taken so far, one after another. */
let turns: Promise<void> = Promise.resolve();

/** A pause for the browser: what follows runs in a task of its own (a tap can come in between). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const takeTurn = () => (turns = turns.then(nextTask));

/** Hydrates the server's page; the parts in <HydrateLater> are queued for later tasks. */
export function hydrateInTurns(hydrate: () => void): void {
  hydrating = true;
  hydrate();
}

/** Until no turn is left: a part may queue parts of its own (cards in a later section). */
async function lastTurn() {
  let seen: Promise<void>;
  do {
    seen = turns;
    await seen;
    await nextTask();
  } while (seen !== turns);
}

/** Says the page answers clicks, once every part queued by hydrateInTurns has hydrated. */
export async function announceHydrated(doc: Document): Promise<void> {
  await lastTurn();
  hydrating = false;
  doc.documentElement.dataset.hydrated = '';
  doc.dispatchEvent(new Event(HYDRATED_EVENT));
}

/** Waits for its turn while the page hydrates; renders at once at any other time. */
function Turn({ children }: { children: ReactNode }) {
  const [wait] = useState(() => {
    if (!hydrating) return null;
    const turn = { over: false, promise: Promise.resolve() };
    turn.promise = takeTurn().then(() => void (turn.over = true));
    return turn;
  });
  if (wait && !wait.over) throw wait.promise;
  return children;
}

/** A Preact vnode's id counter, `_mask` in Preact's source (`__m` once its names are mangled). */
type Counted = { __m?: [string, number] };

/**
 * A part of a server-rendered page hydrated in a task of its own, after the rest. Its server
 * HTML stays as it is meanwhile (Preact keeps a suspended part's one element): hence the one
 * wrapper, which `display: contents` keeps out of the layout.
 *
 * Ids inside are numbered from the part, not the page. Preact's useId counts from the nearest
 * vnode holding a counter (the root's, unless another is set) in the order components render: on
 * the server that is the page's order, in the browser a later part renders after the rest, so
 * its ids would come out different and a fresh one could repeat one the page kept (the cart's
 * quantity label once pointed at the product page's stepper). The wrapper holds the part's own
 * counter, named by the part's own id, which is numbered where the part stands: the same on both
 * sides, and kept across renders so an id made later is new.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const part = useId();
  const [counter] = useState<[string, number]>(() => [part, 0]);
  return (
    <Suspense fallback={null}>
      <Turn>{counting(<div className="contents">{children}</div>, counter)}</Turn>
    </Suspense>
  );
}

/** The element, holding the id counter its descendants number from. */
function counting(element: ReactElement, counter: [string, number]): ReactElement {
  (element as Counted).__m = counter;
  return element;
}
