import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { buffer } from 'node:stream/consumers';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TAPE_UPLOADS_PATH } from '../../src/contract/tapes.js';
import { buildApp } from '../../server/src/app.js';
import { rowsOf } from '../../server/src/db/client.js';
import {
  castingApplications,
  castingCalls,
  notifications,
  profilePhotos,
  profiles,
  selfTapes,
} from '../../server/src/db/schema.js';
import { partKey } from '../../server/src/lib/tape-uploads.js';
import { createShopper, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const USER = '/backend/api/api/user/v1';
const UPLOADS = `${USER}${TAPE_UPLOADS_PATH}`;
/** Small parts and a short lease, so a few hundred kilobytes make many parts and a dead lease lapses in seconds. */
const tapeUploads = { partBytes: 64 * 1024, leaseMs: 2_000, lockWaitMs: 5_000 };

let testApp: TestApp;
let app: FastifyInstance;
let base: string;
let handles = 0;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false, tapeUploads });
  app = testApp.app;
  base = await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => testApp.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function send(method: string, url: string, who?: Shopper, body?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

async function member(kind: 'actor' | 'house'): Promise<Shopper & { handle: string }> {
  const who = await createShopper(app, `Member ${kind}`);
  handles += 1;
  const handle = `${kind}-${handles}`;
  const body =
    kind === 'house'
      ? { kind: 'organisation', category: 'Production House', display_name: 'Red Kite Films', city: 'Mumbai' }
      : {
          kind: 'person',
          category: 'Artist',
          display_name: `Actor ${handles}`,
          crafts: ['actor'],
          city: 'Pune',
          languages: [{ language: 'Marathi', level: 'native' }],
          playing_age_min: 22,
          playing_age_max: 30,
          gender: 'female',
        };
  const response = await send('PUT', `${USER}/me/profile`, who, { handle, ...body });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, handle));
  if (kind === 'house') await app.db.update(profiles).set({ verified: true }).where(eq(profiles.id, row!.id));
  else await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${handle}.webp`, main: true });
  return { ...who, handle };
}

/** A published call whose first role asks for a self-tape and whose second does not. */
async function postCall(poster: Shopper) {
  const response = await send('POST', `${USER}/casting-calls`, poster, {
    title: 'Monsoon Letters',
    project_type: 'feature',
    description: 'A Marathi feature about letters lost in a flood.',
    city: 'Pune',
    shoot_start: inDays(40),
    shoot_end: inDays(70),
    deadline: inDays(20),
    roles: [
      {
        name: 'Sarita',
        genders: ['female'],
        age_min: 20,
        age_max: 30,
        languages: ['Marathi'],
        paid: true,
        pay_inr: 150000,
        requires: { photo: true, reel: false, self_tape: true },
        self_tape_instructions: 'Read the letter scene, facing the camera.',
      },
      { name: 'Postman', genders: ['female'], age_min: 20, age_max: 60, languages: ['Marathi'], paid: false },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  const call = response.json().data as { id: number; status: string; roles: { id: number }[] };
  expect(call.status).toBe('published');
  return { id: call.id, taped: call.roles[0]!.id, plain: call.roles[1]!.id };
}

const metadata = (fields: Record<string, string | number>) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

/** POST of a new upload over real HTTP; returns the answer. */
function create(who: Shopper | undefined, size: number, fields: Record<string, string | number>, at = base) {
  return fetch(`${at}${UPLOADS}`, {
    method: 'POST',
    headers: {
      ...(who?.headers ?? {}),
      'tus-resumable': '1.0.0',
      'upload-length': String(size),
      'upload-metadata': metadata(fields),
    },
  });
}

async function created(who: Shopper, size: number, fields: Record<string, string | number>, at = base) {
  const response = await create(who, size, fields, at);
  expect(response.status, await response.clone().text()).toBe(201);
  return new URL(response.headers.get('location')!, `${at}${UPLOADS}`).pathname;
}

function patch(who: Shopper, upload: string, offset: number, bytes: Uint8Array, at = base) {
  return fetch(`${at}${upload}`, {
    method: 'PATCH',
    headers: {
      ...who.headers,
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
}

async function offsetOf(who: Shopper, upload: string, at = base) {
  const response = await fetch(`${at}${upload}`, {
    method: 'HEAD',
    headers: { ...who.headers, 'tus-resumable': '1.0.0' },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return Number(response.headers.get('upload-offset'));
}

const uploadIdOf = (upload: string) => upload.split('/').pop()!;

async function tapeOf(upload: string) {
  const [row] = await app.db
    .select()
    .from(selfTapes)
    .where(eq(selfTapes.uploadId, uploadIdOf(upload)));
  return row!;
}

/** The tape's stored parts, read in their keys' order and joined: the file as the tape job will read it. */
async function storedBytes(tapeId: number): Promise<Buffer> {
  const tapes = app.storage.folder('tapes');
  const keys: string[] = [];
  for await (const entry of tapes.list(`${tapeId}/parts/`)) keys.push(entry.key);
  keys.sort();
  const parts: Buffer[] = [];
  for (const key of keys) parts.push(await buffer((await tapes.read(key))!.body));
  return Buffer.concat(parts);
}

async function tapeJobs(tapeId: number) {
  const rows = rowsOf<{ data: { tapeId: number } }>(
    await app.db.execute(sql`select data from pgboss.job where name = 'tapes'`),
  );
  return rows.filter((row) => row.data.tapeId === tapeId).length;
}

/** A PATCH whose connection is cut after `sent` bytes of `bytes` (a phone losing its network mid-upload). */
function cutPatch(who: Shopper, upload: string, offset: number, bytes: Buffer, sent: number) {
  return new Promise<void>((resolve) => {
    const request = http.request(`${base}${upload}`, {
      method: 'PATCH',
      headers: {
        ...who.headers,
        'tus-resumable': '1.0.0',
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes.subarray(0, sent), () => {
      // Once the bytes are on their way, the network goes.
      setImmediate(() => request.destroy());
    });
  });
}

describe('uploading a self-tape with the tus protocol', () => {
  it('creates an upload, takes half, tells its offset, resumes, and queues the tape for its renditions', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    const file = randomBytes(300 * 1024 + 17);
    const upload = await created(actor, file.length, { role_id: call.taped, filetype: 'video/webm' });
    expect(upload).toMatch(new RegExp(`^${UPLOADS}/[0-9a-f]{32}$`));

    const half = Math.floor(file.length / 2);
    const first = await patch(actor, upload, 0, file.subarray(0, half));
    expect(first.status).toBe(204);
    expect(first.headers.get('upload-offset')).toBe(String(half));
    expect(await offsetOf(actor, upload)).toBe(half);
    let tape = await tapeOf(upload);
    expect(tape).toMatchObject({ status: 'uploading', received: half, size: file.length, fileType: 'video/webm' });
    expect(tape.lockedBy).toBeNull();

    // Sent again from a wrong offset: refused, nothing written.
    expect((await patch(actor, upload, 0, file.subarray(0, 10))).status).toBe(409);

    const rest = await patch(actor, upload, half, file.subarray(half));
    expect(rest.status).toBe(204);
    expect(rest.headers.get('upload-offset')).toBe(String(file.length));
    tape = await tapeOf(upload);
    expect(tape).toMatchObject({ status: 'processing', received: file.length });
    expect(await tapeJobs(tape.id)).toBe(1);
    // Stored as parts of at most 64 KB, named by their offsets: together, the file.
    expect(await app.storage.exists(`tapes/${partKey(tape.id, 0)}`)).toBe(true);
    expect(await app.storage.exists(`tapes/${partKey(tape.id, 64 * 1024)}`)).toBe(true);
    expect((await storedBytes(tape.id)).equals(file)).toBe(true);
  });

  it('answers at the address its guide gives: OPTIONS tells the protocol, POST creates an upload under it', async () => {
    const guide = await readFile('docs/operations/tape-upload.md', 'utf8');
    const documented = /at `(\/backend\/api\/[^`]+)`/.exec(guide)?.[1];
    expect(documented).toBe('/backend/api/api/user/v1/tapes/uploads');
    const options = await fetch(`${base}${documented}`, { method: 'OPTIONS', headers: { 'tus-resumable': '1.0.0' } });
    expect(options.status).toBe(204);
    expect(options.headers.get('tus-version')).toContain('1.0.0');
    expect(options.headers.get('tus-extension')).toContain('creation');

    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    const response = await fetch(`${base}${documented}`, {
      method: 'POST',
      headers: {
        ...actor.headers,
        'tus-resumable': '1.0.0',
        'upload-length': '1024',
        'upload-metadata': metadata({ role_id: call.taped }),
      },
    });
    expect(response.status, await response.clone().text()).toBe(201);
    expect(new URL(response.headers.get('location')!, `${base}${documented}`).pathname).toMatch(
      new RegExp(`^${documented}/[0-9a-f]{32}$`),
    );
  });

  it('keeps what arrived before the connection was cut, and resumes from there', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    const file = randomBytes(400 * 1024);
    const upload = await created(actor, file.length, { role_id: call.taped });
    await cutPatch(actor, upload, 0, file, 200 * 1024);
    // The bytes that reached the server before the cut are stored (every whole part, and the part it was gathering).
    await expect.poll(async () => (await tapeOf(upload)).received, { timeout: 10_000 }).toBeGreaterThan(0);
    await expect.poll(async () => (await tapeOf(upload)).lockedBy, { timeout: 10_000 }).toBeNull();
    const offset = await offsetOf(actor, upload);
    expect(offset).toBeLessThanOrEqual(200 * 1024);
    expect(offset).toBe((await tapeOf(upload)).received);
    const rest = await patch(actor, upload, offset, file.subarray(offset));
    expect(rest.status).toBe(204);
    const tape = await tapeOf(upload);
    expect(tape.status).toBe('processing');
    expect((await storedBytes(tape.id)).equals(file)).toBe(true);
  });

  it('resumes through another server process on the same database, with tus-js-client', async () => {
    const second = await buildApp({
      database: testApp.database,
      dataDir: testApp.dataDir,
      distDir: path.join(testApp.dataDir, 'no-dist'),
      logLevel: 'silent',
      publicUrl: 'https://cineverse.test',
      role: 'web',
      tapeUploads,
    });
    try {
      const secondBase = await second.listen({ port: 0, host: '127.0.0.1' });
      const house = await member('house');
      const actor = await member('actor');
      const call = await postCall(house);
      const file = randomBytes(512 * 1024);
      let uploadUrl: string | null = null;
      // The first process takes half the tape, a chunk at a time; then the phone's app is closed.
      await new Promise<void>((resolve, reject) => {
        const upload = new TusUpload(file, {
          endpoint: `${base}${UPLOADS}`,
          headers: actor.headers,
          chunkSize: 64 * 1024,
          metadata: { role_id: String(call.taped), filetype: 'video/mp4' },
          retryDelays: [],
          onChunkComplete(_chunk, accepted) {
            if (accepted >= file.length / 2) {
              uploadUrl = upload.url;
              void upload.abort().then(resolve, reject);
            }
          },
          onError: reject,
        });
        upload.start();
      });
      expect(uploadUrl).not.toBeNull();
      const upload = new URL(uploadUrl!).pathname;
      const halfway = (await tapeOf(upload)).received;
      expect(halfway).toBeGreaterThanOrEqual(file.length / 2);
      expect(halfway).toBeLessThan(file.length);
      // Opened again, it resumes through the second process from what the first stored.
      const sent: number[] = [];
      await new Promise<void>((resolve, reject) => {
        const upload2 = new TusUpload(file, {
          endpoint: `${secondBase}${UPLOADS}`,
          uploadUrl: `${secondBase}${upload}`,
          headers: actor.headers,
          chunkSize: 64 * 1024,
          retryDelays: [],
          onChunkComplete(chunk) {
            sent.push(chunk);
          },
          onSuccess: () => resolve(),
          onError: reject,
        });
        upload2.start();
      });
      // No byte sent twice: the second process took exactly what was missing.
      expect(sent.reduce((sum, chunk) => sum + chunk, 0)).toBe(file.length - halfway);
      const tape = await tapeOf(upload);
      expect(tape.status).toBe('processing');
      expect((await storedBytes(tape.id)).equals(file)).toBe(true);
      expect(await tapeJobs(tape.id)).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('waits out the lock of a process that died, then takes the upload', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    const file = randomBytes(100 * 1024);
    const upload = await created(actor, file.length, { role_id: call.taped });
    // A process that died while it held the upload: its lease runs for a second more, and is never renewed.
    await app.db
      .update(selfTapes)
      .set({ lockedBy: 'gone-host:4242:dead', lockedUntil: sql`now() + interval '1 second'` })
      .where(eq(selfTapes.uploadId, uploadIdOf(upload)));
    const response = await patch(actor, upload, 0, file);
    expect(response.status).toBe(204);
    expect(await tapeOf(upload)).toMatchObject({ status: 'processing', lockedBy: null, received: file.length });
  });

  it('answers 423 while another process still holds the upload, which a client tries again', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    const upload = await created(actor, 1000, { role_id: call.taped });
    await app.db
      .update(selfTapes)
      .set({ lockedBy: 'busy-host:1:alive', lockedUntil: sql`now() + interval '1 hour'` })
      .where(eq(selfTapes.uploadId, uploadIdOf(upload)));
    const response = await patch(actor, upload, 0, randomBytes(1000));
    expect(response.status).toBe(423);
    expect(await response.json()).toMatchObject({ code: 'tape_busy' });
    expect((await tapeOf(upload)).received).toBe(0);
  });
});

