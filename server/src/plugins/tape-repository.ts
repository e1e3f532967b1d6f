import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import { withdrawableStatuses } from '../../../src/contract/casting.js';
import { MAX_TAPE_BYTES } from '../../../src/contract/tapes.js';
import type { Database } from '../db/client.js';
import { castingApplications, castingCalls, castingRoles, profiles, selfTapes } from '../db/schema.js';
import { applicantUsers, ownCall } from '../lib/casting-calls.js';
import { confirmedGuardianEmail } from '../lib/guardian-consent.js';
import { notifyMany } from '../lib/notice-fan-out.js';
import {
  removeTapeFiles,
  TAPE_UPLOAD_DEFAULTS,
  TapeLocker,
  TapeStore,
  type TapeOwner,
  type TapeUploadOptions,
} from '../lib/tape-uploads.js';
import { tellPosterTapeArrived } from '../lib/tape-job.js';
import { tapeRequestNotice } from '../lib/templates.js';
import { parseDeadline } from './casting-repository.js';
import { HttpError } from './error-handler.js';

/** A tape is deleted this long after its call closed (docs/decisions/2026-11-28-self-tapes.md). */
export const TAPE_KEEP_DAYS_AFTER_CLOSE = 180;

declare module 'fastify' {
  interface FastifyInstance {
    /** Self-tapes: their uploads' store and lock, who may upload one, the poster's requests, and their deletion. */
    tapeRepository: {
      store: TapeStore;
      locker: TapeLocker;
      /**
       * What a new upload by `userId` with the tus metadata `metadata` is for, or a refusal: the role must ask for a
       * tape, or the application (the caller's) must have the poster's request for one, before its deadline.
       */
      checkNewUpload(userId: number, metadata: Record<string, string | null>, size: number): Promise<TapeOwner>;
      /** Whether the upload `uploadId` is `userId`'s. */
      ownsUpload(userId: number, uploadId: string): Promise<boolean>;
      /**
       * Checks that tape `tapeId` can go with `userId`'s new application to `roleId`: theirs, for that role, every
       * byte received, and not sent with another application. Returns a function that links it to the application.
       */
      tapeForApplication(
        tx: Database,
        userId: number,
        roleId: number,
        tapeId: number,
      ): Promise<(applicationId: number) => Promise<void>>;
      /** The poster of call `callId` asks the applicants `ids` for a tape by the end of `deadline` (India time). */
      requestTapes(
        tx: Database,
        userId: number,
        callId: number,
        input: { application_ids: number[]; note: string; deadline: string },
      ): Promise<{ requested: number; deadline: Date }>;
      /** Deletes `userId`'s tapes, rows in `tx`; returns the ids whose files go once it commits. */
      deleteTapesOf(tx: Database, userId: number): Promise<number[]>;
      /** Deletes the stored files of tapes `ids`. */
      removeFiles(ids: number[]): Promise<void>;
      /**
       * The hourly sweep: unfinished uploads past their expiration, tapes of calls closed 180 days ago, and the files
       * of tapes whose row went with their application. Returns how many tapes' files it deleted.
       */
      sweep(): Promise<number>;
    };
  }
}

export interface TapeRepositoryOptions {
  /** The site's address as members reach it, for links in mail. */
  publicUrl: string;
  uploads?: Partial<TapeUploadOptions>;
}

