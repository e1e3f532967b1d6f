import { expect, test } from './fixtures';

test.describe('category pages list the network’s public profiles', () => {
  test('lists the category’s profiles as cards, twelve to a page, with the real count', async ({ page }) => {
    await page.goto('/category/Artist');
    await expect(page.getByRole('heading', { level: 1, name: 'Artist' })).toBeVisible();
    const cards = page.locator('main a[href^="/profiles/"]');
    await expect(cards).toHaveCount(12);
    await expect(page.getByRole('status').filter({ hasText: 'profiles' })).toHaveText('62 profiles');
    // Verified members come first.
    await expect(cards.first().getByText('Verified')).toBeVisible();

    await page.getByRole('button', { name: 'Page 5' }).click();
    await expect(page).toHaveURL(/page=5/);
    await expect(cards).toHaveCount(12);
    await page.goBack();
    await expect(page).not.toHaveURL(/page=/);

    await cards.first().click();
    await expect(page).toHaveURL(/\/profiles\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });

  test('searches by name and filters by city and craft, keeping them in the address', async ({ page }) => {
    await page.goto('/category/Artist');
    const cards = page.locator('main a[href^="/profiles/"]');
    await expect(cards).toHaveCount(12);
    await page.getByLabel('Search name, skill or headline').fill('qureshi');
    await expect(page).toHaveURL(/search=qureshi/);
    await expect(cards).toHaveCount(4);
    for (const card of await cards.all()) await expect(card).toContainText('Qureshi');

    await page.getByLabel('Search name, skill or headline').fill('');
    await page.getByLabel('City').fill('Mumbai');
    await expect(page).toHaveURL(/city=Mumbai/);
    // The network's six in Mumbai, and the casting director's and the actor's demo profiles.
    await expect(cards).toHaveCount(8);
    for (const card of await cards.all()) await expect(card).toContainText('Mumbai');

    await page.getByRole('combobox', { name: 'Craft' }).click();
    await page.getByRole('option', { name: 'DOP' }).click();
    await expect(page).toHaveURL(/craft=dop/);
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Aarav Chatterjee');

    await page.getByLabel('Search name, skill or headline').fill('zzzz');
    await expect(page.getByText('No profiles match your search.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(cards).toHaveCount(12);
    await expect(page).not.toHaveURL(/city=/);
  });

  test('opens straight onto a filtered address, rendered by the server', async ({ page }) => {
    const html = await (await page.request.get('/category/Artist?language=Tamil&city=Chennai')).text();
    expect(html).toContain('Lakshmi Reddy');
    await page.goto('/category/Artist?language=Tamil&city=Chennai');
    await expect(page.locator('main a[href^="/profiles/"]')).toHaveCount(6);
    await expect(page.getByLabel('Language')).toHaveValue('Tamil');
  });

  test('a filter reads as it is written in the address, by hand or by the app', async ({ page }) => {
    const html = await (await page.request.get('/category/Artist?verified=true')).text();
    expect(html).toContain('>16 profiles<');
    await page.goto('/category/Artist?verified=true');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await expect(page.getByRole('status').filter({ hasText: 'profiles' })).toHaveText('16 profiles match your search');
    await expect(page.getByLabel('Verified only')).toBeChecked();

    await page.getByLabel('Verified only').uncheck();
    await expect(page.getByRole('status').filter({ hasText: 'profiles' })).toHaveText('62 profiles');
    await expect(page).not.toHaveURL(/verified/);
    await page.getByLabel('Verified only').check();
    await expect(page).toHaveURL(/[?&]verified=true(&|$)/);
    await expect(page.getByRole('status').filter({ hasText: 'profiles' })).toHaveText('16 profiles match your search');
  });

  test('a mistyped or outdated filter in a link is left out, and the list still shows', async ({ page }) => {
    await page.goto('/category/Artist?sort=bogus&page=abc&verified=maybe&city=Mumbai');
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    // Mumbai is kept: the network's six, and the casting director's and the actor's demo profiles.
    await expect(page.getByRole('status').filter({ hasText: 'profiles' })).toHaveText('8 profiles match your search');
    await expect(page.getByLabel('City')).toHaveValue('Mumbai');
    await expect(page.getByLabel('Verified only')).not.toBeChecked();

    // A name the directory does not know filters nothing, and is not counted as a search.
    await page.goto('/category/Artist?utm_source=newsletter');
    await expect(page.getByRole('status').filter({ hasText: 'profiles' })).toHaveText('62 profiles');

    await page.goto('/auditions?age=x&gender=nobody');
    await expect(page.getByRole('status').filter({ hasText: 'open calls' })).toBeVisible();
    await expect(page.getByText('The casting calls could not be loaded')).toHaveCount(0);
  });

  test('an organisation’s category lists organisations; an unknown one says so with a way home', async ({ page }) => {
    await page.goto('/category/Vendor');
    await expect(page.locator('main a[href^="/profiles/"]')).toHaveCount(5);
    await expect(page.getByRole('combobox', { name: 'Craft' })).toHaveCount(0);

    await page.goto('/category/Stuntmen');
    await expect(page.getByRole('heading', { level: 1, name: 'Category not found' })).toBeVisible();
    await expect(page.getByText('There is no “Stuntmen” category')).toBeVisible();
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
