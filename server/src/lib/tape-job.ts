import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { castingApplications, castingCalls, castingRoles, profiles, selfTapes } from '../db/schema.js';
import type { Storage } from './storage.js';
import { tell } from './tell.js';
import {
  assembleParts,
  probe,
  TAPE_GRACE_SECONDS,
  TAPE_HEIGHTS,
  tapeFolder,
  tapePartsFolder,
  transcode,
  UnusableTapeError,
  workFolder,
} from './tape-transcode.js';
import {
  type TapeFailure,
  tapeArrivedNotice,
  tapeFailedNotice,
  tapeFailureWords,
  tapeReadyNotice,
} from './templates.js';

export interface TapeJobContext {
  db: Database;
  storage: Storage;
  log: FastifyBaseLogger;
  /** The site's address as members reach it, for the link in the mail. */
  publicUrl: string;
}

/** Where the owner of a tape is sent from its notice: their applications. */
const OWNER_LINK = '/me/applications';

/**
 * The job of one uploaded tape (queue `tapes`, {tapeId}): its parts put together, checked with ffprobe (a video, no
 * longer than its role takes), made into the 720p and 480p renditions and a poster frame under `tapes/<id>/`; then
 * the tape is `ready`, its parts deleted, and its owner told. A file that is no video or too long fails at once, in
 * words for its owner; anything else (the store, ffmpeg stopped) throws, so the job is tried again, and on its last
 * try the tape fails. A tape not `processing` (done already, or deleted) is left alone.
 */
export async function processTape(
  context: TapeJobContext,
  tapeId: number,
  lastTry: boolean,
): Promise<'ready' | 'failed' | 'skipped'> {
  const { db, storage, log } = context;
  const [tape] = await db
    .select({
      id: selfTapes.id,
      userId: selfTapes.userId,
      size: selfTapes.size,
      status: selfTapes.status,
      maxSeconds: castingRoles.selfTapeMaxSeconds,
      role: castingRoles.name,
      call: castingCalls.title,
    })
    .from(selfTapes)
    .innerJoin(castingRoles, eq(castingRoles.id, selfTapes.roleId))
    .innerJoin(castingCalls, eq(castingCalls.id, castingRoles.callId))
    .where(eq(selfTapes.id, tapeId));
  if (!tape || tape.status !== 'processing') return 'skipped';

  try {
    const started = performance.now();
    const length = await makeRenditions(storage, tapeId, tape.size, tape.maxSeconds);
    log.info(
      { tapeId, seconds: Math.round(length), transcodeMs: Math.round(performance.now() - started) },
      'a self-tape is ready',
    );
    const done = await db.transaction(async (tx) => {
      const updated = await tx
        .update(selfTapes)
        .set({
          status: 'ready',
          failure: null,
          durationSeconds: Math.max(1, Math.round(length)),
          readyAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(and(eq(selfTapes.id, tapeId), eq(selfTapes.status, 'processing')))
        .returning({ id: selfTapes.id, applicationId: selfTapes.applicationId });
      if (updated.length === 0) return false;
      await tell(tx, {
        userId: tape.userId,
        kind: 'application',
        words: tapeReadyNotice(tape.role, tape.call),
        link: OWNER_LINK,
      });
      // Sent with its application (or answering the poster's request) before it was ready: the poster hears now.
      const applicationId = updated[0]!.applicationId;
      if (applicationId !== null) await tellPosterTapeArrived(tx, applicationId, context.publicUrl);
      return true;
    });
    if (done) await deleteParts(storage, tapeId);
    return done ? 'ready' : 'skipped';
  } catch (error) {
    const failure: TapeFailure | null =
      error instanceof UnusableTapeError ? error.reason : lastTry ? 'not_processed' : null;
    if (!failure) throw error;
    log.warn({ tapeId, failure, err: error }, 'a self-tape could not be used');
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(selfTapes)
        .set({ status: 'failed', failure, updatedAt: sql`now()` })
        .where(and(eq(selfTapes.id, tapeId), eq(selfTapes.status, 'processing')))
        .returning({ id: selfTapes.id });
      if (updated.length === 0) return;
      await tell(tx, {
        userId: tape.userId,
        kind: 'application',
        words: tapeFailedNotice(tape.role, tape.call, tapeFailureWords(failure, tape.maxSeconds)),
        link: OWNER_LINK,
        mail: { site: context.publicUrl },
      });
    });
    // What was sent cannot be used: its bytes go (renditions half made are replaced by a new upload's).
    await deleteParts(storage, tapeId);
    return 'failed';
  }
}

/**
 * Tells the poster of the call of application `applicationId` that its self-tape, which they asked for (the role
 * asks for one, or they asked this applicant), is ready to watch: once, when the tape is ready and carried by the
 * application, whichever comes last (the job, or the application sent with a tape already ready).
 */
export async function tellPosterTapeArrived(tx: Database, applicationId: number, site: string): Promise<void> {
  const [found] = await tx
    .select({
      callId: castingCalls.id,
      call: castingCalls.title,
      posterId: castingCalls.posterId,
      role: castingRoles.name,
      applicant: profiles.displayName,
    })
    .from(castingApplications)
    .innerJoin(castingCalls, eq(castingCalls.id, castingApplications.callId))
    .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
    .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
    .where(eq(castingApplications.id, applicationId));
  // A poster who left has nobody to tell.
  if (!found || found.posterId === null) return;
  const [poster] = await tx.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.id, found.posterId));
  if (!poster) return;
  await tell(tx, {
    userId: poster.userId,
    kind: 'applicants',
    words: tapeArrivedNotice(found.applicant, found.role, found.call),
    link: `/me/casting-calls/${found.callId}`,
    mail: { site },
  });
}

/**
 * The work on the files of tape `tapeId` (`size` bytes, for a role taking `maxSeconds`): its parts put together in a
 * folder of its own, checked, made into the renditions and the poster frame, and those stored under `tapes/<id>/`.
 * Returns the tape's length in seconds; throws `UnusableTapeError` for a file that is no video or too long. The bench
 * times this (bench/lib/tapes.ts).
 */
export async function makeRenditions(
  storage: Storage,
  tapeId: number,
  size: number,
  maxSeconds: number,
): Promise<number> {
  const work = await workFolder(`tape-${tapeId}-`);
  try {
    const source = path.join(work.dir, 'source');
    await assembleParts(storage, tapeId, size, source);
    const probed = await probe(source);
    const limit = maxSeconds + TAPE_GRACE_SECONDS;
    if (probed.duration !== null && probed.duration > limit) throw new UnusableTapeError('too_long');
    const length = await transcode(source, work.dir, maxSeconds);
    // A recording whose length the container did not say is known once made (cut just past the limit).
    if (length > limit) throw new UnusableTapeError('too_long');
    for (const name of [...TAPE_HEIGHTS.map((height) => `${height}.mp4`), 'poster.jpg']) {
      await storage.put(`${tapeFolder(tapeId)}/${name}`, await readFile(path.join(work.dir, name)));
    }
    return length;
  } finally {
    await work.done();
  }
}

/** Deletes the parts the upload stored: a ready or failed tape needs them no more. */
export async function deleteParts(storage: Storage, tapeId: number): Promise<void> {
  const keys: string[] = [];
  for await (const entry of storage.list(`${tapePartsFolder(tapeId)}/`)) keys.push(entry.key);
  for (const key of keys) await storage.delete(key);
}
