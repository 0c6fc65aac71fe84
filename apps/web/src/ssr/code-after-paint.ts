// A server-rendered page asks for its code once it has been painted (issue 38). Asked for by
// tags at the end of the HTML, the code arrived while the browser was still laying the page out,
// and the browser ran it before it painted anything: a phone showed the page only after
// evaluating 80 kB of code, and Lighthouse's simulation of a slow phone counted every script in
// the first paint (FCP 0.85 s or 2.1 s, run to run, by whether the scripts had landed first).
//
// The server lists the files as JSON in the page (CODE_ELEMENT_ID); this script, inline in <head>
// beside keep-taps.ts's, adds their modulepreload links and the entry's module script just after
// the first frame. Taps meanwhile are held by keep-taps. Sent as its source text: no imports.
export function loadCodeAfterFirstPaint(doc: Document, listId: string): void {
  let started = false;
  const load = () => {
    const list = doc.getElementById(listId);
    if (started || !list) return;
    started = true;
    const { entry, preload } = JSON.parse(list.textContent ?? '') as {
      entry: string;
      preload: string[];
    };
    for (const href of preload) {
      const link = doc.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      doc.head.append(link);
    }
    const script = doc.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    doc.body.append(script);
  };
  // Once the page is parsed, the pictures it asked for first (fetchpriority="high": the largest
  // paint's candidates) are in, and the frame that shows them is on screen: a
  // requestAnimationFrame callback runs just before a frame is drawn, so one asked for from there
  // runs as the next begins. Whatever happens, a second after the page is parsed (a picture that
  // never ends, a background tab that draws no frame).
  const afterNextPaint = () => requestAnimationFrame(() => requestAnimationFrame(load));
  const afterFirstPictures = () => {
    setTimeout(load, 1000);
    const pending = Array.from(
      doc.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]'),
    ).filter((img) => !img.complete);
    let left = pending.length;
    if (left === 0) return afterNextPaint();
    const done = () => {
      left -= 1;
      if (left === 0) afterNextPaint();
    };
    for (const img of pending) {
      img.addEventListener('load', done, { once: true });
      img.addEventListener('error', done, { once: true });
    }
  };
  if (doc.readyState === 'loading') {
    doc.addEventListener('DOMContentLoaded', afterFirstPictures, { once: true });
  } else {
    afterFirstPictures();
  }
}

/** The script as it goes into the page, for the list in the element with this id. */
export const codeAfterPaintScript = (listId: string) =>
  `(${loadCodeAfterFirstPaint.toString()})(document, ${JSON.stringify(listId)})`;
