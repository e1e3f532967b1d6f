import fp from 'fastify-plugin';
import { QUEUES } from '../lib/jobs.js';
import { processTape } from '../lib/tape-job.js';

export interface TapeTranscoderOptions {
  publicUrl: string;
}

/**
 * Makes the renditions of every uploaded tape (queue `tapes`, one at a time per worker process: ffmpeg takes the
 * machine's cores): lib/tape-job.ts. See docs/operations/tape-transcode.md.
 */
export default fp<TapeTranscoderOptions>(
  async (fastify, options) => {
    const { db, jobs, storage } = fastify;
    await jobs.work(QUEUES.tapes, async (data, job) => {
      const tapeId = Number(data.tapeId);
      if (!Number.isSafeInteger(tapeId)) return;
      await processTape({ db, storage, log: fastify.log, publicUrl: options.publicUrl }, tapeId, job.lastTry);
    });
  },
  { name: 'tape-transcoder', dependencies: ['database', 'job-queue', 'storage'] },
);