describe('who may upload a tape, and how large', () => {
  it('is a signed-in member, for a role that asks for a tape, up to 500 MB', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    expect((await create(undefined, 1000, { role_id: call.taped })).status).toBe(401);

    const tooBig = await create(actor, 500 * 1024 * 1024 + 1, { role_id: call.taped });
    expect(tooBig.status).toBe(413);
    expect(await tooBig.json()).toMatchObject({ field: 'Upload-Length', code: 'tape_too_big' });

    const noRole = await create(actor, 1000, { filetype: 'video/mp4' });
    expect(noRole.status).toBe(400);
    expect(await noRole.json()).toMatchObject({ field: 'role_id', code: 'tape_role_missing' });

    const notAsked = await create(actor, 1000, { role_id: call.plain });
    expect(notAsked.status).toBe(422);
    expect(await notAsked.json()).toMatchObject({ field: 'role_id', code: 'tape_not_asked_role' });

    expect((await create(actor, 1000, { role_id: 2_000_000_000 })).status).toBe(404);
    // A poster's own call takes no tape of theirs, and an organisation's profile applies to nothing.
    expect((await create(house, 1000, { role_id: call.taped })).status).toBe(403);
    expect(await app.db.select().from(selfTapes).where(eq(selfTapes.roleId, call.plain))).toEqual([]);
  });

  it('is at most three unfinished at once: a fourth is refused with its code until one of them finishes', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    const fields = { role_id: call.taped, filetype: 'video/mp4' };
    const started = [];
    for (let index = 0; index < 3; index += 1) started.push(await created(actor, 4, fields));

    const fourth = await create(actor, 4, fields);
    expect(fourth.status).toBe(429);
    expect(await fourth.json()).toEqual({
      message: 'You have 3 tapes still uploading: let one of them finish before sending another',
      code: 'tape_uploads_unfinished',
      params: { max: '3' },
    });
    expect(await app.db.select().from(selfTapes).where(eq(selfTapes.roleId, call.taped))).toHaveLength(3);
    // Another member's uploads are theirs to count.
    const other = await member('actor');
    expect((await create(other, 4, fields)).status).toBe(201);

    // One arrives whole: a place is free again.
    const done = await patch(actor, started[0]!, 0, new Uint8Array([1, 2, 3, 4]));
    expect(done.status).toBe(204);
    expect((await create(actor, 4, fields)).status).toBe(201);
    expect((await create(actor, 4, fields)).status).toBe(429);
  });

  it('is its uploader’s alone: to anyone else it is not there', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const other = await member('actor');
    const call = await postCall(house);
    const upload = await created(actor, 1000, { role_id: call.taped });
    const head = await fetch(`${base}${upload}`, {
      method: 'HEAD',
      headers: { ...other.headers, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
    expect((await patch(other, upload, 0, randomBytes(1000))).status).toBe(404);
    const ended = await fetch(`${base}${upload}`, {
      method: 'DELETE',
      headers: { ...other.headers, 'tus-resumable': '1.0.0' },
    });
    expect(ended.status).toBe(404);
    expect((await tapeOf(upload)).received).toBe(0);

    // Its uploader may end it: the row and its parts go.
    expect((await patch(actor, upload, 0, randomBytes(500))).status).toBe(204);
    const tapeId = (await tapeOf(upload)).id;
    const own = await fetch(`${base}${upload}`, {
      method: 'DELETE',
      headers: { ...actor.headers, 'tus-resumable': '1.0.0' },
    });
    expect(own.status).toBe(204);
    expect(await app.db.select().from(selfTapes).where(eq(selfTapes.id, tapeId))).toEqual([]);
    expect(await app.storage.exists(`tapes/${partKey(tapeId, 0)}`)).toBe(false);
  });
});

