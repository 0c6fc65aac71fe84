#!/usr/bin/env node
// `node scripts/intl-cost.mjs`: what a page's first use of Intl costs in Debian's Chromium — the
// reason shop pages write numbers, plurals and dates by hand (decision record 035, issue 38).
// Each run is a fresh page (a fresh renderer); prints milliseconds per call, in the order made.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/shop-process.mjs';

const calls = [
  "new Intl.NumberFormat('en-KE', { maximumFractionDigits: 0 }).format(1234)",
  "new Intl.PluralRules('en').select(2)",
  "new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Nairobi', month: 'short' }).format(new Date())",
  "String(1234).replace(/\\B(?=(\\d{3})+(?!\\d))/g, ',')",
];
const runs = Number(process.argv[2] ?? 5);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_FLAGS.filter((f) => !f.startsWith('--headless')),
});
console.log(calls.map((c, i) => `${i + 1}. ${c}`).join('\n'));
try {
  for (let run = 0; run < runs; run++) {
    const page = await (await browser.newContext()).newPage();
    await page.goto('data:text/html,<p>Duka</p>');
    const times = await page.evaluate(
      (list) =>
        list.map((call) => {
          const start = performance.now();
          (0, eval)(call);
          return performance.now() - start;
        }),
      calls,
    );
    console.log(`run ${run + 1}: ${times.map((t) => `${t.toFixed(1)} ms`).join('  ')}`);
    await page.context().close();
  }
} finally {
  await browser.close();
}
