import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { buffer } from 'node:stream/consumers';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tape } from '../../src/contract/tapes.js';
import { rowsOf } from '../../server/src/db/client.js';
import { mailOutbox, notifications, selfTapes, users } from '../../server/src/db/schema.js';
import { tapeSigner } from '../../server/src/lib/tape-addresses.js';
import { processTape } from '../../server/src/lib/tape-job.js';
import { createShopper, createStaff } from './shop-helpers.js';
import { recordedWebm, storeTape, tapeWorld, testVideo, type TapeWorld } from './tape-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const run = promisify(execFile);
const API = '/backend/api';

let testApp: TestApp;
let work: string;
let sixSeconds: Buffer;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'tape-test-'));
  sixSeconds = await testVideo(path.join(work, 'six.mp4'), 6);
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  await fs.rm(work, { recursive: true, force: true });
});

const statusOf = async (id: number) => (await testApp.app.db.select().from(selfTapes).where(eq(selfTapes.id, id)))[0]!;

/** Waits for the job to take tape `id` out of `processing`. */
async function settled(id: number) {
  await expect
    .poll(async () => (await statusOf(id)).status, { timeout: 150_000, interval: 250 })
    .not.toBe('processing');
  return statusOf(id);
}

/** The stored file `key`, written to the work folder for ffprobe. */
async function storedFile(key: string): Promise<string> {
  const found = await testApp.app.storage.read(key);
  if (!found) throw new Error(`${key} is not stored`);
  const file = path.join(work, key.replaceAll('/', '-'));
  await fs.writeFile(file, await buffer(found.body));
  return file;
}

async function probeJson(file: string) {
  const { stdout } = await run('ffprobe', [
    '-v',
    'error',
    '-show_entries',
    'format=duration:format_tags:stream=codec_name,codec_type,width,height',
    '-of',
    'json',
    file,
  ]);
  return JSON.parse(stdout) as {
    streams: { codec_name: string; codec_type: string; width?: number; height?: number }[];
    format: { duration: string; tags?: Record<string, string> };
  };
}

async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const entry of testApp.app.storage.list(prefix)) keys.push(entry.key);
  return keys.sort();
}

const getTape = (id: number, headers: Record<string, string> = {}) =>
  testApp.app.inject({ method: 'GET', url: `${API}/v1/tapes/${id}`, headers });

