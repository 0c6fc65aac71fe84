// A browser tells a text field's change as it is typed ('input') and again when it is left
// ('change'); Preact, like the DOM, listens to the first (React calls both onChange). Testing
// Library's fireEvent.change sends only the second, so here it sends both, as a browser would.
import { fireEvent } from '@testing-library/react';

const sendChange = fireEvent.change;
const changesOnly = new Set(['checkbox', 'radio', 'file']);

const isTyped = (element: Document | Element | Window | Node) =>
  element instanceof HTMLTextAreaElement ||
  (element instanceof HTMLInputElement && !changesOnly.has(element.type));

fireEvent.change = (element, init) => {
  if (!isTyped(element)) return sendChange(element, init);
  const input = fireEvent.input(element, init);
  return sendChange(element) && input;
};
