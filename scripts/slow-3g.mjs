#!/usr/bin/env node
// `npm run slow-3g`: the shop on a slow 3G link (400 kbps each way, 400 ms round trip) in Debian's
// Chromium at 360×640, with an empty cache. For /, /products and a product page it prints when
// the page's frame was painted (first contentful paint), when the page's heading (the product's
// title) was on screen, when the largest image was painted, and when the page could respond
// (hydrated). Median of 3 loads. Starts its own shop unless given --url.
/* global window, document, requestAnimationFrame -- these run inside the page */
import { chromium } from '@playwright/test';
import { argOf, CHROMIUM_FLAGS, CHROMIUM_PATH, median, startShop } from './lib/shop-process.mjs';

const runs = Number(argOf('runs') ?? 3);
const KBPS = 400;
const RTT_MS = 400;

const shop = await startShop({ url: argOf('url'), port: 4791 });
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS.filter((flag) => !flag.startsWith('--headless')),
});

/** Runs in the page before anything else: notes when the first <h1> is painted, and LCP. */
function watchPaints() {
  const marks = { heading: null, lcp: null };
  window.__marks = marks;
  const check = () => {
    if (marks.heading === null && document.querySelector('main h1')) {
      // The frame after the one that found it is the one that shows it.
      requestAnimationFrame(() => (marks.heading ??= performance.now()));
    }
    if (marks.heading === null) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

async function load(path) {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: RTT_MS,
    downloadThroughput: (KBPS * 1000) / 8,
    uploadThroughput: (KBPS * 1000) / 8,
  });
  await page.addInitScript(watchPaints);
  await page.goto(`${shop.base}${path}`, { waitUntil: 'load', timeout: 120_000 });
  // Interactive once React has attached to the server's HTML: its props key appears on nodes.
  await page.waitForFunction(
    () => Object.keys(document.querySelector('main') ?? {}).some((k) => k.startsWith('__react')),
    null,
    { timeout: 120_000, polling: 50 },
  );
  const hydrated = await page.evaluate(() => performance.now());
  await page.waitForTimeout(500);
  const result = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    heading: window.__marks.heading ?? NaN,
    lcp: window.__marks.lcp ?? NaN,
  }));
  await context.close();
  return { ...result, hydrated };
}

try {
  const product = (await (await fetch(`${shop.base}/api/products?limit=1`)).json()).products[0];
  const pages = ['/', '/products', `/products/${product.id}`];
  console.log(`Slow 3G (${KBPS} kbps, ${RTT_MS} ms), 360×640, empty cache, median of ${runs}\n`);
  console.log(
    ['page', 'frame (FCP)', 'heading', 'largest paint', 'interactive']
      .map((h, i) => (i === 0 ? h.padEnd(16) : h.padStart(15)))
      .join(''),
  );
  for (const path of pages) {
    const loads = [];
    for (let i = 0; i < runs; i++) loads.push(await load(path));
    const s = (key) => `${(median(loads.map((l) => l[key])) / 1000).toFixed(2)} s`.padStart(15);
    console.log(`${path.padEnd(16)}${s('fcp')}${s('heading')}${s('lcp')}${s('hydrated')}`);
  }
} finally {
  await browser.close();
  await shop.stop();
}
