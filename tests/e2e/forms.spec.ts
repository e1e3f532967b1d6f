import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { registerMember, registerShopper, signIn, USER_API } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A confirmed member with a casting director's profile, made through the API: they may post calls. */
async function castingDirector(request: APIRequestContext) {
  const member = await registerMember(request);
  const handle = `cd-${unique()}`;
  const response = await request.put(`${USER_API}/me/profile`, {
    headers: { authorization: `Bearer ${member.token}` },
    data: {
      kind: 'person',
      handle,
      display_name: 'Farah Casting',
      category: 'Artist',
      crafts: ['casting'],
      city: 'Mumbai',
    },
  });
  if (!response.ok()) throw new Error(`Profile failed with ${response.status()}`);
  return { ...member, handle };
}

/** Logs out through the account menu and back in as `member` through the login form, landing on `path`. */
async function logOutAndIn(page: Page, member: { email: string; password: string }, path: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page.getByText('You are logged out')).toBeVisible();
  await page.goto(`/login?redirect=${encodeURIComponent(path)}`);
  const logIn = page.getByRole('form', { name: 'Log in' });
  await logIn.getByRole('textbox', { name: 'Email' }).fill(member.email);
  await logIn.getByRole('textbox', { name: 'Password' }).fill(member.password);
  await logIn.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

/** The element in error has focus and is on the screen, where a person pressing the button at the foot looks. */
async function expectFocusedOnScreen(field: Locator) {
  await expect(field).toBeFocused();
  await expect(field).toBeInViewport();
}

