// The journeys' browser itself: playwright.config.ts replaces Playwright's --disable-features with
// its own list (Chromium keeps only the last one given). chrome://version shows both the command
// line and the features Chromium took from it; this fails when a Playwright upgrade disables a
// feature our list lacks, or when the omnibox's popups come back.
import { expect, test } from '../fixtures/test.ts';
import { UNUSED_BY_JOURNEYS, PLAYWRIGHT_DISABLED_FEATURES } from '../playwright.config.ts';

test("the browser keeps Playwright's disabled features and preloads no omnibox popup", async ({
  browser,
}) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('chrome://version');

  const commandLine = await page.locator('#command_line').innerText();
  const playwrights = /--disable-features=(\S+)/.exec(commandLine)?.[1]?.split(',') ?? [];
  expect(playwrights.length, "Playwright's own --disable-features").toBeGreaterThan(0);
  expect(PLAYWRIGHT_DISABLED_FEATURES).toEqual(expect.arrayContaining(playwrights));

  const variations = await page.locator('#variations-cmd').getAttribute('data-value');
  const taken = JSON.parse(Buffer.from(variations ?? '', 'base64').toString()) as {
    'disable-features': string;
  };
  expect(taken['disable-features'].split(',')).toEqual(
    expect.arrayContaining([...playwrights, ...UNUSED_BY_JOURNEYS]),
  );

  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.map((t) => t.url).filter((url) => url.includes('omnibox'))).toEqual([]);
  await cdp.detach();
  await context.close();
});