describe('the tape job', () => {
  let world: TapeWorld;
  let tapeId: number;

  beforeAll(async () => {
    world = await tapeWorld(testApp.app);
    // Parts of 64 KB, as the upload stores each request's bytes.
    tapeId = await storeTape(testApp.app, world, sixSeconds, { partSize: 64 * 1024 });
  }, 180_000);

  it('makes H.264/AAC MP4s at 720p and 480p that play while loading, with no place in them, and a poster frame', async () => {
    const tape = await settled(tapeId);
    expect(tape.status).toBe('ready');
    expect(tape.failure).toBeNull();
    expect(tape.durationSeconds).toBe(6);
    expect(tape.readyAt).not.toBeNull();
    // The uploaded parts go once the tape is ready (a step after its row says so): the job ends with the renditions.
    await expect
      .poll(() => keysUnder(`tapes/${tapeId}/`))
      .toEqual([`tapes/${tapeId}/480.mp4`, `tapes/${tapeId}/720.mp4`, `tapes/${tapeId}/poster.jpg`].sort());
    for (const [name, width, height] of [
      ['720.mp4', 1280, 720],
      ['480.mp4', 854, 480],
    ] as const) {
      const file = await storedFile(`tapes/${tapeId}/${name}`);
      const probed = await probeJson(file);
      expect(probed.streams.map((stream) => [stream.codec_type, stream.codec_name])).toEqual([
        ['video', 'h264'],
        ['audio', 'aac'],
      ]);
      expect(probed.streams[0]).toMatchObject({ width, height });
      expect(Number(probed.format.duration)).toBeCloseTo(6, 0);
      // The source said where it was shot; the renditions do not.
      expect(JSON.stringify(probed.format.tags ?? {})).not.toContain('location');
      expect(JSON.stringify(probed.format.tags ?? {})).not.toContain('19.0760');
      // +faststart: the index (moov) comes before the media (mdat), so a player starts before the whole file is in.
      const bytes = await fs.readFile(file);
      expect(bytes.indexOf('moov')).toBeGreaterThan(0);
      expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'));
    }
    const poster = await probeJson(await storedFile(`tapes/${tapeId}/poster.jpg`));
    expect(poster.streams[0]).toMatchObject({ codec_name: 'mjpeg', width: 1280, height: 720 });
  }, 180_000);

  it('tells the owner the tape is ready', async () => {
    await settled(tapeId);
    const told = await testApp.app.db.select().from(notifications).where(eq(notifications.userId, world.actor.id));
    expect(told).toMatchObject([{ kind: 'application', title: 'Your self-tape is ready', link: '/me/applications' }]);
    expect(told[0]!.body).toContain('Sarita in Monsoon Letters');
  });

  it('tells the poster who asked for it that the applicant’s tape has arrived, in the centre and by mail', async () => {
    await settled(tapeId);
    const told = await testApp.app.db.select().from(notifications).where(eq(notifications.userId, world.poster.id));
    expect(told).toMatchObject([
      { kind: 'applicants', title: 'A self-tape has arrived', link: `/me/casting-calls/${world.callId}` },
    ]);
    expect(told[0]!.body).toContain('Kabir Actor');
    expect(told[0]!.body).toContain('Sarita in Monsoon Letters');
    const [poster] = await testApp.app.db.select().from(users).where(eq(users.id, world.poster.id));
    const mailed = await testApp.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, poster!.email!));
    expect(mailed.map((mail) => mail.subject)).toContain('A self-tape has arrived');
  });

  it('is done once: a second job for a ready tape changes nothing', async () => {
    await settled(tapeId);
    const context = { db: testApp.app.db, storage: testApp.app.storage, log: testApp.app.log, publicUrl: 'http://x' };
    expect(await processTape(context, tapeId, false)).toBe('skipped');
  });

  it('serves the tape to its owner, the call’s poster and staff, and to nobody else', async () => {
    await settled(tapeId);
    const owner = await getTape(tapeId, world.actor.headers);
    expect(owner.statusCode, owner.body).toBe(200);
    const tape = owner.json().data as Tape;
    expect(tape).toMatchObject({
      id: tapeId,
      role_id: world.roleId,
      application_id: world.applicationId,
      status: 'ready',
      failure: null,
      duration_seconds: 6,
    });
    expect(tape.sources.map((source) => source.height)).toEqual([720, 480]);
    expect(tape.poster_url).toMatch(new RegExp(`^/v1/tapes/${tapeId}/files/poster\\.jpg\\?expires=\\d+&signature=`));
    expect((await getTape(tapeId, world.poster.headers)).statusCode).toBe(200);
    expect((await getTape(tapeId, (await createStaff(testApp.app, 'moderator')).headers)).statusCode).toBe(200);
    const stranger = await getTape(tapeId, (await createShopper(testApp.app, 'Someone Else')).headers);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ message: 'There is no such tape', code: 'no_such_tape' });
    expect((await getTape(tapeId)).statusCode).toBe(401);
    expect((await getTape(999_999, world.actor.headers)).statusCode).toBe(404);
  });

  it('keeps a tape not yet sent with an application from the poster, and every tape from staff outside moderation', async () => {
    await settled(tapeId);
    // The actor uploaded it for the role but has not sent it: the call's poster must not find it by its number.
    await testApp.app.db.update(selfTapes).set({ applicationId: null }).where(eq(selfTapes.id, tapeId));
    try {
      expect((await getTape(tapeId, world.actor.headers)).statusCode).toBe(200);
      expect((await getTape(tapeId, world.poster.headers)).statusCode).toBe(404);
    } finally {
      await testApp.app.db
        .update(selfTapes)
        .set({ applicationId: world.applicationId })
        .where(eq(selfTapes.id, tapeId));
    }
    for (const role of ['editor', 'shop_manager'] as const) {
      expect((await getTape(tapeId, (await createStaff(testApp.app, role)).headers)).statusCode).toBe(404);
    }
    expect((await getTape(tapeId, (await createStaff(testApp.app, 'admin')).headers)).statusCode).toBe(200);
  });

  it('serves a rendition at its signed address with range requests, and refuses a changed or expired address', async () => {
    await settled(tapeId);
    const tape = (await getTape(tapeId, world.poster.headers)).json().data as Tape;
    const url = `${API}${tape.sources[0]!.url}`;
    const whole = await testApp.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['cache-control']).toMatch(/^private, max-age=(9\d\d|8\d\d)$/);
    const size = whole.rawPayload.length;
    const part = await testApp.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${size}`);
    expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
    const tail = await testApp.app.inject({ method: 'GET', url, headers: { range: `bytes=${size - 10}-` } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.length).toBe(10);
    expect((await testApp.app.inject({ method: 'GET', url, headers: { range: `bytes=${size}-` } })).statusCode).toBe(
      416,
    );
    // The 720p address does not open the 480p file, nor another tape's; a changed signature opens nothing.
    expect((await testApp.app.inject({ method: 'GET', url: url.replace('720.mp4', '480.mp4') })).statusCode).toBe(404);
    expect(
      (await testApp.app.inject({ method: 'GET', url: url.replace(`/${tapeId}/`, `/${tapeId + 1000}/`) })).statusCode,
    ).toBe(404);
    expect(
      (await testApp.app.inject({ method: 'GET', url: url.replace(/signature=./, 'signature=A') })).statusCode,
    ).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: url.split('?')[0]! })).statusCode).toBe(404);
    // An address signed 16 minutes ago has expired.
    const old = await tapeSigner(testApp.app.storage).sign(tapeId, '720.mp4', new Date(Date.now() - 16 * 60_000));
    expect(
      (await testApp.app.inject({ method: 'GET', url: `${API}/v1/tapes/${tapeId}/files/720.mp4?${old}` })).statusCode,
    ).toBe(404);
    const fresh = await tapeSigner(testApp.app.storage).sign(tapeId, '720.mp4');
    expect(
      (await testApp.app.inject({ method: 'GET', url: `${API}/v1/tapes/${tapeId}/files/720.mp4?${fresh}` })).statusCode,
    ).toBe(200);
  });

  it('shows the tape to the poster on the applicant’s card, with its status', async () => {
    await settled(tapeId);
    const list = await testApp.app.inject({
      method: 'GET',
      url: `${API}/api/user/v1/casting-calls/${world.callId}/applications`,
      headers: world.poster.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject([{ id: world.applicationId, tape: { id: tapeId, status: 'ready' } }]);
  });

  it('deletes the upload’s parts once the tape is ready', async () => {
    await settled(tapeId);
    await expect.poll(() => keysUnder(`tapes/${tapeId}/parts/`)).toEqual([]);
  });
});

describe('a tape the job cannot use', () => {
  it('fails a file that is not a video, in words for its owner, told in the centre and by mail', async () => {
    const world = await tapeWorld(testApp.app);
    await testApp.app.db.update(users).set({ language: 'hi' }).where(eq(users.id, world.actor.id));
    const id = await storeTape(testApp.app, world, Buffer.from('%PDF-1.4 not a video at all '.repeat(2000)));
    const tape = await settled(id);
    expect(tape).toMatchObject({ status: 'failed', failure: 'not_video' });
    const answer = (await getTape(id, world.actor.headers)).json().data as Tape;
    expect(answer).toMatchObject({ status: 'failed', sources: [], poster_url: null });
    expect(answer.failure).toBe('यह फ़ाइल ऐसा वीडियो नहीं है जिसे हम चला सकें');
    const told = await testApp.app.db.select().from(notifications).where(eq(notifications.userId, world.actor.id));
    expect(told).toMatchObject([{ title: 'आपका सेल्फ़-टेप इस्तेमाल नहीं हो सका' }]);
    const mails = await testApp.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'application'), sql`${mailOutbox.text} like ${'%Monsoon Letters%'}`));
    expect(mails.length).toBeGreaterThan(0);
    // Its parts go after its row says so.
    await expect.poll(() => keysUnder(`tapes/${id}/`)).toEqual([]);
  }, 180_000);

  it('fails a tape longer than its role takes, saying the limit', async () => {
    const world = await tapeWorld(testApp.app, 3);
    const id = await storeTape(testApp.app, world, sixSeconds);
    expect(await settled(id)).toMatchObject({ status: 'failed', failure: 'too_long' });
    const answer = (await getTape(id, world.actor.headers)).json().data as Tape;
    expect(answer.failure).toBe('The tape is longer than this role takes (3 seconds)');
    // Its parts go after its row says so.
    await expect.poll(() => keysUnder(`tapes/${id}/`)).toEqual([]);
  }, 180_000);

  it('takes a tape as long as its role takes, give or take what a recorder adds', async () => {
    const world = await tapeWorld(testApp.app, 6);
    const id = await storeTape(testApp.app, world, sixSeconds);
    expect(await settled(id)).toMatchObject({ status: 'ready', durationSeconds: 6 });
  }, 180_000);
});

describe('tapes as phones and browsers record them', () => {
  it('makes a browser’s portrait recording (WebM: VP8 and Opus) into MP4s 720 and 480 wide', async () => {
    const webm = await recordedWebm(path.join(work, 'portrait.webm'), 3, 720, 1280);
    const world = await tapeWorld(testApp.app);
    const id = await storeTape(testApp.app, world, webm, { partSize: 64 * 1024 });
    expect(await settled(id)).toMatchObject({ status: 'ready', durationSeconds: 3 });
    const high = await probeJson(await storedFile(`tapes/${id}/720.mp4`));
    expect(high.streams.map((stream) => stream.codec_name)).toEqual(['h264', 'aac']);
    expect(high.streams[0]).toMatchObject({ width: 720, height: 1280 });
    const low = await probeJson(await storedFile(`tapes/${id}/480.mp4`));
    expect(low.streams[0]!.width).toBe(480);
    expect(low.streams[0]!.height).toBeGreaterThanOrEqual(852);
    expect(low.streams[0]!.height).toBeLessThanOrEqual(854);
  }, 180_000);

  it('fails a browser’s recording longer than its role takes', async () => {
    const webm = await recordedWebm(path.join(work, 'long.webm'), 6, 320, 240);
    const world = await tapeWorld(testApp.app, 3);
    const id = await storeTape(testApp.app, world, webm);
    expect(await settled(id)).toMatchObject({ status: 'failed', failure: 'too_long' });
  }, 180_000);
});

describe('a tape job that fails for a passing reason', () => {
  it('is tried again: it throws, and the tape stays processing until a later try makes it', async () => {
    const world = await tapeWorld(testApp.app);
    // A part the store lost for a moment: the job throws, and pg-boss tries it again later.
    const id = await storeTape(testApp.app, world, sixSeconds, { queue: false, skipPart: 1, partSize: 64 * 1024 });
    const context = { db: testApp.app.db, storage: testApp.app.storage, log: testApp.app.log, publicUrl: 'http://x' };
    await expect(processTape(context, id, false)).rejects.toThrow(/misses bytes/);
    expect((await statusOf(id)).status).toBe('processing');
    const partSize = 64 * 1024;
    await testApp.app.storage.put(
      `tapes/${id}/parts/${String(partSize).padStart(12, '0')}`,
      sixSeconds.subarray(partSize, 2 * partSize),
    );
    expect(await processTape(context, id, false)).toBe('ready');
  }, 180_000);

  it('fails the tape on the last try, and tells its owner', async () => {
    const world = await tapeWorld(testApp.app);
    const id = await storeTape(testApp.app, world, sixSeconds, { queue: false, skipPart: 0, partSize: 64 * 1024 });
    const context = { db: testApp.app.db, storage: testApp.app.storage, log: testApp.app.log, publicUrl: 'http://x' };
    expect(await processTape(context, id, true)).toBe('failed');
    expect(await statusOf(id)).toMatchObject({ status: 'failed', failure: 'not_processed' });
    const answer = (await getTape(id, world.actor.headers)).json().data as Tape;
    expect(answer.failure).toBe('The tape could not be prepared for playing');
  }, 180_000);

  it('is queued with tries to spare and a claim longer than a 10-minute tape takes', async () => {
    const [queue] = rowsOf<{ retry_limit: number; expire_seconds: number }>(
      await testApp.app.db.execute(sql`select retry_limit, expire_seconds from pgboss.queue where name = 'tapes'`),
    );
    expect(queue!.retry_limit).toBeGreaterThanOrEqual(3);
    expect(queue!.expire_seconds).toBeGreaterThanOrEqual(900);
  });
});
