import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Readable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { DataStore, ERRORS, type Lock, type Locker, type RequestRelease, Upload } from '@tus/utils';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { selfTapes, users } from '../db/schema.js';
import { HttpError } from '../plugins/error-handler.js';
import { enqueue, QUEUES } from './jobs.js';
import type { Storage } from './storage.js';

/**
 * The storage of self-tape uploads (the tus protocol, docs/decisions/2026-11-28-self-tapes.md): a tus DataStore on the
 * object store and the database, and a lock on an upload shared by every process of the site.
 *
 * Each PATCH's bytes are stored as parts, `tapes/<id>/parts/<offset as 12 digits>`, of at most `partBytes` each, and
 * `self_tapes.received` counts the bytes stored: a request cut at 50% keeps every part it stored (and the bytes it had
 * gathered for the next one), the client resumes at `received`, and no file is ever rewritten whole. The object
 * store cannot append, so parts are what makes a resumable upload possible on it; the tape job reads them in order.
 *
 * The lock is a lease in the row (`locked_by`, `locked_until`): a process that holds it renews it while bytes arrive,
 * and one that died (or a connection that went quiet) lets it lapse within `leaseMs`, after which a resumed upload,
 * through any process, takes it.
 */

/** What one request to the upload address carries through the tus server's calls (set by the route). */
export interface TapeRequestContext {
  /** The signed-in member. */
  userId: number;
  /** The lease's holder name while this request holds an upload's lock. */
  lockToken?: string;
  /** Whether bytes arrived since the lease was last renewed. */
  progressed?: boolean;
}

export const tapeRequests = new AsyncLocalStorage<TapeRequestContext>();

/** What a new upload is for, decided (and checked) before its row is written. */
export interface TapeOwner {
  userId: number;
  roleId: number;
  applicationId: number | null;
  fileType: string;
}

export interface TapeUploadOptions {
  /** The largest part one write stores (8 MB): what a request holds in memory at most. */
  partBytes: number;
  /** How long a lease lasts without being renewed (30 s). */
  leaseMs: number;
  /** How long a request waits for a lease held elsewhere before it answers 423 (longer than `leaseMs`). */
  lockWaitMs: number;
  /** An upload not finished within this long is deleted (7 days). */
  expirationMs: number;
  /**
   * How many unfinished uploads a member may have at once (3): each holds a row and stored parts for up to
   * `expirationMs`, so a client that starts uploads and never ends them cannot fill the store.
   */
  maxUnfinished: number;
}

export const TAPE_UPLOAD_DEFAULTS: TapeUploadOptions = {
  partBytes: 8 * 1024 * 1024,
  leaseMs: 30_000,
  lockWaitMs: 45_000,
  expirationMs: 7 * 24 * 60 * 60 * 1000,
  maxUnfinished: 3,
};

/** A part's key in the tapes folder: its offset in 12 digits, so the names sort in the file's order. */
export const partKey = (tapeId: number, offset: number) => `${tapeId}/parts/${String(offset).padStart(12, '0')}`;

/** Deletes every stored file of the tapes `ids` (parts and renditions). */
export async function removeTapeFiles(tapes: Storage, ids: number[]): Promise<void> {
  for (const id of ids) {
    const keys: string[] = [];
    for await (const entry of tapes.list(`${id}/`)) keys.push(entry.key);
    await Promise.all(keys.map((key) => tapes.delete(key)));
  }
}

/** This process's name in a lease: the host and process id, so an operator can tell who held a lock. */
const processName = `${os.hostname()}:${process.pid}`;

/** tus's refusal of a request whose lease was taken over (another process resumed the upload). */
const LEASE_LOST = { status_code: 409, body: 'The upload was resumed by another request\n' };

export class TapeStore extends DataStore {
  /** The owners of uploads being created: set by the route's check, read when the row is written. */
  readonly owners = new WeakMap<Upload, TapeOwner>();

