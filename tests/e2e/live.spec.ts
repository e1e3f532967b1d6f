import { expect, test } from './fixtures';
import { registerMember, signIn, USER_API } from './shop-helpers';

test.use({ viewport: { width: 360, height: 740 } });

/**
 * What another member writes reaches an open page as it is written (the live stream, docs/operations/live.md): the
 * bell counts it and the open conversation shows it, with no reload and no poll (the centre is asked once a minute
 * only while no stream is open).
 */
test.describe('live notices', () => {
  test('an answer written through the API appears in the bell and the open conversation without reloading', async ({
    page,
  }) => {
    // Two accounts confirm their email by the mail the server sends every few seconds.
    test.setTimeout(60_000);
    const director = await registerMember(page.request);
    const handle = `live-director-${Date.now().toString(36)}`;
    const created = await page.request.put(`${USER_API}/me/profile`, {
      headers: { authorization: `Bearer ${director.token}` },
      data: {
        kind: 'person',
        handle,
        display_name: 'Meenal Joshi',
        category: 'Artist',
        crafts: ['director'],
        city: 'Nagpur',
      },
    });
    expect(created.ok()).toBe(true);
    const member = await registerMember(page.request);
    const written = await page.request.post(`/backend/api/api/v1/profiles/${handle}/contact`, {
      headers: { authorization: `Bearer ${member.token}` },
      data: { message: 'May I send my showreel for the Nagpur shoot?' },
    });
    expect(written.status()).toBe(201);

    await signIn(page, member);
    const stream = page.waitForResponse((response) => response.url().includes('/me/events?'));
    await page.goto('/messages');
    await expect(page.getByText('May I send my showreel for the Nagpur shoot?')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Notifications, 0 unread' })).toBeVisible();
    // The stream is the browser's EventSource, opened with a ticket: no bearer token in its address or headers.
    const opened = await stream;
    expect(opened.status()).toBe(200);
    expect(opened.request().resourceType()).toBe('eventsource');
    expect(await opened.request().headerValue('authorization')).toBeNull();
    // Marks this document: a reload would drop it.
    await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

    const inbox = await page.request.get(`${USER_API}/me/conversations`, {
      headers: { authorization: `Bearer ${director.token}` },
    });
    const [conversation] = ((await inbox.json()) as { data: { id: number }[] }).data;
    const answered = await page.request.post(`${USER_API}/me/conversations/${conversation!.id}/messages`, {
      headers: { authorization: `Bearer ${director.token}` },
      data: { message: 'Yes, by Monday please.' },
    });
    expect(answered.status()).toBe(201);

    // Well within the minute between the centre's polls.
    await expect(page.getByRole('main').getByText('Yes, by Monday please.')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('button', { name: /^Notifications, 1 unread$/ })).toBeVisible({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: test.info().outputPath(`live-360-${colorScheme}.png`) });
    }
    await page.getByRole('button', { name: /^Notifications, 1 unread$/ }).click();
    await expect(
      page.getByRole('dialog', { name: 'Notifications' }).getByRole('button', { name: /Meenal Joshi answered/ }),
    ).toBeVisible();
  });
});
