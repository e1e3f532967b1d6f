import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';
import { signInAt, USER_API } from './shop-helpers';

const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };
const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };

test.use({ viewport: { width: 360, height: 740 } });

test('log-in, sign-up and the offline strip speak to members as well as shoppers', async ({ page, context }) => {
  await page.goto('/login');
  await expect(page.getByRole('main')).toContainText('Apply to auditions, build your profile, shop');
  await page.goto('/register');
  await expect(page.getByRole('main')).toContainText('apply to auditions, build your profile and shop');
  await context.setOffline(true);
  await expect(page.getByTestId('sync-status')).toContainText('applications, profile edits, answers to messages');
  await expect(page.getByTestId('sync-status')).not.toContainText('edit your cart and wishlist');
});

/** A server of its own: its calls and applications change the demo data. */
test.describe('a call as each reader sees it', () => {
  let server: ServerProcess;

  test.beforeAll(async () => {
    // A second server seeds a database of its own: on a shared machine that may take longer than one test.
    test.setTimeout(120_000);
    server = await startServerProcess({ SKIP_BUILD: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  async function tokenOf(page: Page, who: { email: string; password: string }): Promise<string> {
    const response = await page.request.post(`${server.url}${USER_API}/login`, { data: who });
    expect(response.ok()).toBe(true);
    return ((await response.json()) as { token: string }).token;
  }

  async function post<T>(page: Page, token: string, path: string, data: object): Promise<T> {
    const response = await page.request.post(`${server.url}${USER_API}${path}`, {
      headers: { authorization: `Bearer ${token}` },
      data,
    });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as T;
  }

  /** The casting director's new call of two roles, published at once (her production house is verified). */
  async function postCall(page: Page, title: string, openings = 1) {
    const year = new Date().getFullYear() + 1;
    const role = { genders: [], age_min: 20, age_max: 40, languages: ['Hindi'], paid: false };
    const created = await post<{ data: { id: number; status: string; roles: { id: number }[] } }>(
      page,
      await tokenOf(page, director),
      '/casting-calls',
      {
        title,
        project_type: 'short',
        description: 'A short film about a night bus from Pune to Mumbai.',
        city: 'Pune',
        deadline: `${year}-03-31`,
        roles: [
          { ...role, name: 'Conductor', openings },
          { ...role, name: 'Passenger' },
        ],
      },
    );
    expect(created.data.status).toBe('published');
    return created.data;
  }

  test('a guest who taps Apply and logs in lands back on the apply form; one who signs up comes back to the role too', async ({
    page,
    browser,
  }) => {
    const call = await postCall(page, 'Night Bus: short film');
    await page.goto(`${server.url}/auditions/${call.id}`);
    await page.getByRole('button', { name: 'Apply for Passenger' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);
    await page.getByRole('textbox', { name: 'Email' }).fill(actor.email);
    await page.getByRole('textbox', { name: 'Password' }).fill(actor.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    const form = page.getByRole('form', { name: 'Apply for Passenger' });
    await expect(form.getByRole('button', { name: 'Send application' })).toBeVisible();
    await expect(form.getByRole('checkbox', { name: /Your photo 1/ })).toBeChecked();
    await expect(page.getByRole('form', { name: 'Apply for Conductor' })).toHaveCount(0);

    // A new member signs up from Apply: back on the role, told what applying still needs.
    const other = await browser.newContext({ viewport: { width: 360, height: 740 } });
    try {
      const guest = await other.newPage();
      await guest.goto(`${server.url}/auditions/${call.id}`);
      await guest.getByRole('button', { name: 'Apply for Conductor' }).click();
      await guest.getByRole('link', { name: 'Create an account' }).click();
      await guest.getByRole('textbox', { name: 'Name' }).fill('Kavya Nair');
      await guest.getByRole('textbox', { name: 'Email' }).fill(`kavya-${Date.now()}@example.in`);
      await guest.getByRole('textbox', { name: 'Password' }).fill('Monsoon-Reel-2026');
      await guest.getByRole('button', { name: 'Create account' }).click();
      await expect(guest).toHaveURL(new RegExp(`/auditions/${call.id}$`));
      const role = guest.getByRole('region', { name: 'Conductor' });
      await expect(role.getByTestId('confirm-email-notice')).toContainText('To apply, confirm your email first.');
      await expect(role.getByRole('button', { name: 'Apply for Conductor' })).toHaveCount(0);
    } finally {
      await other.close();
    }
  });

  test('the poster sees their own call with its manage actions, without Apply, Save or Report', async ({ page }) => {
    const call = await postCall(page, 'Night Bus: the return');
    await signInAt(page, server.url, director);
    await page.goto(`${server.url}/auditions/${call.id}`);
    const manage = page.getByTestId('own-call-actions');
    await expect(manage).toContainText('This is your casting call.');
    await expect(manage.getByRole('link', { name: 'Applicants' })).toBeVisible();
    await expect(manage.getByRole('link', { name: 'Edit' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Apply for/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Save for later|Saved/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Report this call' })).toHaveCount(0);
    await manage.getByRole('link', { name: 'Applicants' }).click();
    await expect(page).toHaveURL(new RegExp(`/me/casting-calls/${call.id}$`));
  });

  test('a role whose openings are all filled says so and offers no Apply; the other role still does', async ({
    page,
  }) => {
    const call = await postCall(page, 'Night Bus: the last stop');
    const applied = await post<{ data: { id: number } }>(
      page,
      await tokenOf(page, actor),
      `/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`,
      { note: 'I took this bus for years.' },
    );
    await post(page, await tokenOf(page, director), `/applications/${applied.data.id}/transition`, {
      to: 'selected',
    });
    // The opening counts as filled once the selection is told, 10 s after it was made.
    await expect
      .poll(
        async () =>
          (await (await page.request.get(`${server.url}/backend/api/api/v1/casting-calls/${call.id}`)).json()).data
            .roles[0].openings_filled,
        { timeout: 30_000 },
      )
      .toBe(1);

    await page.goto(`${server.url}/auditions/${call.id}`);
    const filled = page.getByRole('region', { name: 'Conductor' });
    await expect(filled).toContainText('Filled');
    await expect(filled).toContainText('Its opening is filled: applications are no longer taken.');
    await expect(filled.getByRole('button', { name: 'Apply for Conductor' })).toHaveCount(0);
    await expect(
      page.getByRole('region', { name: 'Passenger' }).getByRole('button', { name: 'Apply for Passenger' }),
    ).toBeVisible();
  });
});
