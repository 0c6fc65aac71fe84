import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import { collectAlerts } from '../fixtures/accounts.ts';
import { expect, test } from '../fixtures/test.ts';
import { ADMIN } from '../playwright.config.ts';

const TOAST =
  'Your message has been submitted successfully. Our team will get back to you shortly!';

/** The number on the bell, read from its accessible name ('Notifications, 3 unread'). */
async function unreadOnBell(page: Page): Promise<number> {
  const name = await page
    .getByRole('button', { name: /^Notifications/ })
    .getAttribute('aria-label');
  return Number(/(\d+) unread/.exec(name ?? '')?.[1] ?? 0);
}

test('the contact form shows the spec message under each field it refuses', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('main');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByLabel('Name')).toHaveAccessibleDescription('Name is required');
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Email is required');
  await expect(form.getByLabel('Phone')).toHaveAccessibleDescription('Phone number is required');
  await expect(form.getByLabel('Message')).toHaveAccessibleDescription('Message is required');

  await form.getByLabel('Name').fill('Achieng');
  await form.getByLabel('Email').fill('achieng-at-example');
  await form.getByLabel('Phone').fill('0712-345 678');
  await form.getByLabel('Message').fill('Hello');
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByLabel('Email')).toHaveAccessibleDescription('Invalid email');
  await expect(form.getByLabel('Phone')).toHaveAccessibleDescription(
    'Phone number must be numeric',
  );
  await expect(form.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true');
  // The static shop details are there for people who would rather call or write.
  for (const heading of ['Return address', 'Postal address', 'Phone', 'E-mail']) {
    await expect(form.getByRole('heading', { name: heading, exact: true })).toBeVisible();
  }
});

test('a visitor writes to the shop; an admin reads it in the bell and replies by e-mail', async ({
  page,
  request,
  logIn,
  apiAuth,
  newPage,
}) => {
  const tag = randomBytes(3).toString('hex');
  const visitor = { name: `Baraka Mwangi ${tag}`, email: `baraka-${tag}@example.co.ke` };
  const message = `Habari! I ordered a kitenge dress last week (ref ${tag}) and would like to know when it reaches Mombasa.`;
  expect(message.length).toBeGreaterThan(50);

  // The visitor: the request is held a moment so the button's 'Submitting...' can be seen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/contact', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/');
  await page.getByRole('link', { name: 'Get in Touch' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  const form = page.getByRole('main');
  await form.getByLabel('Name').fill(visitor.name);
  await form.getByLabel('Email').fill(visitor.email);
  await form.getByLabel('Phone').fill('0722000111');
  await form.getByLabel('Message').fill(message);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('button', { name: 'Submitting...' })).toBeDisabled();
  release();
  await expect(form.getByText('Submitted successfully')).toBeVisible();
  const shownAt = Date.now();
  await expect(page.getByRole('status').filter({ hasText: TOAST })).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');
  await expect(form.getByLabel('Message')).toHaveValue('');
  // Home after 3.5 seconds, not before.
  await expect(page).toHaveURL(/\/$/, { timeout: 6000 });
  expect(Date.now() - shownAt).toBeGreaterThan(3000);

  // The admin, on a phone.
  const admin = await newPage({ viewport: { width: 390, height: 844 } });
  const alerts = collectAlerts(admin);
  await logIn(ADMIN, admin);
  await admin.goto('/dashboard/products/all');
  await expect.poll(() => unreadOnBell(admin)).toBeGreaterThanOrEqual(1);
  const unread = await unreadOnBell(admin);

  const bell = admin.getByRole('button', { name: /^Notifications/ });
  await bell.click();
  const panel = admin.getByRole('region', { name: 'Notifications' });
  await expect(panel.getByRole('heading', { name: 'Notifications' })).toBeVisible();
  const item = panel.getByRole('listitem').filter({ hasText: visitor.email });
  await expect(item).toContainText(visitor.name);
  // Newest first, and never more than five.
  await expect(panel.getByRole('listitem').first()).toContainText(visitor.email);
  expect(await panel.getByRole('listitem').count()).toBeLessThanOrEqual(5);
  const preview = `${message.slice(0, 50)}...`;
  await expect(item.getByRole('button', { name: preview })).toBeVisible();
  await item.getByRole('button', { name: 'View more' }).click();
  await expect(item.getByRole('button', { name: message })).toBeVisible();
  await item.getByRole('button', { name: 'View less' }).click();
  await expect(item.getByRole('button', { name: preview })).toBeVisible();

  // Clicking the message opens the reply box; a blank reply is refused; Cancel clears the draft.
  await item.getByRole('button', { name: preview }).click();
  const reply = item.getByPlaceholder('Type your reply here...');
  await item.getByRole('button', { name: 'Send Reply' }).click();
  await expect.poll(() => alerts).toContain('Please provide a valid recipient email and message.');
  await reply.fill('A draft I do not want');
  await item.getByRole('button', { name: 'Cancel' }).click();
  await expect(reply).toBeHidden();
  await item.getByRole('button', { name: preview }).click();
  await expect(reply).toHaveValue('');

  const answer = `Asante ${tag}! Your dress left Nairobi this morning and arrives on Thursday.`;
  await reply.fill(answer);
  await item.getByRole('button', { name: 'Send Reply' }).click();
  await expect.poll(() => alerts).toContain('Reply sent successfully!');
  await expect(item).toHaveCount(0);
  await expect.poll(() => unreadOnBell(admin)).toBe(unread - 1);

  // The panel closes with its close button, and when the page scrolls.
  await panel.getByRole('button', { name: 'Close notifications' }).click();
  await expect(panel).toBeHidden();
  await bell.click();
  await expect(panel).toBeVisible();
  await admin.mouse.wheel(0, 600);
  await expect(panel).toBeHidden();

  // No SMTP server in this run: the e-mail waits in the outbox the admins can read.
  const outbox = await request.get('/api/admin/outbox', { headers: await apiAuth(ADMIN) });
  const email = (
    (await outbox.json()).emails as { to: string; subject: string; body: string; status: string }[]
  ).find((e) => e.to === visitor.email);
  expect(email).toMatchObject({ status: 'outbox', subject: 'Re: your message to Duka' });
  expect(email!.body).toContain(answer);

  // Replied is shared: another admin session no longer sees the message either.
  const messages = await request.get('/api/admin/messages', {
    headers: await apiAuth(ADMIN),
  });
  expect(JSON.stringify(await messages.json())).not.toContain(visitor.email);
});
