import fp from 'fastify-plugin';
import { QUEUES } from '../lib/jobs.js';
import { withWords, writeFanOut, type FanOut } from '../lib/notice-fan-out.js';

/** Writes the notices to many members that changes queued (`notifyMany`, lib/notice-fan-out.ts). */
export default fp(
  async (fastify) => {
    const { db, jobs } = fastify;
    await jobs.work(QUEUES.notices, async (data) => {
      const fanOut = data as unknown as FanOut;
      fastify.log.info(
        { members: fanOut.userIds.length, title: withWords(fanOut.notice).words.en.title },
        'writing a notice to many members',
      );
      await writeFanOut(db, fanOut);
    });
  },
  { name: 'notice-fan-out', dependencies: ['database', 'job-queue'] },
);
