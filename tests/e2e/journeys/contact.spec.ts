import { expect, test } from '@playwright/test';
import { ADMIN } from '../playwright.config.ts';
import { collectAlerts, logInViaUi } from '../fixtures/accounts.ts';

test('a visitor writes in; the admin sees the bell count, reads the message, replies, and the count drops', async ({
  page,
  browser,
  request,
}) => {
  // The visitor: each validation message under its field, then a message that goes through.
  await page.goto('/contact');
  await page.getByRole('button', { name: 'Submit' }).click();
  for (const message of [
    'Name is required',
    'Email is required',
    'Phone number is required',
    'Message is required',
  ]) {
    await expect(page.getByText(message, { exact: true })).toBeVisible();
  }
  const stamp = Date.now();
  const text = `Habari! I ordered a Mvule table last week (ref ${stamp}) and would like to know when it will arrive in Nakuru.`;
  await page.getByLabel('Name').fill('Kiprop Langat');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Phone').fill('07a2');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Invalid email')).toBeVisible();
  await expect(page.getByText('Phone number must be numeric')).toBeVisible();
  await page.getByLabel('Email').fill(`kiprop${stamp}@example.co.ke`);
  await page.getByLabel('Phone').fill('0722123456');
  await page.getByLabel('Message').fill(text);
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByText('Submitted successfully', { exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'Your message has been submitted successfully. Our team will get back to you shortly!',
    ),
  ).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 }); // after 3.5 s

  // The admin.
  const context = await browser.newContext();
  const adminPage = await context.newPage();
  const alerts = collectAlerts(adminPage);
  await logInViaUi(adminPage, ADMIN.email, ADMIN.password);
  const token = await adminPage.evaluate(() => sessionStorage.getItem('token'));
  const unreadBefore = (
    await (
      await request.get('/api/admin/messages', { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).unread;
  const bell = adminPage.getByRole('button', { name: /^Notifications/ });
  await expect(adminPage.getByTestId('unread-count')).toHaveText(String(unreadBefore));
  await bell.click();
  const panel = adminPage.getByRole('region', { name: 'Notifications' });
  const item = panel.getByRole('listitem').filter({ hasText: `kiprop${stamp}@example.co.ke` });
  await expect(item).toContainText(`${text.slice(0, 50)}...`);
  await item.getByRole('button', { name: 'View more' }).click();
  await expect(item).toContainText(text);
  await item.getByRole('button', { name: text }).click();
  await item.getByRole('button', { name: 'Send Reply' }).click();
  expect(alerts).toContain('Please provide a valid recipient email and message.');
  await item
    .getByPlaceholder('Type your reply here...')
    .fill('Your table leaves our Nairobi workshop on Friday.');
  await item.getByRole('button', { name: 'Send Reply' }).click();
  await expect(panel.getByText(`kiprop${stamp}@example.co.ke`)).toBeHidden();
  expect(alerts).toContain('Reply sent successfully!');
  if (unreadBefore > 1)
    await expect(adminPage.getByTestId('unread-count')).toHaveText(String(unreadBefore - 1));
  else await expect(adminPage.getByTestId('unread-count')).toHaveCount(0);

  // No SMTP server in this run: the reply waits in the outbox.
  const outbox = await (
    await request.get('/api/admin/outbox', { headers: { authorization: `Bearer ${token}` } })
  ).json();
  expect(outbox.emails[0]).toMatchObject({ to: `kiprop${stamp}@example.co.ke`, status: 'outbox' });
  expect(outbox.emails[0].body).toContain('Your table leaves our Nairobi workshop on Friday.');
  await context.close();
});
