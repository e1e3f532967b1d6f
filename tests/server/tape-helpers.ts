import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { castingApplications, castingCalls, castingRoles, profiles, selfTapes } from '../../server/src/db/schema.js';
import { QUEUES } from '../../server/src/lib/jobs.js';
import { createShopper, type Shopper } from './shop-helpers.js';

/**
 * Tapes as the upload leaves them, for the tests of what happens next: a video made with ffmpeg's test pattern, its
 * bytes stored as the upload's parts (`tapes/<id>/parts/<offset, 12 digits>`), the row `processing`, and the job queued.
 */

const run = promisify(execFile);

/** A video of `seconds` of ffmpeg's test pattern and a tone, `width` × `height`, with a place in its metadata. */
export async function testVideo(file: string, seconds: number, width = 1280, height = 720): Promise<Buffer> {
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${width}x${height}:rate=25`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440',
    '-t',
    String(seconds),
    '-metadata',
    'location=+19.0760+072.8777/',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-c:a',
    'aac',
    '-shortest',
    file,
  ]);
  return readFile(file);
}

/** A WebM of `seconds` as a browser's recorder writes it: VP8 and Opus, streamed (no index, no length in its header). */
export async function recordedWebm(file: string, seconds: number, width: number, height: number): Promise<Buffer> {
  await run('bash', [
    '-c',
    `ffmpeg -v error -f lavfi -i testsrc=size=${width}x${height}:rate=25 -f lavfi -i sine=frequency=440 -t ${seconds} ` +
      `-c:v libvpx -deadline realtime -cpu-used 8 -b:v 500k -c:a libopus -shortest -f webm pipe:1 > ${file}`,
  ]);
  return readFile(file);
}

let people = 0;

async function withProfile(app: FastifyInstance, name: string): Promise<Shopper & { profileId: number }> {
  const who = await createShopper(app, name);
  people += 1;
  const [profile] = await app.db
    .insert(profiles)
    .values({
      userId: who.id,
      kind: 'person',
      handle: `tape-${people}-${who.id}`,
      displayName: name,
      category: 'Artist',
      city: 'Pune',
    })
    .returning({ id: profiles.id });
  return { ...who, profileId: profile!.id };
}

export interface TapeWorld {
  poster: Shopper & { profileId: number };
  actor: Shopper & { profileId: number };
  callId: number;
  roleId: number;
  applicationId: number;
}

/** A poster's published call with a role that asks for a tape of at most `maxSeconds`, and an actor's application. */
export async function tapeWorld(app: FastifyInstance, maxSeconds = 600): Promise<TapeWorld> {
  const poster = await withProfile(app, 'Meera Casting');
  const actor = await withProfile(app, 'Kabir Actor');
  const [call] = await app.db
    .insert(castingCalls)
    .values({
      posterId: poster.profileId,
      title: 'Monsoon Letters',
      projectType: 'feature',
      description: 'A Marathi feature about letters lost in a flood.',
      city: 'Pune',
      contentNote: { nudity: false, intimacy: false, violence: false, details: '' },
      deadline: new Date(Date.now() + 20 * 86_400_000),
      status: 'published',
    })
    .returning({ id: castingCalls.id });
  const [role] = await app.db
    .insert(castingRoles)
    .values({
      callId: call!.id,
      position: 0,
      name: 'Sarita',
      ageMin: 20,
      ageMax: 30,
      paid: true,
      requires: { photo: false, reel: false, self_tape: true },
      selfTapeMaxSeconds: maxSeconds,
    })
    .returning({ id: castingRoles.id });
  const [application] = await app.db
    .insert(castingApplications)
    .values({ callId: call!.id, roleId: role!.id, profileId: actor.profileId, applicantName: 'kabir actor' })
    .returning({ id: castingApplications.id });
  return { poster, actor, callId: call!.id, roleId: role!.id, applicationId: application!.id };
}

/** Stores `bytes` as an upload's parts of `partSize` bytes and a `processing` row; queues its job unless `queue` is false. */
export async function storeTape(
  app: FastifyInstance,
  world: TapeWorld,
  bytes: Buffer,
  { partSize = 256 * 1024, queue = true, skipPart }: { partSize?: number; queue?: boolean; skipPart?: number } = {},
): Promise<number> {
  const [tape] = await app.db
    .insert(selfTapes)
    .values({
      userId: world.actor.id,
      roleId: world.roleId,
      applicationId: world.applicationId,
      uploadId: `test-${world.applicationId}-${Date.now()}-${Math.random().toString(36).slice(2)}`,
      size: bytes.length,
      received: bytes.length,
      fileType: 'video/mp4',
      status: 'processing',
    })
    .returning({ id: selfTapes.id });
  const id = tape!.id;
  for (let offset = 0, index = 0; offset < bytes.length; offset += partSize, index += 1) {
    if (index === skipPart) continue;
    await app.storage.put(
      `tapes/${id}/parts/${String(offset).padStart(12, '0')}`,
      bytes.subarray(offset, offset + partSize),
    );
  }
  if (queue) await app.jobs.send(QUEUES.tapes, { tapeId: id });
  return id;
}