/** A whole tape uploaded for `fields`, its row. */
async function uploadWhole(who: Shopper, fields: Record<string, string | number>, size = 70 * 1024) {
  const upload = await created(who, size, fields);
  expect((await patch(who, upload, 0, randomBytes(size))).status).toBe(204);
  return tapeOf(upload);
}

describe('a tape goes with an application', () => {
  it('taken by its uploader’s application to the same role, once, when every byte arrived', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const other = await member('actor');
    const call = await postCall(house);
    const applyWith = (who: Shopper, roleId: number, tapeId: number) =>
      send('POST', `${USER}/casting-calls/${call.id}/roles/${roleId}/applications`, who, {
        note: 'I grew up in Kolhapur.',
        self_tape_id: tapeId,
      });

    const half = await created(actor, 2000, { role_id: call.taped });
    expect((await patch(actor, half, 0, randomBytes(1000))).status).toBe(204);
    const unfinished = await applyWith(actor, call.taped, (await tapeOf(half)).id);
    expect(unfinished.statusCode).toBe(422);
    expect(unfinished.json()).toMatchObject({ field: 'self_tape_id', code: 'tape_incomplete' });

    const tape = await uploadWhole(actor, { role_id: call.taped });
    const stranger = await applyWith(other, call.taped, tape.id);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ field: 'self_tape_id', code: 'tape_not_yours' });
    expect((await applyWith(actor, call.plain, tape.id)).statusCode).toBe(404);

    const applied = await applyWith(actor, call.taped, tape.id);
    expect(applied.statusCode, applied.body).toBe(201);
    const application = applied.json().data as { id: number; self_tape_id: number | null };
    expect(application.self_tape_id).toBe(tape.id);
    expect((await tapeOf(`/${tape.uploadId}`)).applicationId).toBe(application.id);

    // The poster sees which tape each applicant sent.
    const list = await send('GET', `${USER}/casting-calls/${call.id}/applications`, house);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.find((item: { id: number }) => item.id === application.id).self_tape_id).toBe(tape.id);
    const mine = await send('GET', `${USER}/me/applications`, actor);
    expect(mine.json().data.find((item: { id: number }) => item.id === application.id).self_tape_id).toBe(tape.id);
  });

  it('tells the poster the tape arrived when it was ready before its application was sent', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    const tape = await uploadWhole(actor, { role_id: call.taped });
    // The job made it ready while the application waited on the phone.
    await app.db.update(selfTapes).set({ status: 'ready' }).where(eq(selfTapes.id, tape.id));
    const applied = await send('POST', `${USER}/casting-calls/${call.id}/roles/${call.taped}/applications`, actor, {
      note: 'I grew up in Kolhapur.',
      self_tape_id: tape.id,
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, house.id));
    expect(told.filter((notice) => notice.title === 'A self-tape has arrived')).toMatchObject([
      { kind: 'applicants', link: `/me/casting-calls/${call.id}` },
    ]);
  });
});