  constructor(
    private readonly db: Database,
    /** The tapes folder of the store. */
    private readonly tapes: Storage,
    private readonly options: TapeUploadOptions,
  ) {
    super();
    this.extensions = ['creation', 'termination', 'expiration'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const owner = this.owners.get(upload);
    if (!owner || upload.size === undefined) throw ERRORS.UNKNOWN_ERROR;
    const size = upload.size;
    const row = await this.db.transaction(async (tx) => {
      // Counted with the member's row locked: two uploads started at once cannot both pass the count.
      await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.userId)).for('update');
      const [unfinished] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(selfTapes)
        .where(
          and(
            eq(selfTapes.userId, owner.userId),
            eq(selfTapes.status, 'uploading'),
            // One past its expiry is as good as gone (the hourly sweep deletes it).
            gt(selfTapes.createdAt, new Date(Date.now() - this.options.expirationMs)),
          ),
        );
      if (Number(unfinished!.count) >= this.options.maxUnfinished) {
        throw new HttpError(
          429,
          `You have ${this.options.maxUnfinished} tapes still uploading: let one of them finish before sending another`,
        );
      }
      const [inserted] = await tx
        .insert(selfTapes)
        .values({
          userId: owner.userId,
          roleId: owner.roleId,
          applicationId: owner.applicationId,
          uploadId: upload.id,
          size,
          fileType: owner.fileType,
        })
        .returning({ createdAt: selfTapes.createdAt });
      return inserted!;
    });
    upload.creation_date = row.createdAt.toISOString();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db.select().from(selfTapes).where(eq(selfTapes.uploadId, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size,
      offset: row.received,
      metadata: {
        role_id: String(row.roleId),
        ...(row.applicationId === null ? {} : { application_id: String(row.applicationId) }),
        filetype: row.fileType,
        tape_id: String(row.id),
      },
      creation_date: row.createdAt.toISOString(),
    });
  }

  /**
   * Stores the bytes of `stream` from `offset` as parts; returns the new offset. The last byte of the file moves the
   * tape on to `processing` and queues its job, in the transaction that counts it.
   */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    const [row] = await this.db
      .select({ id: selfTapes.id, size: selfTapes.size, received: selfTapes.received, status: selfTapes.status })
      .from(selfTapes)
      .where(eq(selfTapes.uploadId, id));
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    if (row.status !== 'uploading' || row.received !== offset) throw ERRORS.INVALID_OFFSET;
    const request = tapeRequests.getStore();
    let received = offset;
    let gathered: Buffer[] = [];
    let length = 0;
    const store = async () => {
      if (length === 0) return;
      const bytes = Buffer.concat(gathered, length);
      gathered = [];
      length = 0;
      received = await this.storePart(row.id, row.size, received, bytes, request?.lockToken);
    };
    try {
      for await (const chunk of stream as AsyncIterable<Buffer>) {
        if (request) request.progressed = true;
        let rest = chunk;
        while (rest.length > 0) {
          const taken = rest.subarray(0, this.options.partBytes - length);
          gathered.push(taken);
          length += taken.length;
          rest = rest.subarray(taken.length);
          if (length === this.options.partBytes) await store();
        }
      }
    } catch (error) {
      // The request was cut: what arrived is kept, and the client resumes after it.
      await store();
      throw error;
    }
    await store();
    return received;
  }

  /**
   * Stores one part at `offset` and counts it, if this request still holds the lease (or none is needed: a request
   * without one is the creation's own). Returns the new offset.
   */
  private async storePart(
    tapeId: number,
    size: number,
    offset: number,
    bytes: Buffer,
    lockToken: string | undefined,
  ): Promise<number> {
    const held = and(
      eq(selfTapes.id, tapeId),
      eq(selfTapes.received, offset),
      eq(selfTapes.status, 'uploading'),
      lockToken ? eq(selfTapes.lockedBy, lockToken) : undefined,
    );
    // Checked (and the lease renewed) just before the part is written: a request whose lease lapsed and was taken
    // by a resumed upload must not write over the part the other one stored at the same offset.
    const [holds] = await this.db
      .update(selfTapes)
      .set(lockToken ? { lockedUntil: sql`now() + make_interval(secs => ${this.options.leaseMs / 1000})` } : {})
      .where(held)
      .returning({ id: selfTapes.id });
    if (!holds) throw LEASE_LOST;
    await this.tapes.put(partKey(tapeId, offset), bytes, 'application/octet-stream');
    const received = offset + bytes.length;
    const complete = received === size;
    await this.db.transaction(async (tx) => {
      const [counted] = await tx
        .update(selfTapes)
        .set({ received, updatedAt: new Date(), ...(complete ? { status: 'processing' as const } : {}) })
        .where(held)
        .returning({ id: selfTapes.id });
      if (!counted) throw LEASE_LOST;
      if (complete) await enqueue(tx, QUEUES.tapes, { tapeId });
    });
    return received;
  }

  /** Termination: an unfinished upload and its parts go (a finished one is the tape job's). */
  override async remove(id: string): Promise<void> {
    const [row] = await this.db
      .delete(selfTapes)
      .where(and(eq(selfTapes.uploadId, id), eq(selfTapes.status, 'uploading')))
      .returning({ id: selfTapes.id });
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    await removeTapeFiles(this.tapes, [row.id]);
  }

  override getExpiration(): number {
    return this.options.expirationMs;
  }

  /** Uploads never finished within the expiration, with their parts (the hourly upkeep). */
  override async deleteExpired(): Promise<number> {
    const rows = await this.db
      .delete(selfTapes)
      .where(
        and(
          eq(selfTapes.status, 'uploading'),
          lt(selfTapes.createdAt, sql`now() - make_interval(secs => ${this.options.expirationMs / 1000})`),
        ),
      )
      .returning({ id: selfTapes.id });
    await removeTapeFiles(
      this.tapes,
      rows.map((row) => row.id),
    );
    return rows.length;
  }
}

