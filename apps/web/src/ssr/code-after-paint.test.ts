import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { codeAfterPaintScript } from './code-after-paint.ts';

const LIST = { entry: '/assets/index-A.js', preload: ['/assets/shared-B.js', '/assets/page-C.js'] };

/** A parsed server-rendered page: its code list and pictures (still loading, or in). */
function serverPage(pictures = '', loading: string[] = []) {
  document.head.querySelectorAll('link[rel="modulepreload"]').forEach((link) => link.remove());
  document.body.innerHTML = `<div id="root">${pictures}</div><script type="application/json" id="code-list">${JSON.stringify(LIST)}</script>`;
  for (const img of Array.from(document.querySelectorAll('img'))) {
    Object.defineProperty(img, 'complete', { value: !loading.includes(img.id) });
  }
  // The text that goes into the page, not the function: what ships is what is tested.
  new Function(codeAfterPaintScript('code-list'))();
}

const preloads = () =>
  Array.from(document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]'));
const entryScript = () => document.body.querySelector<HTMLScriptElement>('script[type="module"]');
/** Frames drawn: each requestAnimationFrame callback asked for so far runs. */
let frames: FrameRequestCallback[] = [];
const drawFrame = () => {
  const due = frames;
  frames = [];
  due.forEach((callback) => callback(performance.now()));
};

/** happy-dom's own switch: a module asked for is taken as loaded (it loads no files). */
const fileLoading = (
  window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
).happyDOM.settings;
const loadingBefore = fileLoading.handleDisabledFileLoadingAsSuccess;

beforeEach(() => {
  fileLoading.handleDisabledFileLoadingAsSuccess = true;
  frames = [];
  vi.useFakeTimers();
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
    frames.push(callback);
    return frames.length;
  });
});
afterEach(() => {
  fileLoading.handleDisabledFileLoadingAsSuccess = loadingBefore;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe("a server-rendered page's code", () => {
  it('is asked for once a frame of the page has been drawn, preloads first', () => {
    serverPage();
    expect(entryScript()).toBeNull();
    drawFrame(); // the frame that shows the page is about to be drawn
    expect(entryScript()).toBeNull();
    drawFrame(); // it is on screen
    expect(preloads().map((link) => new URL(link.href).pathname)).toEqual(LIST.preload);
    expect(preloads().every((link) => link.crossOrigin === '')).toBe(true);
    const script = entryScript()!;
    expect(new URL(script.src).pathname).toBe(LIST.entry);
    expect(script.crossOrigin).toBe('');
    // Once only, whatever comes later.
    vi.advanceTimersByTime(2000);
    drawFrame();
    expect(document.querySelectorAll('script[type="module"]')).toHaveLength(1);
  });

  it('waits for the pictures the page asked for first, then their frame', () => {
    serverPage(
      '<img id="hero" fetchpriority="high" src="/hero.svg"><img id="later" loading="lazy" src="/later.webp">',
      ['hero', 'later'],
    );
    const hero = document.getElementById('hero')!;
    drawFrame();
    drawFrame();
    expect(entryScript()).toBeNull();
    hero.dispatchEvent(new Event('load'));
    drawFrame();
    drawFrame();
    expect(entryScript()).not.toBeNull();
  });

  it('is asked for a second after the page was parsed even if no frame is drawn', () => {
    serverPage();
    vi.advanceTimersByTime(999);
    expect(entryScript()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(entryScript()).not.toBeNull();
  });
});