describe('the poster asks chosen applicants for a tape', () => {
  it('with a note and a deadline; each is told, and their tape answers the request', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const other = await member('actor');
    const call = await postCall(house);
    const apply = async (who: Shopper) => {
      const response = await send('POST', `${USER}/casting-calls/${call.id}/roles/${call.plain}/applications`, who, {
        note: 'I deliver letters in Pune.',
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().data.id as number;
    };
    const asked = await apply(actor);
    const notAsked = await apply(other);
    const request = (who: Shopper, body: Record<string, unknown>) =>
      send('POST', `${USER}/casting-calls/${call.id}/tape-requests`, who, body);

    expect((await request(actor, { application_ids: [asked], note: '', deadline: inDays(5) })).statusCode).toBe(404);
    const past = await request(house, { application_ids: [asked], note: '', deadline: inDays(-2) });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'deadline', code: 'tape_request_deadline_past' });
    expect((await request(house, { application_ids: [999_999], note: '', deadline: inDays(5) })).json()).toMatchObject({
      field: 'application_ids',
    });

    const deadline = inDays(5);
    const done = await request(house, {
      application_ids: [asked],
      note: 'Read the post office scene.',
      deadline,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data).toEqual({ requested: 1, deadline: `${deadline}T23:59:59+05:30` });
    const told = await app.db.select().from(notifications).where(eq(notifications.userId, actor.id));
    expect(told.find((notice) => notice.title === 'The poster asks you for a self-tape')?.body).toMatch(
      /^Postman in Monsoon Letters: send it by \d{1,2} \w{3} \d{4} \(India time\)\. Read the post office scene\.$/,
    );
    const mine = await send('GET', `${USER}/me/applications`, actor);
    expect(mine.json().data.find((item: { id: number }) => item.id === asked).tape_request).toMatchObject({
      note: 'Read the post office scene.',
      deadline: `${deadline}T23:59:59+05:30`,
    });

    // The role asks for no tape: only the asked applicant's own application takes one.
    const refused = await create(other, 1000, { role_id: call.plain, application_id: notAsked });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ field: 'application_id', code: 'tape_not_requested' });
    expect((await create(other, 1000, { role_id: call.plain, application_id: asked })).status).toBe(404);
    const tape = await uploadWhole(actor, { role_id: call.plain, application_id: asked });
    expect(tape).toMatchObject({ status: 'processing', applicationId: asked });
    const list = await send('GET', `${USER}/casting-calls/${call.id}/applications`, house);
    expect(list.json().data.find((item: { id: number }) => item.id === asked).self_tape_id).toBe(tape.id);
  });
});

