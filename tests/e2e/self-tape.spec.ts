import type { APIRequestContext, Request } from '@playwright/test';
import { chromiumLaunchOptions } from './chromium';
import { expect, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';
import { signInAt, USER_API } from './shop-helpers';

const actor = { email: 'actor@cineverse.in', password: 'Audition@2026' };
const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };

/** The tus endpoint of self-tapes, as the app reaches it. */
const TAPE_UPLOADS = `${USER_API}/tapes/uploads`;
/** The bytes the app sends per PATCH (src/features/casting/api/tape-upload.ts). */
const CHUNK = 1024 * 1024;

// A camera and a microphone for the recorder: Chromium's own test pattern and tone, allowed without a prompt.
test.use({
  launchOptions: {
    ...chromiumLaunchOptions,
    args: [...chromiumLaunchOptions.args, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function login(request: APIRequestContext, origin: string, who: typeof actor): Promise<string> {
  const answer = await request.post(`${origin}${USER_API}/login`, { data: who });
  return ((await answer.json()) as { token: string }).token;
}

/** A server of its own: its calls and tapes change what other tests see. */
test.describe('self-tapes', () => {
  let server: ServerProcess;

  test.beforeAll(async () => {
    server = await startServerProcess({ SKIP_BUILD: '1' });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  /** A call whose one role asks for a self-tape, posted by the demo casting director. */
  async function postCallAskingForATape(request: APIRequestContext, title: string) {
    const token = await login(request, server.url, director);
    const answer = await request.post(`${server.url}${USER_API}/casting-calls`, {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title,
        project_type: 'feature',
        description: 'A Marathi feature about letters lost in a flood.',
        city: 'Pune',
        shoot_start: inDays(40),
        shoot_end: inDays(70),
        deadline: inDays(20),
        roles: [
          {
            name: 'Meera',
            description: 'A schoolteacher in her twenties.',
            genders: [],
            age_min: 18,
            age_max: 60,
            languages: ['Marathi'],
            paid: true,
            pay_inr: 150000,
            requires: { photo: true, reel: false, self_tape: true },
            self_tape_instructions: 'Read the letter scene, facing the camera.',
          },
        ],
      },
    });
    expect(answer.status(), await answer.text()).toBe(201);
    const call = ((await answer.json()) as { data: { id: number; roles: { id: number }[] } }).data;
    return { callId: call.id, roleId: call.roles[0]!.id, directorToken: token };
  }

  test('an actor records a tape on a phone, the network drops mid-upload and the page is closed; opened again, the tape arrives once, the application is sent with it, and the casting director plays it', async ({
    browser,
  }) => {
    test.setTimeout(300_000);
    const { callId, roleId, directorToken } = await postCallAskingForATape(
      (await browser.newContext()).request,
      'Monsoon Letters',
    );
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      permissions: ['camera', 'microphone'],
    });
    const page = await context.newPage();
    const token = await signInAt(page, server.url, actor);

    // The offset of every PATCH the app sends: each part of the tape is sent once, but for the request cut off.
    const offsets: number[] = [];
    let uploadUrl = '';
    context.on('request', (request: Request) => {
      if (request.method() === 'PATCH' && new URL(request.url()).pathname.startsWith(TAPE_UPLOADS)) {
        offsets.push(Number(request.headers()['upload-offset']));
      }
    });
    context.on('response', (response) => {
      if (response.request().method() === 'POST' && new URL(response.url()).pathname === TAPE_UPLOADS) {
        uploadUrl = new URL(response.headers().location!, response.url()).href;
      }
    });

    // The second PATCH is cut off: the phone loses its network with a part of the tape on the server.
    let patchesSeen = 0;
    await context.route(`**${TAPE_UPLOADS}/*`, async (route) => {
      if (route.request().method() !== 'PATCH' || ++patchesSeen !== 2) return route.fallback();
      await context.setOffline(true);
      await route.abort('internetdisconnected');
    });

    await page.goto(`${server.url}/auditions/${callId}`);
    await page.getByRole('button', { name: 'Apply for Meera' }).click();
    const form = page.getByRole('form', { name: 'Apply for Meera' });
    await form.getByRole('button', { name: 'Record a tape' }).click();
    await expect(form.getByRole('button', { name: 'Use the back camera' })).toBeVisible();
    await form.getByRole('button', { name: 'Start recording' }).click();
    // Recorded long enough to need more than one request of 1 MB.
    await expect(form.getByRole('timer')).toContainText('0:20 / 10:00', { timeout: 30_000 });
    await form.getByRole('button', { name: 'Stop' }).click();
    await expect(form.getByText(/^Your tape: 0:2\d, \d+\.\d MB\./)).toBeVisible();
    const recordedMb = Number(/(\d+\.\d) MB/.exec((await form.getByText(/^Your tape:/).textContent())!)![1]);
    expect(recordedMb).toBeGreaterThan(1);
    // The recording plays back on the phone before it is sent.
    await expect
      .poll(() => form.locator('video').evaluate((video: HTMLVideoElement) => video.readyState))
      .toBeGreaterThan(0);
    await form.getByLabel('A note to the casting team (optional)').fill('Recorded on my phone, in one take.');
    await form.getByRole('button', { name: 'Send application' }).click();

    await expect(page.getByText(/waits for the network: \d+% uploaded/)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('status').getByText(/sent as soon as your tape has uploaded/)).toBeVisible();
    // The server kept the first request's megabyte, and has no application yet.
    const head = await page.request.head(uploadUrl, {
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
    });
    expect(head.status()).toBe(200);
    expect(Number(head.headers()['upload-offset'])).toBe(CHUNK);
    const size = Number(head.headers()['upload-length']);
    expect(size).toBeGreaterThan(CHUNK);
    const myApplications = async () =>
      (
        (await (
          await page.request.get(`${server.url}${USER_API}/me/applications`, {
            headers: { authorization: `Bearer ${token}` },
          })
        ).json()) as { data: { role_id: number; self_tape_id?: number | null }[] }
      ).data.filter((application) => application.role_id === roleId);
    expect(await myApplications()).toEqual([]);

    // The app is closed while offline, and opened again once the network is back: it goes on by itself.
    await page.close();
    await context.setOffline(false);
    const again = await context.newPage();
    await again.goto(`${server.url}/me/applications`);
    await expect(again.getByText('Application sent')).toBeVisible({ timeout: 60_000 });
    await expect.poll(myApplications, { timeout: 15_000 }).toEqual([expect.objectContaining({ role_id: roleId })]);

    // Each megabyte of the tape was sent once, but the one whose request was cut off: resumed from the server's offset.
    const parts = Math.ceil(size / CHUNK);
    expect(offsets).toEqual([0, CHUNK, ...Array.from({ length: parts - 1 }, (_, index) => (index + 1) * CHUNK)]);
    const done = await again.request.head(uploadUrl, {
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' },
    });
    expect(Number(done.headers()['upload-offset'])).toBe(size);

    // The application carries the tape, and the casting director sees it with it, once.
    const [mine] = await myApplications();
    expect(mine?.self_tape_id).toEqual(expect.any(Number));
    const applicants = await again.request.get(`${server.url}${USER_API}/casting-calls/${callId}/applications`, {
      headers: { authorization: `Bearer ${directorToken}` },
    });
    expect(applicants.status()).toBe(200);
    const listed = ((await applicants.json()) as { data: { role_id: number; self_tape_id: number | null }[] }).data;
    expect(listed.filter((applicant) => applicant.role_id === roleId)).toEqual([
      expect.objectContaining({ self_tape_id: mine!.self_tape_id }),
    ]);
    // Nothing of the tape is left on the phone.
    await expect(again.getByText(/Your tape for Meera/)).toHaveCount(0);
    const profile = await again.request.get(`${server.url}${USER_API}/me/profile`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const actorName = ((await profile.json()) as { data: { display_name: string } }).data.display_name;
    await context.close();

    // The job queue of this one server process makes the renditions: the tape becomes ready, as its API says.
    const directorApi = (await browser.newContext()).request;
    const tapeStatus = async () => {
      const answer = await directorApi.get(`${server.url}/backend/api/v1/tapes/${mine!.self_tape_id}`, {
        headers: { authorization: `Bearer ${directorToken}` },
      });
      return ((await answer.json()) as { data?: { status: string } }).data?.status;
    };
    await expect.poll(tapeStatus, { timeout: 150_000, intervals: [1000] }).toBe('ready');

    // The casting director opens the call's applicants on a phone and plays the tape, fetched by range requests.
    const directorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const directorPage = await directorContext.newPage();
    const ranges: number[] = [];
    directorPage.on('response', (response) => {
      if (/\/v1\/tapes\/\d+\/files\/\d+\.mp4/.test(response.url())) ranges.push(response.status());
    });
    await signInAt(directorPage, server.url, director);
    await directorPage.goto(`${server.url}/me/casting-calls/${callId}`);
    const card = directorPage.getByRole('article', { name: actorName, exact: true });
    await card.getByRole('button', { name: 'Play tape' }).click();
    const video = directorPage.getByRole('dialog', { name: `Self-tape: ${actorName}` }).getByTestId('tape-video');
    await expect(video).toHaveAttribute('poster', /\/tapes\/\d+\/files\/poster\.jpg\?expires=/);
    await video.evaluate((element: HTMLVideoElement) => {
      // Muted: a browser plays muted video without a gesture.
      element.muted = true;
      void element.play();
    });
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 30_000 })
      .toBeGreaterThan(1);
    expect(ranges).toContain(206);
    await directorContext.close();
  });

  test('the casting director sets a role’s longest tape to 5 seconds in the call form; the recorder stops there', async ({
    browser,
  }, info) => {
    test.setTimeout(90_000);
    const { callId } = await postCallAskingForATape((await browser.newContext()).request, 'Paper Boats');
    const directorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const directorPage = await directorContext.newPage();
    await signInAt(directorPage, server.url, director);
    await directorPage.goto(`${server.url}/me/casting-calls/${callId}/edit`);
    const length = directorPage.getByLabel('Longest self-tape (minutes)');
    await expect(length).toHaveValue('10');
    // Typed as nobody means it: the form says how, next to the field, and sends nothing.
    await length.fill('ten');
    await directorPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(directorPage.getByText('Enter the length in minutes, like 3 or 2:30, up to 10 minutes')).toBeVisible();
    await expect(length).toBeFocused();
    await directorPage.screenshot({ path: info.outputPath('length-refused-360-light.png') });
    await length.fill('0:05');
    await directorPage.getByRole('button', { name: 'Save changes' }).click();
    await expect(directorPage).toHaveURL(new RegExp(`/me/casting-calls/${callId}$`));
    await directorContext.close();
    // The form shows the limit as it was typed, in the dark scheme too.
    const darkContext = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme: 'dark' });
    const darkPage = await darkContext.newPage();
    await signInAt(darkPage, server.url, director);
    await darkPage.goto(`${server.url}/me/casting-calls/${callId}/edit`);
    await expect(darkPage.getByLabel('Longest self-tape (minutes)')).toHaveValue('0:05');
    await darkPage.getByLabel('Longest self-tape (minutes)').scrollIntoViewIfNeeded();
    await darkPage.screenshot({ path: info.outputPath('length-360-dark.png') });
    await darkContext.close();

    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      permissions: ['camera', 'microphone'],
    });
    const page = await context.newPage();
    await signInAt(page, server.url, actor);
    await page.goto(`${server.url}/auditions/${callId}`);
    await page.getByRole('button', { name: 'Apply for Meera' }).click();
    const form = page.getByRole('form', { name: 'Apply for Meera' });
    await form.getByRole('button', { name: 'Record a tape' }).click();
    await form.getByRole('button', { name: 'Start recording' }).click();
    await expect(form.getByRole('timer')).toContainText('/ 0:05');
    // Nobody presses Stop: the recorder stops by itself at the role's limit.
    await expect(form.getByText(/^Your tape: 0:0[45], /)).toBeVisible({ timeout: 20_000 });
    await expect(form.getByRole('button', { name: 'Stop' })).toHaveCount(0);
    await context.close();
  });

  test('the casting director asks an applicant for a tape by a deadline; the actor records it on a phone from their applications and it reaches the application', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const request = (await browser.newContext()).request;
    const { callId, roleId, directorToken } = await postCallAskingForATape(request, 'Kaagaz Ki Kashti');
    const actorToken = await login(request, server.url, actor);
    const applied = await request.post(
      `${server.url}${USER_API}/casting-calls/${callId}/roles/${roleId}/applications`,
      {
        headers: { authorization: `Bearer ${actorToken}` },
        data: { self_tape_url: 'https://youtu.be/abcdefghijk', note: 'My tape is on YouTube.' },
      },
    );
    expect(applied.status(), await applied.text()).toBe(201);
    const applicationId = ((await applied.json()) as { data: { id: number } }).data.id;
    const asked = await request.post(`${server.url}${USER_API}/casting-calls/${callId}/tape-requests`, {
      headers: { authorization: `Bearer ${directorToken}` },
      data: { application_ids: [applicationId], note: 'Now the letter scene in Marathi.', deadline: inDays(5) },
    });
    expect(asked.status(), await asked.text()).toBe(200);

    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      permissions: ['camera', 'microphone'],
    });
    const page = await context.newPage();
    await signInAt(page, server.url, actor);
    await page.goto(`${server.url}/me/applications`);
    const card = page.getByRole('article', { name: /Meera in Kaagaz Ki Kashti/ });
    await expect(card.getByText(/The casting team asks you for a self-tape by/)).toBeVisible();
    await expect(card.getByText('Now the letter scene in Marathi.')).toBeVisible();
    await card.getByRole('button', { name: 'Record a tape' }).click();
    await card.getByRole('button', { name: 'Start recording' }).click();
    await expect(card.getByRole('timer')).toContainText('0:03 / 10:00');
    await card.getByRole('button', { name: 'Stop' }).click();
    await card.getByRole('button', { name: 'Send the tape' }).click();
    await expect(page.getByText('Your tape for Meera has arrived')).toBeVisible({ timeout: 30_000 });
    await expect(card.getByText(/The casting team asks you for a self-tape/)).toHaveCount(0);
    const mine = await request.get(`${server.url}${USER_API}/me/applications`, {
      headers: { authorization: `Bearer ${actorToken}` },
    });
    const application = ((await mine.json()) as { data: { id: number; self_tape_id: number | null }[] }).data.find(
      (item) => item.id === applicationId,
    );
    expect(application?.self_tape_id).toEqual(expect.any(Number));
    await context.close();
  });
});
