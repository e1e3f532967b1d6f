import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/src/app.js';
import { rowsOf } from '../../server/src/db/client.js';
import {
  auditLog,
  castingApplications,
  mailOutbox,
  notifications,
  profilePhotos,
  profiles,
} from '../../server/src/db/schema.js';
import { MAIL_TRIES, queueMail } from '../../server/src/lib/mail-outbox.js';
import { writeFanOut, type FanOut } from '../../server/src/lib/notice-fan-out.js';
import type { ProcessRole } from '../../server/src/config.js';
import type { MailMessage } from '../../server/src/plugins/mailer.js';
import { createShopper, createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';
const USER_API = '/backend/api/api/user/v1';

/** A second process on the test app's database, doing what `role` says, its mail delivered into `sent`. */
async function secondProcess(testApp: TestApp, role: ProcessRole, sent: MailMessage[]): Promise<FastifyInstance> {
  const app = await buildApp({
    database: testApp.database,
    dataDir: testApp.dataDir,
    distDir: path.join(testApp.dataDir, 'no-dist'),
    logLevel: 'silent',
    publicUrl: 'https://cineverse.test',
    mailTransport: async (message) => {
      sent.push(message);
    },
    role,
  });
  await app.ready();
  return app;
}

/** Members made straight in the database, many at once. */
async function manyMembers(app: FastifyInstance, howMany: number, tag: string): Promise<number[]> {
  const rows = rowsOf<{ id: number }>(
    await app.db.execute(sql`insert into users (name, email, password_hash)
      select 'Member ' || n, ${tag} || '-' || n || '@example.in', 'not-a-hash' from generate_series(1, ${howMany}) n
      returning id`),
  );
  return rows.map((row) => row.id);
}

describe('background work on the job queue', () => {
  /** A web process: it queues jobs and does none. */
  let web: TestApp;
  const sentByWeb: MailMessage[] = [];

  beforeAll(async () => {
    web = await createTestApp({
      role: 'web',
      mailTransport: async (message) => {
        sentByWeb.push(message);
      },
    });
  });
  afterAll(async () => {
    await web.close();
  });

  it('a web process queues mail in the transaction that causes it and sends none; a worker sends it, once', async () => {
    const { app } = web;
    const to = `queued-${randomUUID()}@example.in`;
    await app.db.transaction((tx) => queueMail(tx, { to, kind: 'test', subject: 'Kept', text: 'Sent once' }));
    await app.db
      .transaction(async (tx) => {
        await queueMail(tx, { to, kind: 'test', subject: 'Rolled back', text: 'Never sent' });
        throw new Error('the change failed');
      })
      .catch(() => {});
    const figures = await app.jobs.stats();
    expect(figures.queues.mail.queued).toBeGreaterThanOrEqual(1);
    expect(figures.mail.backlog).toBeGreaterThanOrEqual(1);

    const sentByWorker: MailMessage[] = [];
    const worker = await secondProcess(web, 'worker', sentByWorker);
    try {
      await expect
        .poll(() => sentByWorker.filter((mail) => mail.to === to).map((mail) => mail.subject))
        .toEqual(['Kept']);
      const rows = await app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
      expect(rows.map((row) => [row.subject, row.sentAt !== null])).toEqual([['Kept', true]]);
      // Sending it again now finds nothing due.
      await app.sendQueuedMail();
      expect([...sentByWorker, ...sentByWeb].filter((mail) => mail.to === to)).toHaveLength(1);
    } finally {
      await worker.close();
    }
  });

  it('writes a notice to many members in a job, in chunks, not in the request that caused it', async () => {
    const { app } = web;
    const manager = await createStaff(app, 'shop_manager');
    const name = `Restock Lamp ${randomUUID().slice(0, 8)}`;
    const created = await app.inject({
      method: 'POST',
      url: `${ADMIN_API}/products`,
      headers: manager.headers,
      payload: {
        name,
        description: 'A lamp shaped like a clapperboard.',
        category: 'Apparel',
        images: ['golden-era-bollywood-poster-set-1.svg'],
        mrp: 79_900,
        price: 59_900,
        stock: 0,
        perishable: false,
        visible: true,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const product = created.json().data as { id: number };
    const keepers = await manyMembers(app, 1200, `keeper-${randomUUID().slice(0, 8)}`);
    await app.db.execute(sql`insert into wishlist_items (user_id, product_id)
      select id, ${product.id}::integer from users where id = any(${`{${keepers.join(',')}}`}::int[])`);

    const restocked = await app.inject({
      method: 'PUT',
      url: `${ADMIN_API}/products/${product.id}`,
      headers: manager.headers,
      payload: {
        name,
        description: 'A lamp shaped like a clapperboard.',
        category: 'Apparel',
        images: ['golden-era-bollywood-poster-set-1.svg'],
        mrp: 79_900,
        price: 59_900,
        stock: 5,
        perishable: false,
        visible: true,
      },
    });
    expect(restocked.statusCode, restocked.body).toBe(200);
    const told = async () => {
      const [row] = await app.db
        .select({ count: count() })
        .from(notifications)
        .where(eq(notifications.title, `${name} is back in stock`));
      return row!.count;
    };
    // The request answered without writing them: a web process does no jobs.
    expect(await told()).toBe(0);
    expect((await app.jobs.stats()).queues.notices.queued).toBe(1);

    const worker = await secondProcess(web, 'worker', []);
    try {
      await expect.poll(told, { timeout: 60_000 }).toBe(1200);
      const [mailed] = await app.db
        .select({ count: count() })
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, `${name} is back in stock`));
      expect(mailed!.count).toBe(1200);
    } finally {
      await worker.close();
    }
  }, 90_000);

  it('a fan-out taken over from a process that died midway tells each member once', async () => {
    const { app } = web;
    const members = await manyMembers(app, 1300, `fan-${randomUUID().slice(0, 8)}`);
    const body = `Run ${randomUUID()}`;
    const fanOut: FanOut = {
      notice: {
        kind: 'application',
        words: { en: { title: 'A role was closed', body }, hi: { title: 'एक भूमिका बंद हुई', body } },
        link: '/me',
        mail: { site: 'https://cineverse.test' },
      },
      userIds: members,
      queuedAt: new Date().toISOString(),
    };
    // The first process wrote its first chunk, then died; the job runs again whole in another.
    await writeFanOut(app.db, { ...fanOut, userIds: members.slice(0, 500) });
    await writeFanOut(app.db, fanOut);
    const perMember = rowsOf<{ count: number }>(
      await app.db.execute(sql`select count(*)::int as count from ${notifications}
        where ${notifications.body} = ${body} group by ${notifications.userId}`),
    );
    expect(perMember).toHaveLength(1300);
    expect(perMember.every((row) => row.count === 1)).toBe(true);
    const [mailed] = await app.db
      .select({ count: count() })
      .from(mailOutbox)
      .where(sql`${mailOutbox.text} like ${`%${body}%`}`);
    expect(mailed!.count).toBe(1300);
  }, 60_000);

  it('a fan-out queued by the release before notices had words in each language is still written, once', async () => {
    const { app } = web;
    const members = await manyMembers(app, 3, `old-${randomUUID().slice(0, 8)}`);
    const body = `Run ${randomUUID()}`;
    // The job's data as that release wrote it: one title and body.
    const queued = {
      notice: {
        kind: 'application',
        title: 'A role was closed',
        body,
        link: '/me',
        mail: { site: 'https://cineverse.test' },
      },
      userIds: members,
      queuedAt: new Date().toISOString(),
    } as unknown as FanOut;
    await writeFanOut(app.db, queued);
    await writeFanOut(app.db, queued);
    const told = await app.db
      .select({ userId: notifications.userId, title: notifications.title })
      .from(notifications)
      .where(eq(notifications.body, body));
    expect(told.map((row) => row.userId).sort()).toEqual([...members].sort());
    expect(told.every((row) => row.title === 'A role was closed')).toBe(true);
  });

  it('tells a decision in a job queued with it for its time, 10 s after it was made, once', async () => {
    const { app } = web;
    const send = (method: 'GET' | 'POST' | 'PUT', url: string, who: Shopper, body?: object) =>
      app.inject({ method, url: `${USER_API}${url}`, headers: who.headers, ...(body ? { payload: body } : {}) });
    const house = await createShopper(app, 'Red Kite Films');
    const handle = `house-${randomUUID().slice(0, 8)}`;
    const houseProfile = await send('PUT', '/me/profile', house, {
      handle,
      kind: 'organisation',
      category: 'Production House',
      display_name: 'Red Kite Films',
      city: 'Mumbai',
    });
    expect(houseProfile.statusCode, houseProfile.body).toBe(200);
    await app.db.update(profiles).set({ verified: true }).where(eq(profiles.handle, handle));
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const posted = await send('POST', '/casting-calls', house, {
      title: 'Monsoon Letters',
      project_type: 'feature',
      description: 'A Marathi feature about letters lost in a flood.',
      city: 'Pune',
      shoot_start: inDays(40),
      shoot_end: inDays(70),
      deadline: inDays(20),
      roles: [{ name: 'Sarita', genders: ['female'], age_min: 20, age_max: 30, languages: ['Marathi'], paid: false }],
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const call = posted.json().data as { id: number; roles: { id: number }[] };
    const actor = await createShopper(app, 'Asha Kulkarni');
    const actorHandle = `actor-${randomUUID().slice(0, 8)}`;
    const actorProfile = await send('PUT', '/me/profile', actor, {
      handle: actorHandle,
      kind: 'person',
      category: 'Artist',
      display_name: 'Asha Kulkarni',
      crafts: ['actor'],
      city: 'Pune',
      languages: [{ language: 'Marathi', level: 'native' }],
      playing_age_min: 22,
      playing_age_max: 30,
      gender: 'female',
    });
    expect(actorProfile.statusCode, actorProfile.body).toBe(200);
    const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, actorHandle));
    await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${actorHandle}.webp`, main: true });
    const applied = await send('POST', `/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`, actor, {
      note: 'I grew up in Kolhapur.',
    });
    expect(applied.statusCode, applied.body).toBe(201);
    const application = applied.json().data as { id: number };

    const decided = await send('POST', `/applications/${application.id}/transition`, house, { to: 'selected' });
    expect(decided.statusCode, decided.body).toBe(200);
    const [decision] = await app.db
      .select({ tellAt: castingApplications.tellAt })
      .from(castingApplications)
      .where(eq(castingApplications.id, application.id));
    // Its job waits for the decision's time to tell.
    const waiting = rowsOf<{ start_after: Date | string }>(
      await app.db.execute(sql`select start_after from pgboss.job where name = 'decisions' and state = 'created'
        order by start_after desc limit 1`),
    );
    expect(new Date(waiting[0]!.start_after).getTime()).toBe(decision!.tellAt!.getTime());

    const selected = () =>
      app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, actor.id), eq(notifications.title, 'You are selected')));
    const worker = await secondProcess(web, 'worker', []);
    try {
      await expect.poll(async () => (await selected()).length, { timeout: 30_000 }).toBe(1);
      const [told] = await selected();
      expect(told!.createdAt.getTime()).toBeGreaterThanOrEqual(decision!.tellAt!.getTime());
    } finally {
      await worker.close();
    }
  }, 60_000);

  it('keeps the hourly upkeep as one schedule of the queue, however many processes start', async () => {
    const worker = await secondProcess(web, 'worker', []);
    const other = await secondProcess(web, 'all', []);
    try {
      const schedules = rowsOf<{ name: string; cron: string }>(
        await web.app.db.execute(sql`select name, cron from pgboss.schedule where name = 'upkeep'`),
      );
      expect(schedules).toEqual([{ name: 'upkeep', cron: '0 * * * *' }]);
    } finally {
      await other.close();
      await worker.close();
    }
  }, 60_000);
});

describe('dead letters', () => {
  let testApp: TestApp;
  let failing = true;
  const sent: MailMessage[] = [];

  beforeAll(async () => {
    testApp = await createTestApp({
      mailTransport: async (message) => {
        if (failing) throw new Error('421 the mail server is away');
        sent.push(message);
      },
    });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('a mail that failed its last try is listed for admins, who send it again; the retry is in the audit log', async () => {
    const { app } = testApp;
    const to = `dead-${randomUUID()}@example.in`;
    await app.db.transaction((tx) =>
      queueMail(tx, { to, kind: 'order', subject: 'Your order is on its way', text: 'Tracking EE1' }),
    );
    // Its tries but the last are spent (as if over the past hours).
    await app.db
      .update(mailOutbox)
      .set({ attempts: MAIL_TRIES - 1 })
      .where(eq(mailOutbox.to, to));
    await app.sendQueuedMail();
    const admin = await createStaff(app, 'admin');
    const manager = await createStaff(app, 'shop_manager');

    const forbidden = await app.inject({
      method: 'GET',
      url: `${ADMIN_API}/mail/dead-letters`,
      headers: manager.headers,
    });
    expect(forbidden.statusCode).toBe(403);
    const listed = await app.inject({ method: 'GET', url: `${ADMIN_API}/mail/dead-letters`, headers: admin.headers });
    expect(listed.statusCode, listed.body).toBe(200);
    const letter = listed.json().data.find((item: { to: string }) => item.to === to);
    expect(letter).toMatchObject({
      to,
      subject: 'Your order is on its way',
      kind: 'order',
      tries: MAIL_TRIES,
      last_error: '421 the mail server is away',
    });
    expect((await app.jobs.stats()).mail.deadLetters).toBeGreaterThanOrEqual(1);

    failing = false;
    const retry = () =>
      app.inject({
        method: 'POST',
        url: `${ADMIN_API}/mail/dead-letters/${letter.id as number}/retry`,
        headers: { ...admin.headers, 'idempotency-key': `retry-${letter.id as number}` },
      });
    const retried = await retry();
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().data).toEqual({ id: letter.id, queued: true });
    // Sent by the queue's job, without anyone calling the sender.
    await expect.poll(() => sent.filter((mail) => mail.to === to)).toHaveLength(1);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'mail'), eq(auditLog.entityId, String(letter.id))));
    expect(audit).toMatchObject({ action: 'retry', actorId: admin.id });
    const again = await app.inject({
      method: 'POST',
      url: `${ADMIN_API}/mail/dead-letters/${letter.id as number}/retry`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ field: 'id' });
  });
});
