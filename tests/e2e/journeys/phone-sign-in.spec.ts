// Signing in with a phone number, and 'Remember me' (issue 37). The shop sends its codes by SMS to
// the Africa's Talking stand-in (fixtures/sms.ts), where the journey reads them as the
// shopper's phone would. A browser restart is a new context from the old one's stored state:
// localStorage and cookies survive it, sessionStorage does not.
import { randomInt } from 'node:crypto';
import type { Page } from '@playwright/test';
import { seriousViolations } from '../fixtures/axe.ts';
import { smsTo } from '../fixtures/sms.ts';
import { expect, test } from '../fixtures/test.ts';
import { SMS_STAND_IN_URL } from '../servers.ts';

const PHONE = { width: 360, height: 740 };

/** A Kenyan mobile number no other journey uses: as typed, and as the shop keeps it. */
function newNumber() {
  const digits = String(randomInt(10_000_000, 99_999_999));
  return {
    typed: `07${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5)}`,
    kept: `+2547${digits}`,
  };
}

/** No serious WCAG violation, and nothing wider than a 360-pixel phone; a picture kept with the results. */
async function fitsAPhone(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}-phone.png`), fullPage: true });
  expect(await seriousViolations(page, page.url())).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    PHONE.width,
  );
}

/** The code in the latest SMS the number received. */
async function latestCode(to: string, count = 1): Promise<string> {
  await expect.poll(async () => (await smsTo(SMS_STAND_IN_URL, to)).length).toBe(count);
  const texts = await smsTo(SMS_STAND_IN_URL, to);
  expect(texts.at(-1)).toMatch(/^Your Duka code is \d{6}\. It expires in 5 minutes\./);
  return /(\d{6})/.exec(texts.at(-1)!)![1]!;
}

test('a new shopper signs up with a phone number and a code, and stays signed in after a restart', async ({
  page,
  alerts,
  newPage,
  allowConsoleErrors,
}) => {
  // The wrong code is refused (401), as the journey checks.
  allowConsoleErrors(/status of 401 .*\/api\/login\/phone\/verify\)/);
  await page.setViewportSize(PHONE);
  const number = newNumber();
  const name = `Wanjiru ${number.kept.slice(-4)}`;

  await page.goto('/signup');
  await page.getByRole('link', { name: 'Continue with your phone number' }).click();
  await expect(
    page.getByRole('heading', { name: 'Continue with your phone number' }),
  ).toBeVisible();
  await page.getByLabel('Phone number').fill(number.typed);
  await fitsAPhone(page, 'number-step');
  await page.getByRole('button', { name: 'Send code' }).click();

  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  await expect(page.getByText(`We sent a code to`)).toHaveText(
    `We sent a code to ${number.kept.replace(/^\+254(\d{3})(\d{3})(\d{3})$/, '+254 $1 $2 $3')}.`,
  );
  const code = page.getByLabel('Code', { exact: true });
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(page.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await fitsAPhone(page, 'code-step');
  const sent = await latestCode(number.kept);

  // A wrong code is said at the field; what was typed stays.
  const wrong = sent === '000000' ? '111111' : '000000';
  await code.fill(wrong);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(
    page.getByText('That code is not right or has expired. Ask for a new one.'),
  ).toBeVisible();
  await expect(code).toHaveValue(wrong);

  await code.fill(sent);
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome to Duka' })).toBeVisible();
  await fitsAPhone(page, 'name-step');
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(alerts).toEqual(['Login success']);

  // The profile: the name given, the number verified.
  await page.goto('/userprofile/profile');
  await expect(page.getByLabel('Username')).toHaveValue(name);
  const phone = page.getByRole('region', { name: 'Phone Number' });
  await expect(phone.getByText('Verified', { exact: true })).toBeVisible();

  // The browser closes and opens again: still signed in, as the same shopper.
  const state = await page.context().storageState();
  await page.context().close();
  const again = await newPage({ storageState: state, viewport: PHONE });
  await again.goto('/userprofile/profile');
  await expect(again.getByLabel('Username')).toHaveValue(name);
});

test("'Remember me' ticked keeps a password log-in past a browser restart; unticked does not", async ({
  shopper,
  newPage,
}) => {
  const logInWith = async (remember: boolean) => {
    const page = await newPage();
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto('/login');
    await page.getByLabel('Email').fill(shopper.email);
    await page.getByLabel('Password', { exact: true }).fill(shopper.password);
    if (remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
    await page.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/$/);
    const state = await page.context().storageState();
    await page.context().close();
    const restarted = await newPage({ storageState: state });
    await restarted.goto('/userprofile/profile');
    return restarted;
  };

  const remembered = await logInWith(true);
  await expect(remembered.getByLabel('Username')).toHaveValue(shopper.username);

  const forgotten = await logInWith(false);
  await expect(forgotten.getByText('Please log in to access your profile.')).toBeVisible();
  // Logging in without the box forgot the session remembered before it, in this browser.
  expect(
    await forgotten.evaluate(() => localStorage.getItem('duka:remembered-refresh-token')),
  ).toBeNull();
});

test('a number verified on the profile signs its account in by phone; log-out forgets the remembered session', async ({
  page,
  request,
  shopper,
  apiAuth,
  alerts,
}) => {
  const number = newNumber();
  // The shopper proves the number on the profile (the API the profile page calls).
  const headers = await apiAuth(shopper);
  const asked = await request.post('/api/profile/phone', {
    headers,
    data: { phone: number.typed },
  });
  expect(asked.status(), await asked.text()).toBe(202);
  const proved = await request.post('/api/profile/phone/verify', {
    headers,
    data: { phone: number.kept, code: await latestCode(number.kept) },
  });
  expect(proved.status(), await proved.text()).toBe(200);

  // Then signs in with it, written another way: the same account, no name asked.
  await page.goto('/login');
  await page.getByRole('link', { name: 'Continue with your phone number' }).click();
  await page.getByLabel('Phone number').fill(number.typed.replace(/^0/, '+254 '));
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await latestCode(number.kept, 2));
  await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(alerts).toEqual(['Login success']);
  expect(
    await page.evaluate(() => localStorage.getItem('duka:remembered-refresh-token')),
  ).toBeTruthy();
  await page.goto('/userprofile/profile');
  await expect(page.getByLabel('Username')).toHaveValue(shopper.username);

  await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(
    await page.evaluate(() => localStorage.getItem('duka:remembered-refresh-token')),
  ).toBeNull();
});
