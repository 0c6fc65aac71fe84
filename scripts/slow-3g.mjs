#!/usr/bin/env node
// `npm run slow-3g`: the shop on a slow 3G link (400 kbps each way, 400 ms round trip) in Debian's
// Chromium at 360×640, with an empty cache. For /, /products and a product page it prints when
// the page's frame was painted (first contentful paint), when the page's heading (the product's
// title) was on screen, when the largest image was painted, and when the page could respond
// (hydrated). Median of 3 loads. Then what the home page costs a shopper in data (issue 38): every
// byte over the network on a first visit (HTML, CSS, JavaScript, fonts, images, the service
// worker's own downloads), and on a repeat visit once the service worker keeps the shop's code,
// until the page answers a tap. Starts its own shop unless given --url.
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

const untilHydrated = (page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), null, {
    timeout: 120_000,
    polling: 50,
  });

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
  // Interactive once the app has hydrated the server's HTML (app/root.tsx marks it).
  await untilHydrated(page);
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

/** Bytes over the network (headers and encoded bodies), the service worker's fetches included. */
function countTransfer(context) {
  const counted = { bytes: 0, requests: 0 };
  context.on('requestfinished', async (request) => {
    const response = await request.response();
    // Answered by the service worker from its cache: nothing crossed the network for the page.
    if (!response || response.fromServiceWorker()) return;
    const sizes = await request.sizes();
    counted.bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    counted.requests += 1;
  });
  return counted;
}

/** The home page at a phone's size: a first visit, then a repeat visit with the service worker. */
async function dataOfHome() {
  const context = await browser.newContext({ viewport: { width: 360, height: 640 } });
  const page = await context.newPage();
  const first = countTransfer(context);
  await page.goto(`${shop.base}/`, { waitUntil: 'load' });
  await untilHydrated(page);
  // The service worker installs after the page (main.tsx) and downloads what it keeps up front.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForLoadState('networkidle');
  const firstVisit = { ...first };
  // A second visit goes through the service worker, which keeps the code it fetches.
  await page.reload({ waitUntil: 'load' });
  await untilHydrated(page);
  // A repeat visit after that: the kept code is not fetched again.
  first.bytes = first.requests = 0;
  await page.goto(`${shop.base}/`, { waitUntil: 'load' });
  await untilHydrated(page);
  const repeat = { ...first };
  await context.close();
  return { firstVisit, repeat };
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
  const data = await dataOfHome();
  const kB = ({ bytes, requests }) => `${(bytes / 1000).toFixed(1)} kB in ${requests} requests`;
  console.log('\nThe home page over the network, at 360×640, until it answers a tap:');
  console.log(`  first visit (service worker's downloads included): ${kB(data.firstVisit)}`);
  console.log(`  repeat visit with the service worker:              ${kB(data.repeat)}`);
} finally {
  await browser.close();
  await shop.stop();
}