describe('deleting tapes', () => {
  it('goes with the account, 180 days after the call closed, and with the application', async () => {
    const house = await member('house');
    const leaving = await member('actor');
    const staying = await member('actor');
    const call = await postCall(house);
    const stored = (id: number) => app.storage.exists(`tapes/${partKey(id, 0)}`);

    const leavingTape = await uploadWhole(leaving, { role_id: call.taped });
    await app.memberData.deleteAccount(leaving.id);
    expect(await app.db.select().from(selfTapes).where(eq(selfTapes.id, leavingTape.id))).toEqual([]);
    expect(await stored(leavingTape.id)).toBe(false);

    // The application goes (its profile was deleted): the tape's row goes with it, its files at the next upkeep.
    const applied = await uploadWhole(staying, { role_id: call.taped });
    const application = await send(
      'POST',
      `${USER}/casting-calls/${call.id}/roles/${call.taped}/applications`,
      staying,
      { note: 'Here is my tape.', self_tape_id: applied.id },
    );
    expect(application.statusCode, application.body).toBe(201);
    await app.db.delete(castingApplications).where(eq(castingApplications.id, application.json().data.id));
    expect(await stored(applied.id)).toBe(true);
    await app.runUpkeep();
    expect(await stored(applied.id)).toBe(false);

    // A call closed 179 days ago keeps its tapes; at 181 days they go.
    const kept = await uploadWhole(staying, { role_id: call.taped });
    await app.db
      .update(castingCalls)
      .set({ status: 'closed', updatedAt: sql`now() - interval '179 days'` })
      .where(eq(castingCalls.id, call.id));
    await app.runUpkeep();
    expect(await stored(kept.id)).toBe(true);
    await app.db
      .update(castingCalls)
      .set({ updatedAt: sql`now() - interval '181 days'` })
      .where(eq(castingCalls.id, call.id));
    await app.runUpkeep();
    expect(await stored(kept.id)).toBe(false);
    expect(
      await app.db
        .select()
        .from(selfTapes)
        .where(and(eq(selfTapes.id, kept.id))),
    ).toEqual([]);
  });

  it('drops an upload never finished within a week, with its parts', async () => {
    const house = await member('house');
    const actor = await member('actor');
    const call = await postCall(house);
    const upload = await created(actor, 200_000, { role_id: call.taped });
    expect((await patch(actor, upload, 0, randomBytes(1000))).status).toBe(204);
    const tape = await tapeOf(upload);
    await app.runUpkeep();
    expect(await app.storage.exists(`tapes/${partKey(tape.id, 0)}`)).toBe(true);
    await app.db
      .update(selfTapes)
      .set({ createdAt: sql`now() - interval '8 days'` })
      .where(eq(selfTapes.id, tape.id));
    await app.runUpkeep();
    expect(await app.storage.exists(`tapes/${partKey(tape.id, 0)}`)).toBe(false);
    const head = await fetch(`${base}${upload}`, {
      method: 'HEAD',
      headers: { ...actor.headers, 'tus-resumable': '1.0.0' },
    });
    expect(head.status).toBe(404);
  });
});
