import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { profileKeys } from '../../src/features/profiles/api/profile-keys';
import { accountKeys } from '../../src/lib/shop-query-keys';
import { forgetSavedQueries, waitForPersistedCache, waitForServiceWorker } from './offline-helpers';
import { confirmationLink, registerMember, registerShopper, signIn, USER_API } from './shop-helpers';

const staffPassword = 'Backstage@2026';

/** A real JPEG headshot, as a phone's camera would give it. */
function headshot(): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 180, g: 120, b: 90 } } })
    .jpeg()
    .toBuffer();
}

/** A member's own profile, read from the server (not from the page). */
async function myProfileOnServer(page: Page, token: string) {
  const response = await page.request.get(`${USER_API}/me/profile`, { headers: { authorization: `Bearer ${token}` } });
  return response.ok() ? ((await response.json()) as { data: Record<string, unknown> }).data : null;
}

test.describe('the member network', () => {
  test('a new member creates a profile with a photo and a reel, is found in Artist and by search, and a moderator verifies it', async ({
    page,
    browser,
    baseURL,
  }) => {
    const member = await registerShopper(page.request);
    await signIn(page, member);
    const suffix = Date.now().toString(36);
    const name = `Kavya Menon ${suffix}`;
    const handle = `kavya-${suffix}`;

    await page.goto('/my-profile');
    await expect(page.getByRole('heading', { level: 1, name: 'My profile' })).toBeVisible();
    await page.getByLabel('Your name').fill(name);
    await page.getByLabel('Handle').fill('admin');
    await page.getByLabel('City').fill('Kochi');
    await page.getByRole('checkbox', { name: 'Actor' }).check();
    await page.getByRole('button', { name: 'Add a reel' }).click();
    await page.getByLabel('Reel 1', { exact: true }).fill('https://vimeo.com/12345');
    await page.getByRole('button', { name: 'Create profile' }).click();
    // Refusals show next to their fields: a reel that is neither YouTube nor Instagram, then a reserved handle.
    await expect(page.getByText('A reel must be a YouTube or Instagram reel address')).toBeVisible();
    await page.getByLabel('Reel 1', { exact: true }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page.getByLabel('Handle')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Handle').fill(handle);
    await page.getByLabel('Headline').fill('Mohiniyattam dancer and actor, Malayalam and Tamil');
    await page.getByRole('button', { name: 'Create profile' }).click();
    await expect(page.getByText('Your public page is up to date.')).toBeVisible();

    // A headshot through the image pipeline; the first one is the main photo.
    await page.locator('input[type="file"]').setInputFiles({
      name: 'headshot.jpg',
      mimeType: 'image/jpeg',
      buffer: await headshot(),
    });
    await expect(page.getByRole('img', { name: 'Photo 1, main' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Photo 1, main' })).toHaveJSProperty('complete', true);

    // The preview shows the public page as it will look.
    await page.getByRole('tab', { name: 'Preview' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Play reel 1' })).toBeVisible();
    await page.getByRole('tab', { name: 'Edit' }).click();

    await page.getByLabel('What we can check').fill('CINTAA card 44120');
    await page.getByRole('button', { name: 'Ask to be verified' }).click();
    await expect(page.getByText('Your request is with our moderators.')).toBeVisible();

    // Found in its category, by search.
    await page.goto(`/category/Artist?search=${encodeURIComponent(suffix)}`);
    const card = page.locator(`main a[href="/profiles/${handle}"]`);
    await expect(card).toContainText(name);
    await expect(card).toContainText('Kochi');
    await expect(card.getByText('Verified')).toHaveCount(0);

    // A moderator verifies it from the back office's queue.
    const staff = await browser.newContext({ baseURL });
    const moderator = await staff.newPage();
    await signIn(moderator, { email: 'moderator@cineverse.in', password: staffPassword });
    await moderator.goto('/admin/moderation?type=verification');
    const request = moderator.getByRole('listitem').filter({ hasText: name });
    await request.getByRole('button', { name: 'Verify' }).click();
    await expect(request.getByText('Give the reason')).toBeVisible();
    await request.getByLabel(/^Reason/).fill('Union membership checked');
    await request.getByRole('button', { name: 'Verify' }).click();
    await expect(moderator.getByRole('listitem').filter({ hasText: name })).toHaveCount(0);
    await staff.close();

    await page.goto(`/profiles/${handle}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Verified', { exact: true })).toBeVisible();
    await expect(page.getByText('Union membership checked')).toBeVisible();
    // A visitor's directory shows the badge too (this browser keeps the list it saw for its minute).
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/category/Artist?search=${encodeURIComponent(suffix)}`);
    await expect(visitor.locator(`main a[href="/profiles/${handle}"]`).getByText('Verified')).toBeVisible();
    await visitorContext.close();
  });

  test('a shared profile link carries its Open Graph card and structured data in the server’s HTML', async ({
    page,
  }) => {
    // The link's image is the profile's share card, drawn by the server's workers when they start; the photo stays
    // the structured data's image.
    let html = '';
    await expect
      .poll(async () => {
        const response = await page.request.get('/profiles/aarav-sharma-1');
        expect(response.status()).toBe(200);
        html = await response.text();
        return /<meta property="og:image" content="https?:\/\/[^"]+\/backend\/cards\/profile-[^"]+\.jpg">/.test(html);
      })
      .toBe(true);
    expect(html).toContain('<title>Aarav Sharma | CineVerse</title>');
    expect(html).toContain('<meta property="og:title" content="Aarav Sharma"/>');
    expect(html).toMatch(/<meta property="og:url" content="https?:\/\/[^"]+\/profiles\/aarav-sharma-1"\/>/);
    const structured = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(structured ?? '{}')).toMatchObject({
      '@type': 'Person',
      name: 'Aarav Sharma',
      image: expect.stringMatching(/^https?:\/\/[^/]+\/backend\/uploads\/profile\//),
    });
    // Never the date of birth or a hidden detail.
    expect(html).not.toContain('date_of_birth');

    const missing = await page.request.get('/profiles/nobody-by-this-name');
    expect(missing.status()).toBe(200);
    await page.goto('/profiles/nobody-by-this-name');
    await expect(page.getByRole('heading', { level: 1, name: 'Profile not found' })).toBeVisible();
  });

  test('a signed-in member writes to a profile through CineVerse; a guest is asked to log in first', async ({
    page,
  }) => {
    await page.goto('/profiles/aarav-sharma-1');
    await page.getByRole('button', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/login\?redirect=/);

    // A new account sees why it cannot write yet, and confirms its email with the link mailed to it.
    await page.setViewportSize({ width: 360, height: 740 });
    const member = await registerShopper(page.request);
    await signIn(page, member);
    await page.goto('/profiles/aarav-sharma-1');
    const banner = page.getByTestId('confirm-email-notice').first();
    await expect(banner).toContainText(`Open the link we sent to ${member.email}`);
    await page.screenshot({ path: test.info().outputPath('unconfirmed-banner-360.png') });
    await page.getByRole('button', { name: 'Contact' }).click();
    const refused = page.getByRole('dialog', { name: 'Write to Aarav Sharma' });
    await expect(refused).toContainText('To write to members, confirm your email first.');
    await page.screenshot({ path: test.info().outputPath('unconfirmed-contact-360.png') });
    await refused.getByRole('button', { name: 'Resend the link' }).click();
    await expect(refused).toContainText(`A new confirmation link is on its way to ${member.email}.`);
    await page.keyboard.press('Escape');
    const link = await confirmationLink(member.email);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByRole('status').filter({ hasText: 'Your email is confirmed' })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('confirmed-360.png') });
    await expect(page.getByTestId('confirm-email-notice')).toHaveCount(0);
    // The page is left at once: the profile saved on the device may still say unconfirmed, so it is dropped, as a
    // device whose saved cache was last written before the link was opened.
    await page.goto('/robots.txt');
    await forgetSavedQueries(page, accountKeys.profile());

    await page.goto('/profiles/aarav-sharma-1');
    await page.getByRole('button', { name: 'Contact' }).click();
    const dialog = page.getByRole('dialog', { name: 'Write to Aarav Sharma' });
    await dialog.getByLabel('Your message').fill('Hi');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByText('Write at least 10 characters')).toBeVisible();
    await dialog.getByLabel('Your message').fill('We are casting a Marathi feature in Pune next month.');
    await dialog.getByRole('button', { name: 'Send message' }).click();
    await expect(dialog.getByRole('status')).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await page.goto('/messages');
    await expect(page.getByText('We are casting a Marathi feature in Pune next month.')).toBeVisible();
  });

  test('an answer to a member’s message is told in the notification centre; their own short answer, written offline, is sent once', async ({
    page,
    context,
  }) => {
    // Two accounts confirm their email by the mail the server sends every few seconds.
    test.setTimeout(60_000);
    // A director with a profile, written to by a member who is in the browser.
    const director = await registerMember(page.request);
    const handle = `director-${Date.now().toString(36)}`;
    const created = await page.request.put(`${USER_API}/me/profile`, {
      headers: { authorization: `Bearer ${director.token}` },
      data: {
        kind: 'person',
        handle,
        display_name: 'Kabir Sethi',
        category: 'Artist',
        crafts: ['director'],
        city: 'Pune',
      },
    });
    expect(created.ok()).toBe(true);
    const member = await registerMember(page.request);
    const written = await page.request.post(`/backend/api/api/v1/profiles/${handle}/contact`, {
      headers: { authorization: `Bearer ${member.token}` },
      data: { message: 'Would you read my Marathi feature script?' },
    });
    expect(written.status()).toBe(201);
    await signIn(page, member);
    await page.goto('/messages');
    await expect(page.getByText('Would you read my Marathi feature script?')).toBeVisible();

    // The director answers while the member is on another page of the app.
    await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page).toHaveURL(/\/shop$/);
    const inbox = await page.request.get(`${USER_API}/me/conversations`, {
      headers: { authorization: `Bearer ${director.token}` },
    });
    const [conversation] = ((await inbox.json()) as { data: { id: number }[] }).data;
    const answered = await page.request.post(`${USER_API}/me/conversations/${conversation!.id}/messages`, {
      headers: { authorization: `Bearer ${director.token}` },
      data: { message: 'Yes: send it by Friday.' },
    });
    expect(answered.status()).toBe(201);

    // The member comes back to the app (as from another tab): the bell asks the server again. (The browser's own
    // event bubbles from the document to the window, where the app listens.)
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
    await page.getByRole('button', { name: /^Notifications, 1 unread$/ }).click();
    const centre = page.getByRole('dialog', { name: 'Notifications' });
    await centre.getByRole('button', { name: /Kabir Sethi answered/ }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(centre).toBeHidden();
    await expect(page.getByRole('main').getByText('Yes: send it by Friday.')).toBeVisible();

    // An empty answer is refused by its field; a short one offline waits on the device, then goes once.
    const answer = page.getByLabel('Answer Kabir Sethi');
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect(answer).toHaveAccessibleDescription('Write your answer');
    await context.setOffline(true);
    await answer.fill('Thanks!');
    await page.getByRole('button', { name: 'Send answer' }).click();
    await expect(page.getByTestId('reply-waiting')).toContainText('Thanks!');
    await expect(answer).toHaveValue('');
    await context.setOffline(false);
    await expect(page.getByTestId('reply-waiting')).toHaveCount(0);
    await expect(page.getByRole('main').getByText('Thanks!', { exact: true })).toBeVisible();
    const theirs = await page.request.get(`${USER_API}/me/conversations`, {
      headers: { authorization: `Bearer ${director.token}` },
    });
    const [kept] = ((await theirs.json()) as { data: { messages: { body: string }[] }[] }).data;
    expect(kept!.messages.map((message) => message.body)).toEqual([
      'Would you read my Marathi feature script?',
      'Yes: send it by Friday.',
      'Thanks!',
    ]);
  });

  test('a profile seen before opens offline; one never seen says it is not on this device', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.goto('/profiles/rohan-rao-5');
    await expect(page.getByRole('heading', { level: 1, name: 'Rohan Rao' })).toBeVisible();
    await waitForPersistedCache(page, profileKeys.profile('rohan-rao-5'));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByTestId('sync-status')).toContainText('Offline');
    await expect(page.getByRole('heading', { level: 1, name: 'Rohan Rao' })).toBeVisible();
    await page.goto('/profiles/aarav-qureshi-2');
    await expect(page.getByText(/not opened on this device before/)).toBeVisible();
    await context.setOffline(false);
  });

  test('a profile edit made offline is kept on the device and reaches the server once after reconnecting', async ({
    page,
    context,
  }) => {
    const member = await registerShopper(page.request);
    const token = await signIn(page, member);
    const handle = `offline-${Date.now().toString(36)}`;
    const created = await page.request.put(`${USER_API}/me/profile`, {
      headers: { authorization: `Bearer ${token}` },
      data: { kind: 'person', handle, display_name: 'Farah Sheikh', category: 'Artist', city: 'Lucknow' },
    });
    expect(created.status()).toBe(200);

    await page.goto('/my-profile');
    await expect(page.getByLabel('Your name')).toHaveValue('Farah Sheikh');
    await page.waitForLoadState('networkidle');
    await context.setOffline(true);
    await page.getByLabel('Headline').fill('Urdu poet and screenwriter');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
    await expect(page.getByTestId('sync-status')).toContainText('1 change waiting to sync');
    expect((await myProfileOnServer(page, token))?.headline).toBe('');

    await context.setOffline(false);
    await expect.poll(async () => (await myProfileOnServer(page, token))?.headline).toBe('Urdu poet and screenwriter');
    await expect(page.getByText(/waiting to sync/)).toHaveCount(0);
    await expect(page.getByLabel('Headline')).toHaveValue('Urdu poet and screenwriter');
  });
});
