import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../server/src/db/client.js';
import { castingRoles } from '../../server/src/db/schema.js';
import { compiledServerArgs } from '../../server/src/entry-points.js';
import { TAPE_CHUNK_BYTES, TAPE_UPLOADS_PATH } from '../../src/contract/tapes.js';
import { addCastingCall, addMembers } from '../../tests/cluster/world.js';
import { startPostgresCluster } from './postgres.js';
import { startNode } from './processes.js';

/**
 * Stage 15: a self-tape's upload cut at 50% and resumed, through the compiled server on PostgreSQL, with the tus
 * requests the app's uploader sends (src/features/casting/api/tape-upload.ts): one POST, then PATCHes of
 * `TAPE_CHUNK_BYTES` each. In the PATCH that carries the middle of the file, the bytes up to it are written (half of
 * the request's body when the middle is where it begins) and the socket is destroyed (no end of the request, no pause: the connection is gone); the upload then asks the server where
 * it stands (HEAD) and sends the rest from there, as the uploader does when the network returns. Every body byte handed
 * to a socket is counted; the excess over the file's size is what was sent twice. The bytes the server stored are read
 * back and compared with the file.
 */
export interface TapeResumeFigures {
  sizeBytes: number;
  chunkBytes: number;
  /** Where the connection was cut: the body bytes sent by then. */
  cutAtBytes: number;
  /** Where the server said the upload stood after the cut (HEAD's Upload-Offset). */
  resumedAtBytes: number;
  /** Every body byte handed to a socket, the cut request's included. */
  sentBytes: number;
  /** sentBytes - sizeBytes: bytes sent twice. */
  excessBytes: number;
  /** The stored parts put together equal the file. */
  intact: boolean;
  seconds: number;
}

const USER_API = '/backend/api/api/user/v1';
const TUS = { 'Tus-Resumable': '1.0.0' };
const base64 = (text: string) => Buffer.from(text).toString('base64');

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
}

/** One request without keep-alive; `body` written whole, or its first `cutAfter` bytes and then the socket destroyed. */
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: Buffer,
  cutAfter?: number,
): Promise<Answer | 'cut'> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(url, { method, headers, agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers }));
    });
    outgoing.on('error', (error) => (cutAfter === undefined ? reject(error) : resolve('cut')));
    if (!body) {
      outgoing.end();
      return;
    }
    if (cutAfter === undefined) {
      outgoing.end(body);
      return;
    }
    // Once the first half has left this process, the connection goes as a phone's does when the network drops.
    outgoing.write(body.subarray(0, cutAfter), () => {
      outgoing.destroy(new Error('cut'));
    });
  });
}

