import type { Browser, Page, Request } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';
import { type SmtpSink, startSmtpSink } from '../support/smtp-sink';
import { startServerProcess, type ServerProcess } from './server-process';
import { confirmEmail, signInAt, USER_API } from './shop-helpers';
import { UPLOAD_LARGEST_WIDTH, UPLOAD_MAX_BYTES } from '../../src/contract/uploads';

const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };

/** A photo as a phone's camera gives it: 12 megapixels of fine detail, well over 5 MB as a JPEG. */
function cameraPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** A small headshot, uploaded through the API: the server stores it in every width. */
function headshot(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1800, height: 2400, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

/**
 * Keeps the file of every form the page sends with XMLHttpRequest, as `window.sentFiles`: Chromium reports no body
 * of a request whose body is a file, so the test looks at it as it leaves.
 */
async function keepSentFiles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sentFiles: Blob[] = [];
    Object.assign(window, { sentFiles });
    const send = XMLHttpRequest.prototype.send;
    XMLHttpRequest.prototype.send = function (body) {
      const file = body instanceof FormData ? body.get('file') : null;
      if (file instanceof Blob) sentFiles.push(file);
      send.call(this, body);
    };
  });
}

/** A server of its own: its members post calls, apply and upload photos. */
test.describe('images on a phone', () => {
  let smtp: SmtpSink;
  let server: ServerProcess;

  test.beforeAll(async () => {
    // A second server seeds a database of its own: on a shared machine that may take longer than one test.
    test.setTimeout(120_000);
    smtp = await startSmtpSink();
    server = await startServerProcess({ SKIP_BUILD: '1', SMTP_URL: smtp.url });
  });
  test.afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  async function phone(
    browser: Browser,
    colorScheme: 'light' | 'dark' = 'light',
  ): Promise<{ page: Page; close: () => Promise<void> }> {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, colorScheme });
    const page = await context.newPage();
    return { page, close: () => context.close() };
  }

  /** A new member with a confirmed email and an actor's profile, and `photos` uploaded through the API. */
  async function actorWithPhotos(page: Page, name: string, photos: number) {
    const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const credentials = { email: `photos-${suffix}@example.in`, password: 'Matinee-Show-42' };
    const registered = await page.request.post(`${server.url}${USER_API}/register`, {
      data: { name, ...credentials },
    });
    expect(registered.ok()).toBe(true);
    const { token } = (await registered.json()) as { token: string };
    await confirmEmail(page.request, credentials.email, { origin: server.url, inbox: async () => smtp.received });
    const headers = { authorization: `Bearer ${token}` };
    const saved = await page.request.put(`${server.url}${USER_API}/me/profile`, {
      headers,
      data: {
        kind: 'person',
        handle: `actor-${suffix}`,
        display_name: name,
        category: 'Artist',
        crafts: ['actor'],
        city: 'Mumbai',
        headline: 'Theatre and ad films, Hindi and Marathi',
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    for (const colour of ['#884422', '#224488', '#448822'].slice(0, photos)) {
      const uploaded = await page.request.post(`${server.url}${USER_API}/me/profile/photos`, {
        headers,
        multipart: { file: { name: 'me.jpg', mimeType: 'image/jpeg', buffer: await headshot(colour) } },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
    }
    return { credentials, token };
  }

  /** Every profile photo the page asks the network for, from now on. */
  function photoRequests(page: Page): string[] {
    const urls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/uploads/profile/')) urls.push(new URL(request.url()).pathname);
    });
    return urls;
  }

  test('the photo picker and the applicant manager download the small width of a photo for a 72 px thumbnail', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const actor = await phone(browser);
    const member = await actorWithPhotos(actor.page, 'Ritika Sawant', 2);

    const setup = await phone(browser);
    const posterToken = await signInAt(setup.page, server.url, director);
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const title = `Tea Garden ${Date.now().toString(36)}`;
    const posted = await setup.page.request.post(`${server.url}${USER_API}/casting-calls`, {
      headers: { authorization: `Bearer ${posterToken}` },
      data: {
        title,
        project_type: 'ad',
        description: 'A tea advertisement shot in a garden near Pune.',
        city: 'Pune',
        deadline: inDays(14),
        roles: [{ name: 'Picker', genders: [], age_min: 18, age_max: 40, languages: [], paid: true, pay_inr: 9000 }],
      },
    });
    expect(posted.status(), await posted.text()).toBe(201);
    const call = ((await posted.json()) as { data: { id: number } }).data;
    await setup.close();

    // The photo picker on the apply form.
    await signInAt(actor.page, server.url, member.credentials);
    const pickerPhotos = photoRequests(actor.page);
    await actor.page.goto(`${server.url}/auditions/${call.id}`);
    await actor.page.getByRole('button', { name: 'Apply for Picker' }).click();
    const form = actor.page.getByRole('form', { name: 'Apply for Picker' });
    const thumbnails = form.getByRole('img', { name: /^Your photo \d/ });
    await expect(thumbnails).toHaveCount(2);
    for (const thumbnail of await thumbnails.all()) {
      await expect(thumbnail).toHaveJSProperty('complete', true);
      expect(await thumbnail.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-400w\.webp$/);
    }
    expect(pickerPhotos.length).toBeGreaterThan(0);
    expect(pickerPhotos.filter((url) => !url.endsWith('-400w.webp'))).toEqual([]);
    await form.getByRole('checkbox', { name: 'Your photo 2' }).check();
    await form.screenshot({ path: testInfo.outputPath('photo-picker-360-light.png') });
    await actor.page.emulateMedia({ colorScheme: 'dark' });
    await form.screenshot({ path: testInfo.outputPath('photo-picker-360-dark.png') });
    await form.getByRole('button', { name: 'Send application' }).click();
    await expect(actor.page.getByText('You applied:')).toBeVisible();

    // The applicant manager, on the poster's phone, in both colour schemes.
    for (const scheme of ['light', 'dark'] as const) {
      const poster = await phone(browser, scheme);
      await signInAt(poster.page, server.url, director);
      const managerPhotos = photoRequests(poster.page);
      await poster.page.goto(`${server.url}/me/casting-calls/${call.id}`);
      const card = poster.page.getByRole('article', { name: 'Ritika Sawant' });
      const cardPhoto = card.getByRole('img', { name: 'Photo of Ritika Sawant' });
      await expect(cardPhoto).toHaveJSProperty('complete', true);
      expect(await cardPhoto.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-400w\.webp$/);
      await card.getByRole('button', { name: 'Open application' }).click();
      const sent = card.getByRole('img', { name: /^Ritika Sawant, photo \d/ });
      await expect(sent).toHaveCount(2);
      for (const photo of await sent.all()) await expect(photo).toHaveJSProperty('complete', true);
      expect(managerPhotos.length).toBeGreaterThanOrEqual(2);
      expect(managerPhotos.filter((url) => !url.endsWith('-400w.webp'))).toEqual([]);
      await card.screenshot({ path: testInfo.outputPath(`applicant-card-360-${scheme}.png`) });
      await poster.close();
    }
    await actor.close();
  });

  test('a 12-megapixel camera photo is made smaller on the phone, sent with its progress shown, and a file that is no image is refused before sending', async ({
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const photo = await cameraPhoto();
    expect(photo.length).toBeGreaterThan(UPLOAD_MAX_BYTES);

    for (const scheme of ['light', 'dark'] as const) {
      const actor = await phone(browser, scheme);
      const { page } = actor;
      const member = await actorWithPhotos(page, 'Sneha Kulkarni', 0);
      await keepSentFiles(page);
      await signInAt(page, server.url, member.credentials);
      await page.goto(`${server.url}/my-profile`);
      await expect(page.getByRole('heading', { level: 2, name: 'Headshots' })).toBeVisible();
      const uploads: Request[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/me/profile/photos')) uploads.push(request);
      });

      // A file that is no image, over the limit: refused on the phone, with the limit named, and nothing sent.
      await page.locator('input[type="file"]').setInputFiles({
        name: 'IMG_0001.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.alloc(UPLOAD_MAX_BYTES + 1024, 7),
      });
      await expect(
        page.getByRole('alert').filter({ hasText: 'Upload a JPEG, PNG or WebP image, at most 5 MB' }),
      ).toBeVisible();
      expect(uploads).toEqual([]);
      await page
        .getByRole('region', { name: 'Headshots' })
        .screenshot({ path: testInfo.outputPath(`upload-refused-360-${scheme}.png`) });

      // At a phone's upload speed (2 Mbps) the bar moves through the share sent.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: -1,
        uploadThroughput: 250_000,
      });
      const answered = page.waitForResponse(
        (response) => response.request().method() === 'POST' && response.url().endsWith('/me/profile/photos'),
      );
      await page.locator('input[type="file"]').setInputFiles({
        name: 'IMG_0002.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      const bar = page.getByRole('progressbar', { name: 'Upload progress' });
      await expect(bar).toHaveAttribute('aria-valuenow', /^[1-9]\d?$/);
      await expect(page.getByText(/^Uploading: [1-9]\d?%$/)).toBeVisible();
      await page
        .getByRole('region', { name: 'Headshots' })
        .screenshot({ path: testInfo.outputPath(`upload-progress-360-${scheme}.png`) });
      const response = await answered;
      expect(response.status()).toBe(201);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });

      // What reached the server: one file, under the limit, at the largest width the server keeps.
      expect(uploads).toHaveLength(1);
      expect((await uploads[0]!.sizes()).requestBodySize).toBeLessThan(UPLOAD_MAX_BYTES);
      const sent = await page.evaluate(async () => {
        const [file] = (window as unknown as { sentFiles: Blob[] }).sentFiles;
        const bitmap = await createImageBitmap(file!);
        return { size: file!.size, type: file!.type, width: bitmap.width, height: bitmap.height };
      });
      expect(sent).toMatchObject({ type: 'image/webp', width: UPLOAD_LARGEST_WIDTH, height: 1200 });
      expect(sent.size).toBeLessThan(photo.length / 2);
      expect(((await response.json()) as { data: { photos: unknown[] } }).data.photos).toHaveLength(1);
      await expect(page.getByRole('img', { name: 'Photo 1, main' })).toBeVisible();
      await expect(bar).toHaveCount(0);
      await actor.close();
    }
  });
});
