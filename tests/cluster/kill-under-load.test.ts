import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type DatabaseHandle } from '../../server/src/db/client.js';
import { castingApplications, orderItems, orders, products, profiles, users } from '../../server/src/db/schema.js';
import { mailText } from '../support/smtp-sink.js';
import { type Cluster, startCluster, whyNoCluster } from './cluster.js';
import { addCastingCall, addMembers, addProducts, type Member } from './world.js';

/**
 * The deployment's topology on this machine (tests/cluster/cluster.ts): three web processes and a worker behind
 * haproxy on one PostgreSQL. Shoppers check out and actors apply through haproxy, each sending every write with an
 * Idempotency-Key and resending the same request with the same key when it failed in flight, as the app's outbox
 * does. One web process is killed (SIGKILL) while it has requests in flight.
 */
const USER_API = '/backend/api/api/user/v1';
const SHOPPERS = 6;
const ACTORS = 6;
const ROLES = 8;
/** Rounds of a shopper (add to cart, check out) at most: the load stops by itself. */
const MAX_ROUNDS = 400;
/** Tries of one request: the first and its resends. */
const MAX_TRIES = 5;
/** Requests answered before the kill, and after haproxy took the process out. */
const BEFORE_KILL = 60;
const AFTER_DOWN = 90;
const address = {
  name: 'Arjun Menon',
  phone: '9820012345',
  line1: '12, Film City Road',
  line2: 'Goregaon East',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400065',
};

/** What the writes answer: the record made (an order, an application), or why not. */
interface Answer {
  data: { id: number };
  message?: string;
}

/** A request that failed in flight: no answer, or haproxy's answer that the process it went to gave none. */
interface FailedTry {
  /** The member's token: each client is one member, with one request at a time. */
  who: string;
  path: string;
  startedAt: number;
  outcome: string;
}

const noCluster = await whyNoCluster();

