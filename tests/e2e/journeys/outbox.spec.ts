// The Outbox (issue 33): every message the shop sends, with what became of it. The journeys' shop
// has a mail server (the journeys' mailbox), so an invitation the owner makes is listed and goes
// out; the M-Pesa shop beside it has none, so its back office says mail cannot go out, and
// nothing there says "sent" (the API tests follow a held message until a mail server sends it).
import type { Page } from '@playwright/test';
import { mailTo } from '../fixtures/accounts.ts';
import { seriousViolations } from '../fixtures/axe.ts';
import { expect, test } from '../fixtures/test.ts';
import { ADMIN, DARAJA_SHOP_URL, MAILBOX_URL } from '../playwright.config.ts';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** No serious or critical WCAG A/AA violation on the page as it is now. */
async function accessible(page: Page) {
  expect(await seriousViolations(page, page.url())).toEqual([]);
}

/** The screen at a phone's and a desktop's width, kept with the journey's results. */
async function pictures(page: Page, name: string) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await accessible(page);
    await page.screenshot({ path: test.info().outputPath(`${name}-${size}.png`), fullPage: true });
  }
}

test('the Outbox lists an invitation the owner just made, with what became of it', async ({
  page,
  request,
  loggedInAdmin: _admin,
}) => {
  const email = `outbox-${Date.now()}@example.co.ke`;
  await page.goto('/dashboard/staff');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Role', { exact: true }).selectOption({ label: 'Support' });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  // This shop has a mail server: no banner.
  await expect(page.getByRole('region', { name: 'Outgoing mail' })).toHaveCount(0);

  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Outbox' })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/outbox$/);
  await expect(page.getByRole('heading', { name: 'Outbox', exact: true })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Staff invitation')).toBeVisible();
  await expect(row.getByText('You are invited to run a Duka shop')).toBeVisible();
  // The worker hands it to the mailbox within moments; the screen follows.
  await expect.poll(async () => (await mailTo(request, MAILBOX_URL, email)).length).toBe(1);
  await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(row.getByRole('button', { name: /again/ })).toHaveCount(0);

  await page.getByLabel('Status').selectOption({ label: 'Sent' });
  await expect(row).toBeVisible();
  await page.getByLabel('Status').selectOption({ label: 'Not delivered' });
  await expect(row).toHaveCount(0);
  await page.getByLabel('Status').selectOption({ label: 'All' });
  await expect(row).toBeVisible();
  await pictures(page, 'outbox');
});

test('a shop without a mail server says so on every back-office screen, and says nothing was sent', async ({
  page,
}) => {
  const shop = (path: string) => `${DARAJA_SHOP_URL}${path}`;
  await page.goto(shop('/forgot-password'));
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText(
      'The shop cannot send e-mail yet. If an account exists for that e-mail, a link to reset your password will be sent as soon as it can.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/we have sent a link/)).toHaveCount(0);

  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto(shop('/login'));
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/dashboard/);

  const banner = page.getByRole('region', { name: 'Outgoing mail' });
  await expect(banner).toContainText('E-mail cannot go out');
  await expect(banner).toContainText('SMTP_URL');

  const email = `held-${Date.now()}@example.co.ke`;
  await page
    .getByRole('navigation', { name: 'Back office' })
    .getByRole('link', { name: 'Staff' })
    .click();
  await expect(banner).toBeVisible();
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(
    page.getByText(
      `Invitation to ${email} saved: it will be e-mailed when the shop can send mail.`,
    ),
  ).toBeVisible();
  await expect(page.getByText(/Invitation sent/)).toHaveCount(0);

  await banner.getByRole('link', { name: 'Outbox' }).click();
  await expect(page).toHaveURL(/\/dashboard\/outbox$/);
  const row = page.getByRole('row').filter({ hasText: email });
  // Held once the worker has seen it (this shop runs none of its own: it waits), never 'Sent'.
  await expect(row.getByText(/^(Waiting to be sent|Held: no mail server)$/)).toBeVisible();
  await expect(row.getByText('Sent', { exact: true })).toHaveCount(0);
  const reset = page.getByRole('row').filter({ hasText: ADMIN.email });
  await expect(reset.getByText('Password reset')).toBeVisible();
  await pictures(page, 'outbox-held');
});
