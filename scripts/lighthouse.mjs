#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (from npm) in Debian's Chromium, default mobile profile
// (simulated slow 4G and a 4× slower CPU), on /, /sw (the Kiswahili home), /products and
// /products/{id}; prints the median
// of 3 runs per page. Starts its own shop unless given --url http://127.0.0.1:3000.
// With --against, also a second shop (an older build started apart), run for run in turn with
// this one, so that a busy machine weighs on both alike: before and after, side by side.
//
//   npm run lighthouse [-- --runs 5] [-- --url http://127.0.0.1:3000]
//   npm run lighthouse -- --against http://127.0.0.1:4799 [--only '^/products']
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  argOf,
  CHROMIUM_FLAGS,
  CHROMIUM_PATH,
  measuredPages,
  measureInTurn,
  median,
  shopsToMeasure,
} from './lib/shop-process.mjs';

const runs = Number(argOf('runs') ?? 3);
const { shop, against } = await shopsToMeasure();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_FLAGS,
});

const METRICS = {
  FCP: 'first-contentful-paint',
  LCP: 'largest-contentful-paint',
  TBT: 'total-blocking-time',
  CLS: 'cumulative-layout-shift',
  SI: 'speed-index',
};

try {
  const pages = await measuredPages(shop.base);
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile profile, median of ${runs} runs, ${shop.base}\n`,
  );
  const header = ['page', 'perf', 'a11y', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'];
  console.log(header.map((h, i) => (i === 0 ? h.padEnd(16) : h.padStart(8))).join(''));
  const measure = async (url) => {
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'seo'],
    });
    // A run that could not measure (the page timed out on a busy machine) is left out.
    return lhr.runtimeError ? null : lhr;
  };
  const rowOf = (label, results) => {
    if (results.length === 0) return `${label.padEnd(16)}  (no run measured)`;
    const score = (key) => Math.round(median(results.map((r) => r.categories[key].score)) * 100);
    const metric = (id) => median(results.map((r) => r.audits[id].numericValue));
    const ms = (v) => `${(v / 1000).toFixed(2)} s`;
    return [
      label.padEnd(16),
      String(score('performance')).padStart(8),
      String(score('accessibility')).padStart(8),
      String(score('seo')).padStart(8),
      ms(metric(METRICS.FCP)).padStart(8),
      ms(metric(METRICS.LCP)).padStart(8),
      `${Math.round(metric(METRICS.TBT))} ms`.padStart(8),
      metric(METRICS.CLS).toFixed(3).padStart(8),
      ms(metric(METRICS.SI)).padStart(8),
    ].join('');
  };
  // Lighthouse's own measure of this machine's CPU: its 4× slowdown is simulated on top of it,
  // so the same page scores lower on a slower host (TBT above all).
  const indexes = [];
  for (const path of pages) {
    const { mine: results, theirs } = await measureInTurn({
      base: shop.base,
      against,
      path,
      runs,
      measure,
    });
    console.log(rowOf(path, results.filter(Boolean)));
    indexes.push(...results.filter(Boolean).map((r) => r.environment.benchmarkIndex));
    if (against) console.log(rowOf(`  (against)`, theirs.filter(Boolean)));
  }
  console.log(
    `\nbenchmark index of this host (Lighthouse's): median ${Math.round(median(indexes))}`,
  );
} finally {
  await chrome.kill();
  await shop.stop();
}
