import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Page } from '@playwright/test';
import { and, asc, eq, inArray } from 'drizzle-orm';
import Fastify from 'fastify';
import { openDatabase } from '../../server/src/db/client.js';
import { castingApplications, castingCalls, castingRoles, profiles, selfTapes } from '../../server/src/db/schema.js';
import { folderStorage } from '../../server/src/lib/storage.js';
import { processTape } from '../../server/src/lib/tape-job.js';
import { expect, test } from './fixtures';
import { startServerProcess, type ServerProcess } from './server-process';
import { signInAt, USER_API } from './shop-helpers';

const run = promisify(execFile);
const director = { email: 'neha@cineverse.in', password: 'Audition@2026' };

/**
 * Two applicants of the demo call "Monsoon Letters" sent self-tapes (a landscape one and a portrait one, as a phone
 * records them). Their uploads' parts are put in the server's data folder and made into renditions by the tape job
 * before the server starts; the casting director plays them in the applicant manager.
 */
async function sendTapes(dataDir: string): Promise<string[]> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'tape-e2e-'));
  const database = await openDatabase({ databaseUrl: undefined, pgliteDir: path.join(dataDir, 'pglite') });
  const storage = folderStorage(path.join(dataDir, 'uploads'));
  const log = Fastify({ logger: false }).log;
  try {
    const { db } = database;
    const [role] = await db
      .select({ id: castingRoles.id })
      .from(castingRoles)
      .innerJoin(castingCalls, eq(castingCalls.id, castingRoles.callId))
      .where(eq(castingCalls.title, 'Monsoon Letters'))
      .orderBy(asc(castingRoles.position))
      .limit(1);
    const applicants = await db
      .select({ id: castingApplications.id, userId: profiles.userId, name: profiles.displayName })
      .from(castingApplications)
      .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
      .where(
        and(
          eq(castingApplications.roleId, role!.id),
          inArray(castingApplications.status, ['submitted', 'viewed', 'shortlisted']),
        ),
      )
      .orderBy(asc(castingApplications.id))
      .limit(2);
    expect(applicants).toHaveLength(2);
    for (const [index, applicant] of applicants.entries()) {
      const size = index === 0 ? '1280x720' : '720x1280';
      const file = path.join(work, `${index}.mp4`);
      await run('ffmpeg', [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        `testsrc=size=${size}:rate=25`,
        '-f',
        'lavfi',
        '-i',
        'sine=frequency=440',
        '-t',
        '5',
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-c:a',
        'aac',
        '-shortest',
        file,
      ]);
      const bytes = await fs.readFile(file);
      const [tape] = await db
        .insert(selfTapes)
        .values({
          userId: applicant.userId,
          roleId: role!.id,
          applicationId: applicant.id,
          uploadId: `e2e-${applicant.id}`,
          size: bytes.length,
          received: bytes.length,
          fileType: 'video/mp4',
          status: 'processing',
        })
        .returning({ id: selfTapes.id });
      const partSize = 64 * 1024;
      for (let offset = 0; offset < bytes.length; offset += partSize) {
        await storage.put(
          `tapes/${tape!.id}/parts/${String(offset).padStart(12, '0')}`,
          bytes.subarray(offset, offset + partSize),
        );
      }
      expect(await processTape({ db, storage, log, publicUrl: 'http://localhost' }, tape!.id, true)).toBe('ready');
    }
    return applicants.map((applicant) => applicant.name);
  } finally {
    await database.close();
    await fs.rm(work, { recursive: true, force: true });
  }
}

let server: ServerProcess;
let names: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startServerProcess({ SKIP_BUILD: '1' }, false, async (dataDir) => {
    names = await sendTapes(dataDir);
  });
});
test.afterAll(async () => {
  await server?.stop();
});

