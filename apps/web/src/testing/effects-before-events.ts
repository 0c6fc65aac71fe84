// Preact runs effects after the next frame; React runs them before the next event. A test clicks
// within the same tick as the render, where no person could: so effects run as soon as a render
// is done, as React's would, and a subscription made in an effect (TanStack Query's observers)
// is there before the click that needs it.
import { options } from 'preact';

options.requestAnimationFrame = (flush) => queueMicrotask(flush);
