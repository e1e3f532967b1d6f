import { expect, test } from './fixtures';
import { textCutOnScreen, textOverlapping } from './layout-helpers';
import { startServerProcess, type ServerProcess } from './server-process';
import { signInAt, USER_API } from './shop-helpers';

const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };

test.use({ viewport: { width: 360, height: 740 } });

/** A server of its own: the filters kept here would show on every other test's auditions page of this member. */
test.describe('Roles for you on a phone', () => {
  let server: ServerProcess;

  test.beforeAll(async () => {
    server = await startServerProcess({ SKIP_BUILD: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('a member keeps the auditions filters, opens them again and deletes them, at 360 px', async ({ page }) => {
    const token = await signInAt(page, server.url, actor);
    const kept = async () =>
      (
        (await (
          await page.request.get(`${server.url}${USER_API}/me/roles-for-you`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { data: { filters: Record<string, unknown> }[] }
      ).data.map((item) => item.filters);

    await page.goto(`${server.url}/auditions?city=Pune&language=Marathi&paid=true`);
    const box = page.getByRole('region', { name: 'Roles for you' });
    await expect(box).toBeVisible();
    await box.getByRole('button', { name: 'Save these filters' }).click();
    await expect(box.getByRole('status')).toHaveText('Saved. New calls that match will reach you once a day.');
    await expect(box.getByRole('listitem')).toHaveText([/Pune · Marathi · Paid only/]);
    expect(await kept()).toEqual([{ city: 'Pune', language: 'Marathi', paid: 'true' }]);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await box.screenshot({ path: test.info().outputPath(`roles-for-you-360-${scheme}.png`) });
    }
    expect(await textCutOnScreen(page)).toEqual([]);
    expect(await textOverlapping(page)).toEqual([]);

    // The same filters again are the set kept already.
    await box.getByRole('button', { name: 'Save these filters' }).click();
    await expect(box.getByRole('status')).toHaveText('You have already saved these filters.');
    expect(await kept()).toHaveLength(1);

    // From the list without filters, the kept set opens its calls.
    await page.goto(`${server.url}/auditions`);
    await box.getByRole('button', { name: 'Your saved filters (1)' }).click();
    await box.getByRole('button', { name: 'Show calls' }).click();
    await expect(page).toHaveURL(/\/auditions\?city=Pune&language=Marathi&paid=true$/);
    await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Pune');
    await expect(page.getByRole('checkbox', { name: 'Paid only' })).toBeChecked();

    await box.getByRole('button', { name: 'Delete saved filters: Pune · Marathi · Paid only' }).click();
    await expect(box.getByRole('status')).toHaveText('Deleted: these filters are no longer told.');
    await expect(box.getByText('No saved filters yet.')).toBeVisible();
    expect(await kept()).toEqual([]);
  });

  test('reads in Hindi on the Hindi auditions page', async ({ page }) => {
    await signInAt(page, server.url, actor);
    await page.goto(`${server.url}/hi/auditions?city=Pune`);
    const box = page.getByRole('region', { name: 'आपके लिए रोल' });
    await box.getByRole('button', { name: 'ये फ़िल्टर सहेजें' }).click();
    await expect(box.getByRole('status')).toHaveText(
      'सहेज लिया। इनसे मेल खाने वाली नई कॉल की ख़बर आपको दिन में एक बार मिलेगी।',
    );
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await box.screenshot({ path: test.info().outputPath(`roles-for-you-360-hi-${scheme}.png`) });
    }
    expect(await textCutOnScreen(page)).toEqual([]);
  });
});
