import { mailTo, PASSWORD } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';
import { MAILBOX_URL } from '../playwright.config.ts';

const NEW_PASSWORD = 'Rainy#Night77';

test('a shopper who forgot the password asks for a link, sets a new one and logs in with it', async ({
  page,
  request,
  shopper,
  alerts,
  logIn,
  allowConsoleErrors,
}) => {
  // The old password (401) and the used link (410) are refused, as it checks.
  allowConsoleErrors(
    /status of 401 .*\/api\/login\)/,
    /status of 410 .*\/api\/reset-password\/check\)/,
  );
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      'If an account exists for that e-mail, we have sent a link to reset your password.',
    ),
  ).toBeVisible();

  // The outbox worker sends the mail to the journeys' mailbox.
  await expect.poll(async () => (await mailTo(request, MAILBOX_URL, shopper.email)).length).toBe(1);
  const [mail] = await mailTo(request, MAILBOX_URL, shopper.email);
  expect(mail!.subject).toBe('Reset your Duka password');
  const link = /(http\S+\/reset-password\?token=[A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;

  await page.goto(link);
  await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('Confirm Password', { exact: true }).fill('Something#Else1');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset. Please log in.')).toBeVisible();

  // The old password no longer works; the new one does.
  await page.getByLabel('Email').fill(shopper.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await logIn({ email: shopper.email, password: NEW_PASSWORD });
  await expect.poll(() => alerts).toContain('Login success');

  // The link was used: it says so and offers a new one.
  await page.goto(link);
  await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
  await page.getByRole('link', { name: 'Send a new link' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
});

test('an unknown address gets the same answer and no mail', async ({ page, request }) => {
  const unknown = `nobody-${Date.now()}@example.co.ke`;
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(unknown);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      'If an account exists for that e-mail, we have sent a link to reset your password.',
    ),
  ).toBeVisible();
  expect(await mailTo(request, MAILBOX_URL, unknown)).toEqual([]);
});
