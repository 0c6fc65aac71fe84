#!/usr/bin/env node
// `npm run long-tasks`: the main thread's blocking time while a page loads and hydrates, in
// Chromium with its CPU really slowed four times (as on a low-cost phone): the sum, over the long
// tasks after the first paint, of their time beyond 50 ms (what Total Blocking Time counts).
// Lighthouse simulates that slowdown from one fast run, and on a two-core machine its TBT moves
// by hundreds of milliseconds from run to run; many real runs, side by side, show a difference
// of tens. Prints the median and mean per page.
//
//   npm run long-tasks [-- --runs 20] [-- --url http://127.0.0.1:4790]
//   npm run long-tasks -- --against http://127.0.0.1:4799 [--only '^/products']
/* global window -- watchLongTasks and the evaluate below run inside the page */
import { chromium } from '@playwright/test';
import {
  argOf,
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  measuredPages,
  measureInTurn,
  median,
  shopsToMeasure,
} from './lib/shop-process.mjs';

const runs = Number(argOf('runs') ?? 20);
const SLOWDOWN = 4;
const { shop, against } = await shopsToMeasure();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

function watchLongTasks() {
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const task of list.getEntries()) window.__longTasks.push([task.startTime, task.duration]);
  }).observe({ type: 'longtask', buffered: true });
}

/** One load of `url` in a fresh context: its blocking time after the first paint, in ms. */
async function blockingTime(url) {
  // No service worker: each run loads the page as a first visit does.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOWDOWN });
  await page.addInitScript(watchLongTasks);
  await page.goto(url, { timeout: 120_000 });
  await page.waitForSelector('html[data-hydrated]', { timeout: 120_000 });
  await page.waitForTimeout(300);
  const { tasks, firstPaint } = await page.evaluate(() => ({
    tasks: window.__longTasks,
    firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
  }));
  await context.close();
  return tasks
    .filter(([start]) => start >= firstPaint)
    .reduce((sum, [, duration]) => sum + Math.max(0, duration - 50), 0);
}

try {
  const pages = await measuredPages(shop.base);
  console.log(
    `Blocking time after the first paint, CPU slowed ${SLOWDOWN}×, ${runs} runs a page, ${shop.base}` +
      (against ? ` and, run for run in turn, ${against}` : '') +
      '\n',
  );
  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const row = (label, values) =>
    `${label.padEnd(16)}${`${Math.round(median(values))} ms`.padStart(10)}${`${Math.round(mean(values))} ms`.padStart(10)}`;
  console.log(`${'page'.padEnd(16)}${'median'.padStart(10)}${'mean'.padStart(10)}`);
  for (const page of pages) {
    // One load of each first, not counted: a shop's first answers and a browser's first page are
    // slower.
    const measured = await measureInTurn({
      base: shop.base,
      against,
      path: page,
      runs,
      measure: blockingTime,
      warmUp: true,
    });
    console.log(row(page, measured.mine));
    if (against) console.log(row('  (against)', measured.theirs));
  }
} finally {
  await browser.close();
  await shop.stop();
}