/**
 * The upload's lock, as a lease in its row. A request in this process that holds it is asked to let go at once (a
 * client that resumes has given up on its earlier request); one in another process holds it until it lets go or stops
 * receiving bytes for `leaseMs`.
 */
export class TapeLocker implements Locker {
  /** The leases this process holds, by upload, with how to ask their request to let go. */
  private readonly held = new Map<string, { token: string; release: RequestRelease }>();

  constructor(
    private readonly db: Database,
    private readonly options: Pick<TapeUploadOptions, 'leaseMs' | 'lockWaitMs'>,
  ) {}

  newLock(id: string): Lock {
    const { db, held, options } = this;
    const request = tapeRequests.getStore();
    const token = `${processName}:${randomUUID()}`;
    const leaseFor = sql`now() + make_interval(secs => ${options.leaseMs / 1000})`;
    let renewal: NodeJS.Timeout | undefined;
    return {
      async lock(signal, release) {
        const waitUntil = Date.now() + options.lockWaitMs;
        for (;;) {
          if (signal.aborted) throw ERRORS.ABORTED;
          const [taken] = await db
            .update(selfTapes)
            .set({ lockedBy: token, lockedUntil: leaseFor })
            .where(
              and(eq(selfTapes.uploadId, id), or(isNull(selfTapes.lockedBy), lt(selfTapes.lockedUntil, sql`now()`))),
            )
            .returning({ id: selfTapes.id });
          if (taken) break;
          const [exists] = await db.select({ id: selfTapes.id }).from(selfTapes).where(eq(selfTapes.uploadId, id));
          // An upload being created has no row yet, and a random id nobody else knows: nothing to lock against.
          if (!exists) return;
          held.get(id)?.release();
          if (Date.now() >= waitUntil) throw ERRORS.ERR_LOCK_TIMEOUT;
          await delay(Math.min(250, options.leaseMs / 4), undefined, { signal }).catch(() => undefined);
        }
        held.set(id, { token, release });
        if (request) {
          request.lockToken = token;
          request.progressed = false;
        }
        // Renewed while bytes arrive; a request that receives nothing lets its lease lapse (a half-open connection
        // must not hold the upload for ever), and one whose lease was taken is told to stop.
        renewal = setInterval(() => {
          if (request && !request.progressed) return;
          if (request) request.progressed = false;
          void db
            .update(selfTapes)
            .set({ lockedUntil: leaseFor })
            .where(and(eq(selfTapes.uploadId, id), eq(selfTapes.lockedBy, token)))
            .returning({ id: selfTapes.id })
            .then(
              (rows) => {
                if (rows.length === 0) void release();
              },
              () => undefined,
            );
        }, options.leaseMs / 3);
        renewal.unref();
      },
      async unlock() {
        clearInterval(renewal);
        if (held.get(id)?.token === token) held.delete(id);
        if (request?.lockToken === token) request.lockToken = undefined;
        await db
          .update(selfTapes)
          .set({ lockedBy: null, lockedUntil: null })
          .where(and(eq(selfTapes.uploadId, id), eq(selfTapes.lockedBy, token)));
      },
    };
  }
}