export async function measureTapeResume(
  options: { port: number; sizeBytes: number },
  log: (line: string) => void,
): Promise<{ figures: TapeResumeFigures | null; skipped: string | null }> {
  const cluster = startPostgresCluster(options.port);
  if (typeof cluster === 'string') return { figures: null, skipped: cluster };
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-bench-resume-'));
  let server: Awaited<ReturnType<typeof startNode>> | null = null;
  const database = await openDatabase({ databaseUrl: cluster.url });
  try {
    server = await startNode(
      compiledServerArgs(),
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: cluster.url,
        LOG_LEVEL: 'warn',
        SKIP_BUILD: '1',
        // Only the upload is measured: the tape's job (random bytes are no video) is left queued.
        ROLE: 'web',
      },
      /running at (http:\/\/localhost:\d+)\//,
    );
    const baseUrl = server.url.replace('localhost', '127.0.0.1');
    const [actor] = await addMembers(database.db, 'resume', 1, true);
    const { roleIds } = await addCastingCall(database.db, 1);
    await database.db
      .update(castingRoles)
      .set({ requires: { photo: false, reel: false, self_tape: true } })
      .where(eq(castingRoles.id, roleIds[0]!));
    const auth = { authorization: `Bearer ${actor!.token}` };

    const file = randomBytes(options.sizeBytes);
    const chunk = TAPE_CHUNK_BYTES;
    const started = performance.now();
    const created = await request(`${baseUrl}${USER_API}${TAPE_UPLOADS_PATH}`, 'POST', {
      ...TUS,
      ...auth,
      'Upload-Length': String(file.length),
      'Upload-Metadata': `role_id ${base64(String(roleIds[0]))},filetype ${base64('video/mp4')},filename ${base64('tape.mp4')}`,
    });
    if (created === 'cut' || created.status !== 201)
      throw new Error(`Creating the upload answered ${JSON.stringify(created)}`);
    const uploadUrl = new URL(created.headers.location!, `${baseUrl}${USER_API}${TAPE_UPLOADS_PATH}/`).toString();

    const patch = async (offset: number, cutAfter?: number) => {
      const body = file.subarray(offset, Math.min(file.length, offset + chunk));
      const answer = await request(
        uploadUrl,
        'PATCH',
        {
          ...TUS,
          ...auth,
          'Upload-Offset': String(offset),
          'Content-Type': 'application/offset+octet-stream',
          'Content-Length': String(body.length),
        },
        body,
        cutAfter,
      );
      return { answer, sent: cutAfter ?? body.length };
    };

    let sent = 0;
    let offset = 0;
    let cutAt = -1;
    let resumedAt = -1;
    const middle = Math.floor(file.length / 2);
    while (offset < file.length) {
      const crossesMiddle = cutAt < 0 && offset + chunk > middle;
      // Cut inside the request's body, never between two requests: a PATCH that begins at the middle loses the
      // connection after half of its bytes.
      const cutAfter = middle > offset ? middle - offset : Math.floor(Math.min(chunk, file.length - offset) / 2);
      const { answer, sent: bytes } = await patch(offset, crossesMiddle ? cutAfter : undefined);
      sent += bytes;
      if (crossesMiddle) {
        cutAt = sent;
        // The server stores what arrived before the cut and lets the upload's lock go: HEAD says where to go on.
        const head = await request(uploadUrl, 'HEAD', { ...TUS, ...auth });
        if (head === 'cut' || head.status !== 200)
          throw new Error(`HEAD after the cut answered ${JSON.stringify(head)}`);
        offset = resumedAt = Number(head.headers['upload-offset']);
        log(`  cut after ${(cutAt / 2 ** 20).toFixed(2)} MB sent; the server had ${(offset / 2 ** 20).toFixed(2)} MB`);
        continue;
      }
      if (answer === 'cut' || answer.status !== 204) throw new Error(`A PATCH answered ${JSON.stringify(answer)}`);
      offset = Number(answer.headers['upload-offset']);
    }
    const seconds = (performance.now() - started) / 1000;

    // What the server stored, put together in its parts' order, against the file.
    const [tape] = rowsOf<{ id: number; received: number; status: string }>(
      await database.db.execute(
        sql`select id, received, status from self_tapes where user_id = ${actor!.userId} order by id desc limit 1`,
      ),
    );
    const partsDir = path.join(dataDir, 'uploads', 'tapes', String(tape!.id), 'parts');
    const names = (await fs.readdir(partsDir)).sort();
    const hash = createHash('sha256');
    for (const name of names) hash.update(await fs.readFile(path.join(partsDir, name)));
    const intact =
      hash.digest('hex') === createHash('sha256').update(file).digest('hex') && Number(tape!.received) === file.length;

    const figures: TapeResumeFigures = {
      sizeBytes: file.length,
      chunkBytes: chunk,
      cutAtBytes: cutAt,
      resumedAtBytes: resumedAt,
      sentBytes: sent,
      excessBytes: sent - file.length,
      intact,
      seconds,
    };
    log(
      `  ${(file.length / 2 ** 20).toFixed(0)} MB in ${(chunk / 2 ** 20).toFixed(0)} MB PATCHes, cut at 50%: ` +
        `${sent.toLocaleString('en-IN')} bytes sent, ${figures.excessBytes.toLocaleString('en-IN')} sent twice ` +
        `(one chunk is ${chunk.toLocaleString('en-IN')}); stored file ${intact ? 'equals' : 'DIFFERS from'} the ` +
        `original (tape ${tape!.status}); ${seconds.toFixed(1)} s`,
    );
    return { figures, skipped: null };
  } finally {
    await server?.stop();
    await database.close();
    cluster.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}