test.describe('long forms on a phone', () => {
  test('Post a casting call asks for a profile before the form, links to it, and comes back to the call once it is saved', async ({
    page,
  }) => {
    const member = await registerMember(page.request);
    await signIn(page, member);
    await page.goto('/me/casting-calls/new');
    await expect(page.getByRole('heading', { level: 1, name: 'Post a casting call' })).toBeVisible();
    const notice = page.getByRole('status').filter({ hasText: 'Create your profile first' });
    await expect(notice).toBeInViewport();
    await expect(page.getByRole('form', { name: 'New casting call' })).toHaveCount(0);

    await notice.getByRole('link', { name: 'Create your profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await page.getByLabel('Your name').fill('Farah Khan');
    await page.getByLabel('City').fill('Mumbai');
    // The profile form keeps its draft too: a reload on the way loses nothing.
    await expect(page.getByText('Draft saved on this device')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Your name')).toHaveValue('Farah Khan');
    await page.getByLabel('Handle').fill(`farah-${unique()}`);
    await page.getByRole('checkbox', { name: 'Casting' }).check();
    await page.getByRole('button', { name: 'Create profile' }).click();

    const form = page.getByRole('form', { name: 'New casting call' });
    await expect(form.getByLabel('Project title')).toBeVisible();
    await expect(page).toHaveURL(/\/me\/casting-calls\/new$/);

    // An actor's profile cannot post: the page says so before the form, with the way to change it.
    const actor = await registerMember(page.request);
    await page.request.put(`${USER_API}/me/profile`, {
      headers: { authorization: `Bearer ${actor.token}` },
      data: {
        kind: 'person',
        handle: `actor-${unique()}`,
        display_name: 'Ravi',
        category: 'Artist',
        crafts: ['actor'],
        city: 'Pune',
      },
    });
    await logOutAndIn(page, actor, '/me/casting-calls/new');
    await expect(page.getByRole('status').filter({ hasText: 'Your profile cannot post calls yet' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit your profile' })).toBeVisible();
    await expect(form).toHaveCount(0);

    // A member whose email is not confirmed is told that before the form as well.
    const unconfirmed = await registerShopper(page.request);
    await logOutAndIn(page, unconfirmed, '/me/casting-calls/new');
    await expect(page.getByRole('status').filter({ hasText: 'Create your profile first' })).toBeVisible();
    await expect(
      page.getByRole('status', { name: 'Confirm your email' }).filter({ hasText: 'To post a casting call' }),
    ).toBeVisible();
    await expect(form).toHaveCount(0);
  });

  test('a casting call typed and left is kept on the device for its member only, until discarded or posted', async ({
    page,
  }) => {
    const first = await castingDirector(page.request);
    const second = await castingDirector(page.request);
    await signIn(page, first);
    await page.goto('/me/casting-calls/new');
    const form = page.getByRole('form', { name: 'New casting call' });
    await form.getByLabel('Project title').fill('Monsoon Wedding: feature');
    await form.getByLabel(/^Description/).fill('A family drama in Delhi during the rains.');
    await form.getByLabel('Role name').fill('The eldest daughter');
    await expect(form.getByText('Draft saved on this device')).toBeVisible();

    // Left for another page, and reloaded: all of it is back.
    await page.goto('/auditions');
    await page.goto('/me/casting-calls/new');
    await expect(form.getByLabel('Project title')).toHaveValue('Monsoon Wedding: feature');
    await page.reload();
    await expect(form.getByLabel('Project title')).toHaveValue('Monsoon Wedding: feature');
    await expect(form.getByLabel(/^Description/)).toHaveValue('A family drama in Delhi during the rains.');
    await expect(form.getByLabel('Role name')).toHaveValue('The eldest daughter');
    await expect(form.getByText('Draft saved on this device')).toBeVisible();

    // Logging out takes the draft away with the rest of the member's data; the next member starts from an empty form.
    await logOutAndIn(page, second, '/me/casting-calls/new');
    await expect(form.getByLabel('Project title')).toHaveValue('');
    await expect(form.getByText('Draft saved on this device')).toHaveCount(0);

    // A draft can be dropped: the form is as it opened, and stays so after a reload.
    await form.getByLabel('Project title').fill('Monsoon Wedding: feature');
    await expect(form.getByText('Draft saved on this device')).toBeVisible();
    await form.getByRole('button', { name: 'Discard draft' }).click();
    await expect(form.getByLabel('Project title')).toHaveValue('');
    await expect(form.getByText('Draft saved on this device')).toHaveCount(0);
    await page.reload();
    await expect(form.getByLabel('Project title')).toHaveValue('');

    // Typed again and posted: the server has it, and the next new call starts empty.
    await form.getByLabel('Project title').fill('Chai Break: web series');
    await form.getByRole('combobox', { name: 'Project type' }).click();
    await page.getByRole('option', { name: 'Web series' }).click();
    await form.getByLabel(/^Description/).fill('A comedy about a tea stall outside a film studio in Goregaon.');
    await form.getByLabel('City').fill('Mumbai');
    await form.getByLabel('Deadline (India time)').fill(`${new Date().getFullYear() + 1}-03-31`);
    await form.getByLabel('Role name').fill('Chaiwala');
    await form.getByLabel('Pay (₹)').fill('75000');
    await expect(form.getByText('Draft saved on this device')).toBeVisible();
    await form.getByRole('button', { name: 'Post casting call' }).click();
    await expect(page).toHaveURL(/\/me\/casting-calls\/\d+$/);
    await page.goto('/me/casting-calls/new');
    await expect(form.getByLabel('Project title')).toHaveValue('');
    await expect(form.getByText('Draft saved on this device')).toHaveCount(0);
  });

  test('a form that fails puts focus and the screen on its first field in error', async ({ page }) => {
    // Sign-up, checked in the browser.
    await page.goto('/register');
    const signUp = page.getByRole('form', { name: 'Create account' });
    await signUp.getByRole('button', { name: 'Create account' }).click();
    await expectFocusedOnScreen(signUp.getByRole('textbox', { name: 'Name', exact: true }));

    // Log-in, refused by the server: its answer, next to a field or above them, takes focus.
    await page.goto('/login');
    const logIn = page.getByRole('form', { name: 'Log in' });
    await logIn.getByRole('textbox', { name: 'Email' }).fill(`nobody-${unique()}@example.in`);
    await logIn.getByRole('textbox', { name: 'Password' }).fill('Not-The-Password-1');
    await logIn.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(logIn.getByText('Email or password is incorrect')).toBeVisible();
    await expectFocusedOnScreen(logIn.getByRole('textbox', { name: 'Password' }));

    // Contact, checked in the browser, pressed at the foot of the page.
    await page.goto('/contact');
    const contact = page.getByRole('form', { name: 'Contact form' });
    await contact.getByRole('button', { name: /Send/ }).click();
    await expectFocusedOnScreen(contact.locator('[aria-invalid="true"]').first());

    // The profile, checked against the contract before it is sent.
    const director = await castingDirector(page.request);
    await signIn(page, director);
    await page.goto('/my-profile');
    await page.getByLabel('Your name').fill('');
    await page.getByRole('button', { name: 'Add a reel' }).click();
    await page.getByLabel('Reel 1', { exact: true }).fill('https://vimeo.com/12345');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectFocusedOnScreen(page.getByLabel('Your name'));
    await page.getByLabel('Your name').fill('Farah Casting');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expectFocusedOnScreen(page.getByLabel('Reel 1', { exact: true }));

    // A casting call, refused by the server, which names the field.
    await page.goto('/me/casting-calls/new');
    const call = page.getByRole('form', { name: 'New casting call' });
    await call.getByRole('button', { name: 'Post casting call' }).click();
    await expectFocusedOnScreen(call.getByLabel('Project title'));
  });

  test('an Instagram reel is kept on a profile as a link, beside a YouTube reel with its player', async ({ page }) => {
    const member = await registerMember(page.request);
    await signIn(page, member);
    const handle = `reels-${unique()}`;
    await page.goto('/my-profile');
    await page.getByLabel('Your name').fill('Ishaan Reels');
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('City').fill('Kochi');
    const reels = page.getByRole('group', { name: 'Reels' }).getByRole('textbox');
    await page.getByRole('button', { name: 'Add a reel' }).click();
    await reels.nth(0).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Add a reel' }).click();
    await reels.nth(1).fill('https://www.instagram.com/reel/C9xYz_Ab12/?igsh=MWZ0cGx4');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page.getByRole('link', { name: 'View your public page' })).toBeVisible();

    await page.goto(`/profiles/${handle}`);
    await expect(page.getByRole('button', { name: 'Play reel 1' })).toBeVisible();
    const link = page.getByRole('link', { name: 'Watch reel 2 on Instagram' });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', 'https://www.instagram.com/reel/C9xYz_Ab12/');
    await expect(link).toHaveAttribute('target', '_blank');
  });
});
