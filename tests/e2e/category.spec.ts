import { expect, test } from './fixtures';

test.describe('category directory', () => {
  test('lists entries with photo, city, description and contact links, six to a page', async ({ page }) => {
    await page.goto('/category/Artist');
    await expect(page.getByRole('heading', { level: 1, name: 'Artist' })).toBeVisible();
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(6);
    await expect(page.getByRole('status').filter({ hasText: 'entries' })).toHaveText('7 entries');
    const first = cards.first();
    await expect(first.getByRole('heading', { name: 'Ananya Kulkarni' })).toBeVisible();
    await expect(first.getByRole('img', { name: 'Photo of Ananya Kulkarni' })).toHaveJSProperty('complete', true);
    await expect(first).toContainText('Pune');
    await expect(first.getByRole('link', { name: /^Call \+91/ })).toHaveAttribute('href', /^tel:\+91\d{10}$/);
    await expect(first.getByRole('link', { name: /^Email / })).toHaveAttribute('href', /^mailto:/);

    await page.getByRole('button', { name: 'Page 2' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading')).toHaveText('Sneha Banerjee');
    await page.goBack();
    await expect(cards).toHaveCount(6);
  });

  test('searches by name and filters by city, keeping both in the address', async ({ page }) => {
    await page.goto('/category/Artist');
    const cards = page.locator('main article');
    await expect(cards).toHaveCount(6);
    await page.getByLabel('Search by name').fill('kulk');
    await expect(cards).toHaveCount(1);
    await expect(cards.first().getByRole('heading')).toHaveText('Ananya Kulkarni');
    await expect(page).toHaveURL(/search=kulk/);

    await page.getByLabel('Search by name').fill('');
    await expect(cards).toHaveCount(6);
    await page.getByRole('combobox', { name: 'City' }).click();
    await page.getByRole('option', { name: 'Mumbai' }).click();
    await expect(page).toHaveURL(/city=Mumbai/);
    await expect(cards).toHaveCount(2);
    for (const card of await cards.all()) await expect(card).toContainText('Mumbai');

    await page.getByLabel('Search by name').fill('zzz');
    await expect(page.getByText('No entries match your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards).toHaveCount(6);
    await expect(page).not.toHaveURL(/city=/);
  });

  test('opens straight onto a filtered address', async ({ page }) => {
    await page.goto('/category/Vendor?city=Mumbai&search=lens');
    await expect(page.locator('main article')).toHaveCount(1);
    await expect(page.locator('main article').getByRole('heading')).toHaveText('Lensmen Camera Rentals');
    await expect(page.getByLabel('Search by name')).toHaveValue('lens');
  });

  test('an unknown category gets a friendly not-found state with a way home', async ({ page }) => {
    await page.goto('/category/Stuntmen');
    await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
    await expect(page.getByText('There is no “Stuntmen” category')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
