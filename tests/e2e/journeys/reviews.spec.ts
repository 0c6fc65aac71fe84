import { paidOrder } from '../fixtures/orders.ts';
import { expect, test } from '../fixtures/test.ts';

test('a buyer writes a review and sees it on the product page, marked as a verified purchase', async ({
  page,
  request,
  loggedInShopper,
  apiAuth,
}) => {
  // A product with plenty in stock, so journeys running alongside do not sell it out.
  const list = await request.get('/api/products', { params: { sort: 'stock', limit: 1 } });
  const product = (await list.json()).products[0] as { id: number; title: string };

  // Before buying it, the shopper is not offered a review.
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { name: 'Customer Reviews' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);

  await paidOrder(request, await apiAuth(loggedInShopper), loggedInShopper.email, {
    productId: product.id,
    quantity: 1,
  });
  await page.reload();
  await page.getByRole('button', { name: 'Write a review' }).click();

  // Nothing chosen: the form says what is missing.
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Choose a rating from 1 to 5 stars')).toBeVisible();
  await expect(page.getByText('Please write a comment')).toBeVisible();

  const comment = `Sturdy and well made; arrived in Eldoret in three days (${loggedInShopper.username}).`;
  await page.getByRole('radio', { name: '4 stars' }).click();
  await page.getByLabel('Comment').fill(comment);
  await page.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByText('Thank you for your review!')).toBeVisible();

  const mine = page.getByRole('listitem').filter({ hasText: comment });
  await expect(mine).toBeVisible();
  await expect(mine.getByText(loggedInShopper.username, { exact: true })).toBeVisible();
  await expect(mine.getByText('Verified purchase')).toBeVisible();
  await expect(mine.getByRole('img', { name: 'Rated 4 out of 5' })).toBeVisible();

  // Once reviewed, the offer is gone, also after a reload.
  await page.reload();
  await expect(page.getByRole('listitem').filter({ hasText: comment })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Write a review' })).toHaveCount(0);
});
