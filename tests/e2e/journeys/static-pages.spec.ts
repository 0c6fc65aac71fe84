import { expect, test } from '../fixtures/test.ts';

const PAGES = [
  ['/about', 'More About the product'],
  ['/privacy', 'Privacy Policy'],
  ['/faqs', 'Frequently Asked Questions'],
  ['/delivery', 'Delivery and Returns'],
  ['/mpesa', 'M-Pesa'],
  ['/paypal', 'PayPal'],
  ['/payless', 'Payless'],
] as const;

for (const [path, heading] of PAGES) {
  test(`${path} shows its heading`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('© 2024');
  });
}

test('About lists the eight values', async ({ page }) => {
  await page.goto('/about');
  for (const value of [
    'Customer-Centric',
    'Integrity',
    'Quality',
    'Innovation',
    'Convenience',
    'Community',
    'Sustainability',
    'Excellence',
  ]) {
    await expect(page.getByRole('heading', { name: value })).toBeVisible();
  }
});

test('Privacy has six numbered sections', async ({ page }) => {
  await page.goto('/privacy');
  for (const name of [
    'Information We Collect',
    'How We Use Your Information',
    'Sharing Your Information',
    'Security',
    'Changes to This Policy',
    'Contact Us',
  ]) {
    await expect(
      page.getByRole('main').getByRole('heading', { name: new RegExp(name) }),
    ).toBeVisible();
  }
});

test('the FAQ accordion keeps one answer open at a time', async ({ page }) => {
  await page.goto('/faqs');
  const questions = page.getByRole('button', { expanded: false });
  await expect(page.locator('button[aria-expanded]')).toHaveCount(8);
  const first = page.locator('button[aria-expanded]').nth(0);
  const second = page.locator('button[aria-expanded]').nth(1);
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(page.locator('button[aria-expanded="true"]')).toHaveCount(0);
  await expect(questions).toHaveCount(8);
});

test('the footer links the payment pages, and My Account asks a visitor to log in', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await footer.getByRole('link', { name: 'PayPal' }).click();
  await expect(page).toHaveURL(/\/paypal$/);
  await footer.getByRole('button', { name: 'My Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'You need to log in' });
  await expect(dialog).toContainText('Please log in to access your account.');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();
});

test('the shop has header and footer; login and signup have neither', async ({ page }) => {
  for (const [link, path, button] of [
    ['Login', '/login', 'Log In'],
    ['Join', '/signup', 'Sign Up'],
  ] as const) {
    await page.goto('/about');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await page.getByRole('banner').getByRole('link', { name: link, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    // The form is on screen first, so 'no header' is not merely 'not rendered yet'.
    await expect(page.getByRole('button', { name: button, exact: true })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toHaveCount(0);
  }
});

test('the payment pages and the FAQ name the ways this shop takes payment, as checkout does', async ({
  page,
}) => {
  await page.goto('/mpesa');
  await expect(page.getByText('Available at checkout')).toBeVisible();
  await expect(page.getByRole('main')).toContainText('business number 600000');
  await page.goto('/paypal');
  await expect(page.getByText('Available at checkout')).toBeVisible();
  await page.goto('/payless');
  await expect(page.getByText('Not available at checkout')).toBeVisible();
  await expect(page.getByRole('main')).toContainText(
    'Checkout takes M-Pesa, M-Pesa Paybill and PayPal.',
  );
  await page.goto('/faqs');
  await page.getByRole('button', { name: 'What payment methods do you accept?' }).click();
  await expect(page.getByRole('main')).toContainText(
    'We accept M-Pesa, M-Pesa Paybill and PayPal.',
  );
  await expect(page.getByRole('main')).not.toContainText('PayPal only');
});