/** Opens the applicants of "Monsoon Letters" as its casting director (in Hindi with `language` hi). */
async function openApplicants(page: Page, language: 'en' | 'hi' = 'en') {
  const token = await signInAt(page, server.url, director);
  const answer = await page.request.get(`${server.url}${USER_API}/me/casting-calls`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const calls = ((await answer.json()) as { data: { id: number; title: string }[] }).data;
  const callId = calls.find((call) => call.title === 'Monsoon Letters')!.id;
  await page.goto(`${server.url}${language === 'hi' ? '/hi' : ''}/me/casting-calls/${callId}`);
  await expect(page.getByRole('article', { name: names[0], exact: true })).toBeVisible();
}

/** Waits until `video` has played past its first second (muted: a browser plays muted video without a gesture). */
async function plays(page: Page, testId = 'tape-video', index = 0) {
  const video = page.getByTestId(testId).nth(index);
  await video.evaluate((element: HTMLVideoElement) => {
    element.muted = true;
    void element.play();
  });
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`on a 360 px phone, ${colorScheme}`, () => {
    test.use({ viewport: { width: 360, height: 740 }, colorScheme });

    test('the poster plays an applicant’s tape with its poster frame, the 480p rendition, by range requests', async ({
      page,
    }, info) => {
      const ranges: number[] = [];
      page.on('response', (response) => {
        if (/\/v1\/tapes\/\d+\/files\/\d+\.mp4/.test(response.url())) ranges.push(response.status());
      });
      await openApplicants(page);
      const card = page.getByRole('article', { name: names[0], exact: true });
      await card.getByRole('button', { name: 'Play tape' }).scrollIntoViewIfNeeded();
      await card.screenshot({ path: info.outputPath(`card-360-${colorScheme}.png`) });
      await card.getByRole('button', { name: 'Play tape' }).click();
      const dialog = page.getByRole('dialog', { name: `Self-tape: ${names[0]}` });
      const video = dialog.getByTestId('tape-video');
      await expect(video).toHaveAttribute('poster', /\/backend\/api\/v1\/tapes\/\d+\/files\/poster\.jpg\?expires=/);
      await expect(video).toHaveAttribute('src', /\/files\/480\.mp4\?expires=\d+&signature=/);
      await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
      await page.screenshot({ path: info.outputPath(`tape-360-${colorScheme}.png`) });
      await plays(page);
      expect(ranges).toContain(206);
      const box = (await video.boundingBox())!;
      expect(box.width).toBeLessThanOrEqual(360);
      expect(box.height).toBeGreaterThan(100);
    });

    test('the poster compares two applicants’ tapes side by side', async ({ page }, info) => {
      await openApplicants(page);
      for (const name of names) await page.getByRole('checkbox', { name: `Choose ${name}` }).check();
      const bar = page.getByRole('group', { name: 'With the chosen applicants' });
      await bar.getByRole('button', { name: 'Compare tapes' }).click();
      const dialog = page.getByRole('dialog', { name: 'Two tapes side by side' });
      const videos = dialog.getByTestId('tape-video');
      await expect(videos).toHaveCount(2);
      for (const index of [0, 1]) {
        await expect
          .poll(() => videos.nth(index).evaluate((element: HTMLVideoElement) => element.readyState))
          .toBeGreaterThan(0);
      }
      await expect(dialog.getByText(names[0]!, { exact: true })).toBeVisible();
      await expect(dialog.getByText(names[1]!, { exact: true })).toBeVisible();
      const [left, right] = [(await videos.nth(0).boundingBox())!, (await videos.nth(1).boundingBox())!];
      expect(left.x + left.width).toBeLessThanOrEqual(right.x);
      expect(Math.abs(left.y - right.y)).toBeLessThan(2);
      await expect(videos.nth(0)).toBeInViewport();
      await expect(videos.nth(1)).toBeInViewport();
      await page.screenshot({ path: info.outputPath(`compare-360-${colorScheme}.png`) });
      await plays(page, 'tape-video', 1);
    });
  });
}

test.describe('on a desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the poster compares two tapes side by side in 720p', async ({ page }, info) => {
    await openApplicants(page);
    for (const name of names) await page.getByRole('checkbox', { name: `Choose ${name}` }).check();
    await page.getByRole('button', { name: 'Compare tapes' }).click();
    const videos = page.getByRole('dialog', { name: 'Two tapes side by side' }).getByTestId('tape-video');
    await expect(videos).toHaveCount(2);
    await expect(videos.nth(0)).toHaveAttribute('src', /\/files\/720\.mp4\?/);
    const [left, right] = [(await videos.nth(0).boundingBox())!, (await videos.nth(1).boundingBox())!];
    expect(left.x + left.width).toBeLessThanOrEqual(right.x);
    expect(left.width).toBeGreaterThan(400);
    await expect
      .poll(() => videos.nth(1).evaluate((element: HTMLVideoElement) => element.readyState))
      .toBeGreaterThan(0);
    await page.screenshot({ path: info.outputPath('compare-1280.png') });
  });
});

test.describe('in Hindi on a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the tape plays from the Hindi applicant manager', async ({ page }, info) => {
    await openApplicants(page, 'hi');
    await page.getByRole('article', { name: names[0], exact: true }).getByRole('button', { name: 'टेप चलाएँ' }).click();
    const dialog = page.getByRole('dialog', { name: `सेल्फ़-टेप: ${names[0]}` });
    await expect(dialog.getByTestId('tape-video')).toHaveAttribute('poster', /poster\.jpg/);
    await page.screenshot({ path: info.outputPath('tape-360-hi.png') });
  });
});