export default fp<TapeRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;
    const settings = { ...TAPE_UPLOAD_DEFAULTS, ...options.uploads };
    const tapes = fastify.storage.folder('tapes');
    const store = new TapeStore(db, tapes, settings);
    const locker = new TapeLocker(db, settings);

    const idOf = (value: string | null | undefined, field: string, missing: string) => {
      if (value === undefined || value === null || value === '') throw new HttpError(400, missing, field);
      const id = Number(value);
      if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw new HttpError(404, missing, field);
      return id;
    };

    const removeFiles = (ids: number[]) => removeTapeFiles(tapes, ids);

    fastify.decorate('tapeRepository', {
      store,
      locker,

      async checkNewUpload(userId, metadata, size) {
        if (size > MAX_TAPE_BYTES) throw new HttpError(413, 'A tape can be at most 500 MB', 'Upload-Length');
        const roleId = idOf(metadata.role_id, 'role_id', 'Say which role the tape is for');
        const applicationId = metadata.application_id
          ? idOf(metadata.application_id, 'application_id', 'There is no such application')
          : null;
        const [found] = await db
          .select({
            role: { status: castingRoles.status, requires: castingRoles.requires },
            call: { status: castingCalls.status, deadline: castingCalls.deadline, posterId: castingCalls.posterId },
            profile: {
              id: profiles.id,
              kind: profiles.kind,
              hiddenByStaffAt: profiles.hiddenByStaffAt,
              minor: profiles.minor,
            },
            guardianEmail: confirmedGuardianEmail,
          })
          .from(castingRoles)
          .innerJoin(castingCalls, eq(castingCalls.id, castingRoles.callId))
          .innerJoin(profiles, eq(profiles.userId, userId))
          .where(eq(castingRoles.id, roleId));
        if (!found) {
          const [own] = await db.select({ id: profiles.id }).from(profiles).where(eq(profiles.userId, userId));
          throw own
            ? new HttpError(404, 'There is no such role', 'role_id')
            : new HttpError(404, 'Create your profile first');
        }
        const { role, call, profile } = found;
        if (profile.kind !== 'person') throw new HttpError(403, 'Applications are made from a person’s profile');
        if (profile.hiddenByStaffAt) throw new HttpError(403, 'Your profile is hidden by a moderator');
        if (profile.minor && !found.guardianEmail) {
          throw new HttpError(
            403,
            'Your parent or guardian has not confirmed your profile yet: ask them to open the link we mailed them',
          );
        }
        if (call.status !== 'published' && call.status !== 'closed') {
          throw new HttpError(404, 'There is no such role', 'role_id');
        }
        if (call.posterId === profile.id) throw new HttpError(403, 'You cannot apply to your own call');
        const fileType = (metadata.filetype ?? '').slice(0, 100);
        if (applicationId === null) {
          if (!role.requires.self_tape) throw new HttpError(422, 'This role does not ask for a self-tape', 'role_id');
          if (call.deadline.getTime() <= Date.now()) {
            throw new HttpError(422, 'The deadline for this call has passed: applications are closed');
          }
          if (role.status === 'closed' || call.status === 'closed') {
            throw new HttpError(422, 'This role is closed: applications are no longer taken');
          }
          return { userId, roleId, applicationId, fileType };
        }
        // An answer to the poster's request: the caller's own application to this role, asked for a tape in time.
        const [application] = await db
          .select({
            status: castingApplications.status,
            untoldFrom: castingApplications.untoldFrom,
            requestedAt: castingApplications.tapeRequestedAt,
            deadline: castingApplications.tapeDeadline,
          })
          .from(castingApplications)
          .where(
            and(
              eq(castingApplications.id, applicationId),
              eq(castingApplications.roleId, roleId),
              eq(castingApplications.profileId, profile.id),
            ),
          );
        if (!application) throw new HttpError(404, 'There is no such application', 'application_id');
        const status = application.untoldFrom ?? application.status;
        if (!application.requestedAt || !application.deadline || !withdrawableStatuses.includes(status)) {
          throw new HttpError(422, 'The poster has not asked you for a tape', 'application_id');
        }
        if (application.deadline.getTime() <= Date.now()) {
          throw new HttpError(422, 'The deadline for this tape has passed', 'application_id');
        }
        return { userId, roleId, applicationId, fileType };
      },

      async ownsUpload(userId, uploadId) {
        const [row] = await db
          .select({ id: selfTapes.id })
          .from(selfTapes)
          .where(and(eq(selfTapes.uploadId, uploadId), eq(selfTapes.userId, userId)));
        return row !== undefined;
      },

      async tapeForApplication(tx, userId, roleId, tapeId) {
        const [tape] = await tx
          .select({
            roleId: selfTapes.roleId,
            applicationId: selfTapes.applicationId,
            status: selfTapes.status,
            size: selfTapes.size,
            received: selfTapes.received,
          })
          .from(selfTapes)
          .where(and(eq(selfTapes.id, tapeId), eq(selfTapes.userId, userId)))
          .for('update');
        if (!tape || tape.roleId !== roleId) {
          throw new HttpError(404, 'Choose a tape you uploaded for this role', 'self_tape_id');
        }
        if (tape.status === 'uploading' || tape.received !== tape.size) {
          throw new HttpError(422, 'This tape has not arrived in full yet', 'self_tape_id');
        }
        if (tape.status === 'failed')
          throw new HttpError(422, 'This tape could not be read: record it again', 'self_tape_id');
        if (tape.applicationId !== null) {
          throw new HttpError(409, 'This tape was sent with another application', 'self_tape_id');
        }
        return async (applicationId) => {
          await tx.update(selfTapes).set({ applicationId, updatedAt: new Date() }).where(eq(selfTapes.id, tapeId));
          // Ready before its application was sent: the job told no poster, so the poster hears now.
          if (tape.status === 'ready') await tellPosterTapeArrived(tx, applicationId, options.publicUrl);
        };
      },

      async requestTapes(tx, userId, callId, input) {
        const { call } = await ownCall(tx, userId, callId);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(input.deadline)) throw new HttpError(400, 'Enter a real deadline', 'deadline');
        const deadline = parseDeadline(input.deadline);
        if (deadline.getTime() <= Date.now()) {
          throw new HttpError(400, 'The deadline for the tape must be today or later', 'deadline');
        }
        const ids = [...new Set(input.application_ids)];
        const rows = await tx
          .select({
            id: castingApplications.id,
            profileId: castingApplications.profileId,
            status: castingApplications.status,
            untoldFrom: castingApplications.untoldFrom,
            roleName: castingRoles.name,
          })
          .from(castingApplications)
          .innerJoin(castingRoles, eq(castingRoles.id, castingApplications.roleId))
          .where(and(inArray(castingApplications.id, ids), eq(castingApplications.callId, callId)));
        if (rows.length !== ids.length) {
          throw new HttpError(404, 'There is no such application', 'application_ids');
        }
        if (rows.some((row) => !withdrawableStatuses.includes(row.untoldFrom ?? row.status))) {
          throw new HttpError(409, 'Ask for tapes only from applicants still in the running', 'application_ids');
        }
        await tx
          .update(castingApplications)
          .set({ tapeRequestedAt: new Date(), tapeRequestNote: input.note, tapeDeadline: deadline })
          .where(inArray(castingApplications.id, ids));
        const users = await applicantUsers(
          tx,
          rows.map((row) => row.profileId),
        );
        await notifyMany(
          tx,
          rows.flatMap((row) => {
            const applicant = users.get(row.profileId);
            if (applicant === undefined) return [];
            return [
              {
                userId: applicant,
                kind: 'application' as const,
                words: tapeRequestNotice(call.title, row.roleName, deadline, input.note),
                link: '/me/applications',
                mail: { site: options.publicUrl },
              },
            ];
          }),
        );
        return { requested: rows.length, deadline };
      },

      async deleteTapesOf(tx, userId) {
        const rows = await tx.delete(selfTapes).where(eq(selfTapes.userId, userId)).returning({ id: selfTapes.id });
        return rows.map((row) => row.id);
      },

      removeFiles,

      async sweep() {
        let removed = await store.deleteExpired();
        // The call's last change is its closing: nothing edits a closed call.
        const old = await db
          .delete(selfTapes)
          .where(
            inArray(
              selfTapes.roleId,
              db
                .select({ id: castingRoles.id })
                .from(castingRoles)
                .innerJoin(castingCalls, eq(castingCalls.id, castingRoles.callId))
                .where(
                  and(
                    eq(castingCalls.status, 'closed'),
                    lt(castingCalls.updatedAt, sql`now() - make_interval(days => ${TAPE_KEEP_DAYS_AFTER_CLOSE})`),
                  ),
                ),
            ),
          )
          .returning({ id: selfTapes.id });
        await removeFiles(old.map((row) => row.id));
        removed += old.length;
        // Files whose row is gone: it went with its application (a profile deleted, a role removed).
        const stored = new Set<number>();
        for await (const entry of tapes.list()) stored.add(Number(entry.key.split('/')[0]));
        const ids = [...stored].filter((id) => Number.isSafeInteger(id));
        const kept = new Set<number>();
        for (let start = 0; start < ids.length; start += 1000) {
          const rows = await db
            .select({ id: selfTapes.id })
            .from(selfTapes)
            .where(inArray(selfTapes.id, ids.slice(start, start + 1000)));
          for (const row of rows) kept.add(row.id);
        }
        const orphans = ids.filter((id) => !kept.has(id));
        await removeFiles(orphans);
        return removed + orphans.length;
      },
    });
  },
  { name: 'tape-repository', dependencies: ['database', 'storage'] },
);