describe.skipIf(noCluster)('a web process killed under load', () => {
  let cluster: Cluster;
  let database: DatabaseHandle;

  beforeAll(async () => {
    cluster = await startCluster();
    database = await openDatabase({ databaseUrl: cluster.databaseUrl });
  }, 180_000);
  afterAll(async () => {
    await database?.close();
    await cluster?.stop();
  }, 60_000);

  it('fails only the requests in flight on it, which their resends complete once: nothing lost, nothing doubled', async () => {
    const { db } = database;
    const shoppers = await addMembers(db, 'shopper', SHOPPERS);
    const actors = await addMembers(db, 'actor', ACTORS, true);
    const productIds = await addProducts(db, 'cluster', 3, 10_000);
    const { callId, roleIds } = await addCastingCall(db, ROLES);

    let answered = 0;
    let stopping = false;
    let killedAt = Number.POSITIVE_INFINITY;
    const failures: FailedTry[] = [];
    const unexpected: string[] = [];

    /** Sends one keyed write through haproxy; resends it with the same key while it fails in flight. */
    async function send(member: Member, path: string, body: unknown): Promise<{ status: number; body: Answer }> {
      const key = randomUUID();
      for (let attempt = 1; attempt <= MAX_TRIES; attempt += 1) {
        const startedAt = performance.now();
        try {
          const response = await fetch(cluster.url + path, {
            method: 'POST',
            headers: {
              authorization: `Bearer ${member.token}`,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(30_000),
          });
          const text = await response.text();
          // 502 and 503 are haproxy's: the process it sent the request to closed without answering, or none was up.
          if (response.status === 502 || response.status === 503 || response.status === 504) {
            failures.push({ who: member.token, path, startedAt, outcome: `${response.status}` });
            continue;
          }
          answered += 1;
          return { status: response.status, body: JSON.parse(text) as Answer };
        } catch (error) {
          failures.push({ who: member.token, path, startedAt, outcome: String(error) });
        }
      }
      throw new Error(`${path} failed ${MAX_TRIES} times`);
    }

    /** A shopper adds one to three of a product and checks out, round after round, until told to stop. */
    const placed: { userId: number; orderId: number; productId: number; quantity: number }[] = [];
    async function shop(shopper: Member, index: number): Promise<void> {
      for (let round = 0; round < MAX_ROUNDS && !stopping; round += 1) {
        const productId = productIds[(index + round) % productIds.length]!;
        const quantity = 1 + ((index + round) % 3);
        const added = await send(shopper, `${USER_API}/addToCart`, { product_id: productId, quantity });
        if (added.status !== 200) unexpected.push(`addToCart ${added.status} ${JSON.stringify(added.body)}`);
        const order = await send(shopper, `${USER_API}/completeOrder`, { address, payment_method: 'cod' });
        if (order.status !== 201) {
          unexpected.push(`completeOrder ${order.status} ${JSON.stringify(order.body)}`);
          return;
        }
        placed.push({ userId: shopper.userId, orderId: order.body.data.id, productId, quantity });
      }
    }

    /** An actor applies to every role of the call, then to none more; the shoppers keep the load up meanwhile. */
    const applied: { userId: number; roleId: number; applicationId: number }[] = [];
    async function apply(actor: Member, index: number): Promise<void> {
      for (let step = 0; step < ROLES; step += 1) {
        const roleId = roleIds[(index + step) % ROLES]!;
        const answer = await send(actor, `${USER_API}/casting-calls/${callId}/roles/${roleId}/applications`, {
          note: 'Available all of next month.',
        });
        if (answer.status !== 201) {
          unexpected.push(`apply ${answer.status} ${JSON.stringify(answer.body)}`);
          continue;
        }
        applied.push({ userId: actor.userId, roleId, applicationId: answer.body.data.id });
      }
    }

    const stockBefore = new Map(
      (await db.select().from(products).where(inArray(products.id, productIds))).map((row) => [row.id, row.stock]),
    );
    // The actors start once the kill is near, so that their applications are in flight around it.
    let startActors!: () => void;
    const actorsGo = new Promise<void>((resolve) => (startActors = resolve));
    const load = Promise.all([
      ...shoppers.map((shopper, index) => shop(shopper, index)),
      ...actors.map(async (actor, index) => {
        await actorsGo;
        await apply(actor, index);
      }),
    ]);
    // Whatever happens below, the load ends: the shoppers stop at the end of their round.
    const stopLoad = async () => {
      stopping = true;
      startActors();
      await load;
    };

    try {
      await expect.poll(() => answered, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(BEFORE_KILL / 2);
      startActors();
      await expect.poll(() => answered, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(BEFORE_KILL);
      // The victim is killed while haproxy has requests on it.
      const victim = cluster.web[1]!;
      await expect
        .poll(async () => (await cluster.haproxy.servers()).find((server) => server.name === victim.name)?.current, {
          timeout: 30_000,
          interval: 5,
        })
        .toBeGreaterThan(0);
      await victim.kill();
      killedAt = performance.now();

      // haproxy takes it out after its failed health checks.
      await expect
        .poll(async () => (await cluster.haproxy.servers()).find((server) => server.name === victim.name)?.status, {
          timeout: 15_000,
          interval: 50,
        })
        .toMatch(/^DOWN/);
      const atDown = await cluster.haproxy.servers();
      const answeredAtDown = answered;
      await expect
        .poll(() => answered, { timeout: 60_000, interval: 20 })
        .toBeGreaterThanOrEqual(answeredAtDown + AFTER_DOWN);
      await stopLoad();

      // haproxy sent it nothing more once it was down, and the others took the load.
      const after = await cluster.haproxy.servers();
      for (const server of after) {
        const before = atDown.find((row) => row.name === server.name)!.sessionsTotal;
        if (server.name === victim.name) expect(server.sessionsTotal).toBe(before);
        else expect(server.sessionsTotal).toBeGreaterThan(before);
      }
      expect(unexpected).toEqual([]);

      // Only requests in flight on it failed: each began before the kill was over, and each was completed by its
      // resend (send throws otherwise). (A resend made while the process was still dying may have reached it too.)
      expect(failures.filter((failure) => failure.startedAt > killedAt)).toEqual([]);
      expect(failures.length).toBeGreaterThan(0);
    } finally {
      await stopLoad();
    }

    // Every checkout the shoppers saw succeed is one order, holding exactly what was added: no add and no order
    // doubled by a resend, none lost.
    const shopperIds = shoppers.map((shopper) => shopper.userId);
    const stored = await db.select().from(orders).where(inArray(orders.userId, shopperIds));
    expect(new Set(placed.map((order) => order.orderId)).size).toBe(placed.length);
    expect(stored.map((order) => order.id).sort((a, b) => a - b)).toEqual(
      placed.map((order) => order.orderId).sort((a, b) => a - b),
    );
    const items = await db
      .select()
      .from(orderItems)
      .where(
        inArray(
          orderItems.orderId,
          stored.map((order) => order.id),
        ),
      );
    for (const order of placed) {
      expect(
        items.filter((item) => item.orderId === order.orderId).map((item) => [item.productId, item.quantity]),
      ).toEqual([[order.productId, order.quantity]]);
    }
    const cartLines = await db.execute(
      sql`select count(*)::int as lines from cart_items where user_id in (${sql.join(shopperIds, sql`, `)})`,
    );
    expect(rowsOf(cartLines)).toEqual([{ lines: 0 }]);

    // Stock went down by exactly what the orders hold.
    for (const row of await db.select().from(products).where(inArray(products.id, productIds))) {
      const sold = items.filter((item) => item.productId === row.id).reduce((sum, item) => sum + item.quantity, 0);
      expect(row.stock).toBe(stockBefore.get(row.id)! - sold);
    }

    // One application per actor and role, each the one the actor was answered with.
    const applications = await db
      .select({ id: castingApplications.id, roleId: castingApplications.roleId, userId: profiles.userId })
      .from(castingApplications)
      .innerJoin(profiles, eq(profiles.id, castingApplications.profileId))
      .where(eq(castingApplications.callId, callId));
    expect(applied).toHaveLength(ACTORS * ROLES);
    expect(applications.map((row) => `${row.userId}:${row.roleId}:${row.id}`).sort()).toEqual(
      applied.map((row) => `${row.userId}:${row.roleId}:${row.applicationId}`).sort(),
    );

    // Each order's mail is sent once, once mail is sent by the job queue's workers only.
    if (await jobQueueIn(database)) {
      const emails = new Map(
        (await db.select().from(users).where(inArray(users.id, shopperIds))).map((user) => [user.id, user.email]),
      );
      const mailsOf = (order: (typeof placed)[number]) =>
        cluster.smtp.received.filter(
          (mail) =>
            mail.to.includes(emails.get(order.userId)!) &&
            new RegExp(`/orders/${order.orderId}(?!\\d)`).test(mailText(mail)),
        ).length;
      const unmailed = () => placed.filter((order) => mailsOf(order) === 0);
      try {
        await expect.poll(() => unmailed().length, { timeout: 90_000 }).toBe(0);
      } catch (error) {
        // What the outbox says of the mails that never came, to tell a lost mail from a late one.
        const outbox = [];
        for (const order of unmailed()) {
          const rows = await db.execute(
            sql`select id, to_address, attempts, sent_at, next_attempt_at, last_error from mail_outbox
              where text like ${`%/orders/${order.orderId}%`}`,
          );
          outbox.push({ order: order.orderId, rows: rowsOf(rows) });
        }
        throw new Error(`Orders without their mail: ${JSON.stringify(outbox)}`, { cause: error });
      }
      expect(placed.filter((order) => mailsOf(order) !== 1)).toEqual([]);
    }
  });

  it('serves every upload from every process, from the one bucket they share', async () => {
    const [actor] = await addMembers(database.db, 'photographed', 1, true);
    const form = new FormData();
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const uploaded = await fetch(`${cluster.url}${USER_API}/me/profile/photos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${actor!.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { data } = (await uploaded.json()) as { data: { photos: { url: string }[] } };
    // The actor's first photo is a name written with the profile (tests/cluster/world.ts), not a file: the new one.
    const uploadedPhotos = data.photos.filter((photo) => !photo.url.endsWith('/photographed-1.webp'));
    expect(uploadedPhotos).toHaveLength(1);
    const live = cluster.web.filter((server) => server.child.exitCode === null && server.child.signalCode === null);
    expect(live.length).toBeGreaterThanOrEqual(2);
    for (const photo of uploadedPhotos) {
      for (const server of live) {
        const served = await fetch(server.url + photo.url);
        expect(served.status, `${photo.url} from ${server.name}`).toBe(200);
      }
    }
  });
});

/** Whether background work runs on a job queue in the database (its schema is there), rather than in every process. */
async function jobQueueIn({ db }: DatabaseHandle): Promise<boolean> {
  const rows = await db.execute(
    sql`select 1 from information_schema.schemata where schema_name in ('pgboss', 'graphile_worker')`,
  );
  return rowsOf(rows).length > 0;
}
