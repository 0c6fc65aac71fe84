import { readFile } from 'node:fs/promises';
import { PASSWORD } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';

test('a shopper downloads their data, changes marketing consent, then deletes the account', async ({
  page,
  loggedInShopper,
  alerts,
  allowConsoleErrors,
}) => {
  // A refused profile change (400) and the deleted account's log-in (401) are answers it asks for.
  allowConsoleErrors(/status of 400 .*\/api\/profile\)/, /status of 401 .*\/api\/login\)/);
  await page.goto('/userprofile/profile');
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();

  // Download my data: a JSON file about this account.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^duka-my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.profile).toMatchObject({ email: loggedInShopper.email, marketing_consent: false });
  expect(data.orders).toEqual([]);

  // Consent to marketing is off until ticked, and stays as chosen.
  const consent = section.getByRole('checkbox', { name: 'Send me offers and news by e-mail' });
  await expect(consent).not.toBeChecked();
  await consent.check();
  await expect(section.getByText('We will send you offers and news.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('checkbox', { name: 'Send me offers and news by e-mail' }),
  ).toBeChecked();

  // Delete my account asks for confirmation with the password; a wrong one changes nothing.
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByLabel('Current Password', { exact: true }).fill('Wrong#Pass1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Your current password is not correct.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Current Password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect.poll(() => alerts).toContain('Your account has been deleted.');
  await expect(page).toHaveURL(/\/$/);

  // The log-in is refused from now on.
  await page.goto('/login');
  await page.getByLabel('Email').fill(loggedInShopper.email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
