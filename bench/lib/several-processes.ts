import { randomUUID } from 'node:crypto';
import type autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rowsOf, type Database } from '../../server/src/db/client.js';
import { type Cluster, type ClusterPorts, startCluster } from '../../tests/cluster/cluster.js';
import { addCastingCall, addMembers, addProducts, addStaff, type Member } from '../../tests/cluster/world.js';
import { API, USER_API } from './shop-api.js';
import { type SteadyLoad, steadyLoad } from './steady-load.js';

/**
 * The stage "several processes": three web processes and a worker behind haproxy on one PostgreSQL cluster
 * (tests/cluster/cluster.ts), each figure beside one of those processes asked directly (the single-process figure of
 * the same run, same database, same data) and beside the write floor.
 */

/** The bench's cluster ports (the cluster test uses others). */
const BENCH_PORTS: ClusterPorts = { postgres: 41640, haproxy: 41641, web: 41642, worker: 41648, smtp: 41649 };
/** The bare keyed-upsert route, answered only by a server started with BENCH_WRITE_FLOOR=1. */
export const WRITE_FLOOR_PATH = `${API}/bench/write-floor`;
/** Members told of a restock. */
const NOTICE_MEMBERS = 100_000;
/** How long the notice may take before the stage stops waiting for it: its budget is 60 s. */
const NOTICE_WAIT_MS = 65_000;

export interface ProcessesSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  smoke: boolean;
}

/** One request measured on one process and through haproxy on three. */
export interface ProcessesRow {
  name: string;
  kind: 'read' | 'write';
  single: SteadyLoad;
  cluster: SteadyLoad;
}

export interface ProcessesFigures {
  webProcesses: number;
  connections: number;
  rows: ProcessesRow[];
  /** The write floor: the same keyed upsert in one transaction, and how it was measured. */
  floor: { p50Ms: number; p99Ms: number; requests: number; errors: number; how: string };
  /** Time from an edit's answer until each process answers the new value. */
  edit: { samples: number; p95Ms: number; maxMs: number; notSeen: number };
  /** A notice to many members, while reads go on; `notMeasured` says why when it was not. */
  notice:
    | {
        members: number;
        /** Until every notification was written; null when not within the wait. */
        writtenMs: number | null;
        /** Until every mail was queued; null when not within the wait or not countable. */
        mailsQueuedMs: number | null;
        /** The admin's request: its status and time. */
        requestStatus: number;
        requestMs: number;
        readsDuring: SteadyLoad;
        note: string;
      }
    | { notMeasured: string };
}

/** The nearest-rank percentile of `values`, to a tenth of a millisecond. */
function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return Math.round(sorted[Math.max(0, Math.ceil(fraction * sorted.length) - 1)]! * 10) / 10;
}

const bearer = (member: Member) => ({ authorization: `Bearer ${member.token}` });
const keyed = (member: Member) => ({
  ...bearer(member),
  'content-type': 'application/json',
  'idempotency-key': randomUUID(),
});

/** Everything the loads need, written into the cluster's database before any load. */
interface World {
  readProductId: number;
  cartProductId: number;
  cartShoppers: Member[];
  checkoutShoppers: Member[];
  actors: Member[];
  callId: number;
  roleIds: number[];
  editProductIds: number[];
  noticeProductId: number;
  staff: Member;
}

async function fillWorld(db: Database, settings: ProcessesSettings): Promise<World> {
  const scale = settings.smoke ? 0.05 : 1;
  const [readProductId, cartProductId, checkoutProductId, noticeProductId, ...editProductIds] = await addProducts(
    db,
    'bench',
    14,
    1_000_000,
  );
  const cartShoppers = await addMembers(db, 'cart', settings.connections);
  // Each checkout is a new shopper whose cart holds one line: one request type, measured on its own.
  const checkoutShoppers = await addMembers(db, 'checkout', Math.round(12_000 * scale));
  await db.execute(sql`
    insert into cart_items (user_id, product_id, quantity)
    select id, ${checkoutProductId}::int, 1 from users where email like 'checkout-%@cluster.invalid'`);
  // Each application is a new actor and role pair.
  const actors = await addMembers(db, 'actor', Math.round(2_500 * scale), true);
  const { callId, roleIds } = await addCastingCall(db, 10);
  const staff = await addStaff(db, 'staff');
  // The notice: members who keep a sold-out product in their wishlist.
  const keepers = settings.smoke ? 2_000 : NOTICE_MEMBERS;
  await db.execute(sql`
    with keepers as (
      insert into users (name, email, password_hash, email_confirmed_at)
      select 'Keeper ' || g, 'keeper-' || g || '@cluster.invalid', 'cluster-member-without-login', now()
      from generate_series(1, ${keepers}::int) as g
      returning id
    )
    insert into wishlist_items (user_id, product_id) select id, ${noticeProductId}::int from keepers`);
  await db.execute(sql`update products set stock = 0 where id = ${noticeProductId}`);
  await db.execute(sql`analyze`);
  return {
    readProductId: readProductId!,
    cartProductId: cartProductId!,
    cartShoppers,
    checkoutShoppers,
    actors,
    callId,
    roleIds,
    editProductIds,
    noticeProductId: noticeProductId!,
    staff,
  };
}

/** The loads, each built afresh for each base URL (their requests take members from shared queues). */
function loads(world: World): { name: string; kind: 'read' | 'write'; requests: () => autocannon.Request[] }[] {
  let nextCheckout = 0;
  let nextApplication = 0;
  return [
    { name: 'Product list', kind: 'read', requests: () => [{ method: 'GET', path: `${API}/getProduct` }] },
    {
      name: 'Product detail',
      kind: 'read',
      requests: () => [{ method: 'GET', path: `${API}/api/v1/getProduct/${world.readProductId}` }],
    },
    {
      // As stage 4: four adds of one to a shopper's line, then its quantity set back to 1; a shopper per connection.
      name: 'addToCart',
      kind: 'write',
      requests: () => {
        const free = [...world.cartShoppers];
        type Context = { shopper?: Member; lineId?: number };
        const add: autocannon.Request = {
          method: 'POST',
          path: `${USER_API}/addToCart`,
          setupRequest: (request, context: Context) => {
            context.shopper ??= free.shift();
            if (!context.shopper) throw new Error('More connections than shoppers');
            return {
              ...request,
              headers: keyed(context.shopper),
              body: JSON.stringify({ product_id: world.cartProductId, quantity: 1 }),
            };
          },
          onResponse: (status, body, context: Context) => {
            if (status !== 200 || context.lineId !== undefined) return;
            const cart = JSON.parse(body) as { data: { id: number; product_id: number }[] };
            context.lineId = cart.data.find((line) => line.product_id === world.cartProductId)?.id;
          },
        };
        const reset: autocannon.Request = {
          method: 'PUT',
          setupRequest: (request, context: Context) => ({
            ...request,
            path: `${USER_API}/cart/${context.lineId}`,
            headers: keyed(context.shopper!),
            body: JSON.stringify({ quantity: 1 }),
          }),
          onResponse: (_status, _body, context: Context) => {
            if (context.shopper) free.push(context.shopper);
          },
        };
        return [add, add, add, add, reset];
      },
    },
    {
      name: 'apply',
      kind: 'write',
      requests: () => [
        {
          method: 'POST',
          setupRequest: (request) => {
            const pair = nextApplication++;
            const actor = world.actors[pair % world.actors.length]!;
            const roleId = world.roleIds[Math.floor(pair / world.actors.length) % world.roleIds.length]!;
            return {
              ...request,
              path: `${USER_API}/casting-calls/${world.callId}/roles/${roleId}/applications`,
              headers: keyed(actor),
              body: JSON.stringify({ note: 'Available all of next month.' }),
            };
          },
        },
      ],
    },
    {
      name: 'checkout',
      kind: 'write',
      requests: () => [
        {
          method: 'POST',
          path: `${USER_API}/completeOrder`,
          setupRequest: (request) => {
            const shopper = world.checkoutShoppers[nextCheckout++ % world.checkoutShoppers.length]!;
            return {
              ...request,
              headers: keyed(shopper),
              body: JSON.stringify({
                address: {
                  name: 'Arjun Menon',
                  phone: '9820012345',
                  line1: '12, Film City Road',
                  city: 'Mumbai',
                  state: 'Maharashtra',
                  pincode: '400065',
                },
                payment_method: 'cod',
              }),
            };
          },
        },
      ],
    },
  ];
}

/**
 * The write floor: the bare keyed-upsert route at the same connections through haproxy when the server has it;
 * otherwise the same statements (a cart line upserted and its key stored, in one transaction) one after the other
 * over one direct connection, for as long as a load.
 */
async function measureFloor(
  cluster: Cluster,
  world: World,
  settings: ProcessesSettings,
): Promise<ProcessesFigures['floor']> {
  // As addToCart's load: four adds of one to a shopper's line, then its quantity set back to 1, a shopper per
  // connection, each request with its own key; the shopper named in the body, as the bare route takes it.
  const floorBody = (shopper: Member, change: { product_id: number } | { line_id: number }) =>
    JSON.stringify({ user_id: shopper.userId, quantity: 1, ...change });
  const probe = await fetch(cluster.url + WRITE_FLOOR_PATH, {
    method: 'POST',
    headers: keyed(world.cartShoppers[0]!),
    body: floorBody(world.cartShoppers[0]!, { product_id: world.cartProductId }),
  });
  await probe.arrayBuffer();
  if (probe.ok) {
    const free = [...world.cartShoppers];
    type Context = { shopper?: Member; lineId?: number };
    const add: autocannon.Request = {
      method: 'POST',
      path: WRITE_FLOOR_PATH,
      setupRequest: (request, context: Context) => {
        context.shopper ??= free.shift();
        if (!context.shopper) throw new Error('More connections than shoppers');
        return {
          ...request,
          headers: keyed(context.shopper),
          body: floorBody(context.shopper, { product_id: world.cartProductId }),
        };
      },
      onResponse: (status, body, context: Context) => {
        if (status !== 200 || context.lineId !== undefined) return;
        const cart = JSON.parse(body) as { data: { id: number; product_id: number }[] };
        context.lineId = cart.data.find((line) => line.product_id === world.cartProductId)?.id;
      },
    };
    const reset: autocannon.Request = {
      method: 'POST',
      path: WRITE_FLOOR_PATH,
      setupRequest: (request, context: Context) => ({
        ...request,
        headers: keyed(context.shopper!),
        body: floorBody(context.shopper!, { line_id: context.lineId! }),
      }),
      onResponse: (_status, _body, context: Context) => {
        if (context.shopper) free.push(context.shopper);
      },
    };
    const result = await steadyLoad(
      { url: cluster.url, connections: settings.connections, requests: [add, add, add, add, reset] },
      settings.warmupSeconds,
      settings.durationSeconds,
    );
    return { ...result, how: `${WRITE_FLOOR_PATH} through haproxy at ${settings.connections} connections` };
  }
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const latencies: number[] = [];
    const shopper = world.cartShoppers[0]!;
    const until = performance.now() + (settings.warmupSeconds + settings.durationSeconds) * 1000;
    const measureFrom = performance.now() + settings.warmupSeconds * 1000;
    while (performance.now() < until) {
      const started = performance.now();
      await client.query('begin');
      await client.query(
        `insert into cart_items (user_id, product_id, quantity) values ($1, $2, 1)
         on conflict (user_id, product_id) do update set quantity = excluded.quantity
         returning id, quantity`,
        [shopper.userId, world.readProductId],
      );
      await client.query(
        `insert into idempotency_keys (user_id, key, fingerprint, status_code, response)
         values ($1, $2, 'floor', 200, '{}'::json) on conflict (user_id, key) do nothing returning id`,
        [shopper.userId, randomUUID()],
      );
      await client.query('commit');
      if (started >= measureFrom) latencies.push(performance.now() - started);
    }
    return {
      p50Ms: percentile(latencies, 0.5),
      p99Ms: percentile(latencies, 0.99),
      requests: latencies.length,
      errors: 0,
      how: `the route answered ${probe.status}: the same statements over one direct connection instead`,
    };
  } finally {
    await client.end();
  }
}

/** Full product input for the admin's PUT, from the product as the database holds it. */
async function productInput(db: Database, id: number, change: Record<string, unknown>): Promise<string> {
  const [row] = rowsOf<Record<string, unknown>>(
    await db.execute(sql`select name, description, category, images, mrp, price, stock, perishable, active
      from products where id = ${id}`),
  );
  const { active, ...rest } = row!;
  return JSON.stringify({ ...rest, visible: active, ...change });
}

/**
 * Edits products through haproxy one after the other, each already read (and so cached) by every process just
 * before, and times how long after the edit's answer each process answers the new name. One at a time: an edit
 * clears the caches of the process that takes it, which would hide another edit's lag there.
 */
async function measureEdits(
  cluster: Cluster,
  db: Database,
  world: World,
  settings: ProcessesSettings,
): Promise<ProcessesFigures['edit']> {
  const detail = (base: string, id: number) =>
    fetch(`${base}${API}/api/v1/getProduct/${id}`).then(
      async (response) => ((await response.json()) as { data: { name: string } }).data.name,
    );
  // Requests the last load left in flight (autocannon stops sending, not the server working) would clear the caches
  // of the processes that finish them: the edits start once haproxy counts none.
  const started = performance.now();
  while (performance.now() - started < 30_000) {
    const servers = await cluster.haproxy.servers();
    if (servers.every((server) => server.current === 0)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const samples: number[] = [];
  let notSeen = 0;
  for (const [index, id] of world.editProductIds.slice(0, settings.smoke ? 2 : 6).entries()) {
    for (const server of cluster.web) await detail(server.url, id);
    const name = `Edited poster ${index + 1} ${randomUUID().slice(0, 8)}`;
    const edited = await fetch(`${cluster.url}${API}/api/admin/v1/products/${id}`, {
      method: 'PUT',
      headers: keyed(world.staff),
      body: await productInput(db, id, { name }),
    });
    if (edited.status !== 200) throw new Error(`The edit answered ${edited.status}: ${await edited.text()}`);
    const answeredAt = performance.now();
    await Promise.all(
      cluster.web.map(async (server) => {
        // Asked every 20 ms, for at most 15 s (the old caches expired after 5 s).
        while (performance.now() - answeredAt < 15_000) {
          if ((await detail(server.url, id)) === name) {
            samples.push(performance.now() - answeredAt);
            return;
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        notSeen += 1;
      }),
    );
  }
  return {
    samples: samples.length,
    p95Ms: notSeen > 0 ? Number.POSITIVE_INFINITY : percentile(samples, 0.95),
    maxMs: Math.max(0, ...samples),
    notSeen,
  };
}

/** Counts of what the notice has written so far: notifications, and mails queued (null when not countable). */
async function noticeProgress(db: Database, productId: number): Promise<{ notes: number; mails: number | null }> {
  const link = `/shop/${productId}`;
  const [notes] = rowsOf<{ count: number }>(
    await db.execute(sql`select count(*)::int as count from notifications where link = ${link}`),
  );
  // Mail queued with `queueMail` lands in the outbox; a queue that keeps it elsewhere is reported as not countable.
  const mails = await db
    .execute(sql`select count(*)::int as count from mail_outbox where text like ${`%${link}%`}`)
    .then((result) => rowsOf<{ count: number }>(result)[0]!.count)
    .catch(() => null);
  return { notes: notes!.count, mails };
}

/**
 * The notice to many members: a sold-out product kept in `members` wishlists comes back in stock by the admin's
 * edit through haproxy; timed until every notification is written and every mail queued, while reads go on.
 */
async function measureNotice(
  cluster: Cluster,
  db: Database,
  world: World,
  settings: ProcessesSettings,
): Promise<ProcessesFigures['notice']> {
  const members = settings.smoke ? 2_000 : NOTICE_MEMBERS;
  const started = performance.now();
  let writtenMs: number | null = null;
  let mailsQueuedMs: number | null = null;
  let requestStatus = 0;
  let requestMs = 0;
  const restock = fetch(`${cluster.url}${API}/api/admin/v1/products/${world.noticeProductId}`, {
    method: 'PUT',
    headers: keyed(world.staff),
    body: await productInput(db, world.noticeProductId, { stock: 50 }),
  }).then(async (response) => {
    await response.arrayBuffer();
    requestStatus = response.status;
    requestMs = performance.now() - started;
  });
  const watch = (async () => {
    while (performance.now() - started < NOTICE_WAIT_MS && (writtenMs === null || mailsQueuedMs === null)) {
      const progress = await noticeProgress(db, world.noticeProductId);
      const now = performance.now() - started;
      if (writtenMs === null && progress.notes >= members) writtenMs = now;
      if (mailsQueuedMs === null && progress.mails !== null && progress.mails >= members) mailsQueuedMs = now;
      if (progress.mails === null && writtenMs !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  // Reads at the same time, for as long as the notice is given at most.
  const readsDuring = await steadyLoad(
    { url: `${cluster.url}${API}/api/v1/getProduct/${world.readProductId}`, connections: settings.connections },
    0,
    settings.smoke ? 2 : Math.min(30, NOTICE_WAIT_MS / 1000),
  );
  await Promise.all([restock, watch]);
  if (requestStatus >= 400 && requestStatus < 500) {
    return { notMeasured: `the admin's restock answered ${requestStatus}` };
  }
  return {
    members,
    writtenMs,
    mailsQueuedMs,
    requestStatus,
    requestMs,
    readsDuring,
    note:
      `a restock of a product in ${members.toLocaleString('en-IN')} wishlists by the admin's edit; ` +
      `the reads are product detail at ${settings.connections} connections for the first ${settings.smoke ? 2 : 30} s`,
  };
}

/** The whole stage: cluster up, world filled, each load on one process then through haproxy, the floor, edits, notice. */
export async function measureSeveralProcesses(
  settings: ProcessesSettings,
  log: (line: string) => void,
): Promise<ProcessesFigures> {
  const cluster = await startCluster({ ports: BENCH_PORTS, env: { BENCH_WRITE_FLOOR: '1' } });
  try {
    const database = await openDatabase({ databaseUrl: cluster.databaseUrl });
    try {
      const world = await fillWorld(database.db, settings);
      const rows: ProcessesRow[] = [];
      for (const load of loads(world)) {
        const fire = (url: string) =>
          steadyLoad(
            { url, connections: settings.connections, requests: load.requests() },
            settings.warmupSeconds,
            settings.durationSeconds,
          );
        const single = await fire(cluster.web[0]!.url);
        const several = await fire(cluster.url);
        rows.push({ name: load.name, kind: load.kind, single, cluster: several });
        log(
          `  ${load.name}: one process p99 ${single.p99Ms} ms (${single.rps.toFixed(0)} req/s, errors ${single.errors}); ` +
            `${cluster.web.length} behind haproxy p99 ${several.p99Ms} ms (${several.rps.toFixed(0)} req/s, errors ${several.errors})`,
        );
      }
      const floor = await measureFloor(cluster, world, settings);
      log(`  write floor: p99 ${floor.p99Ms} ms, p50 ${floor.p50Ms} ms (${floor.how})`);
      const edit = await measureEdits(cluster, database.db, world, settings);
      log(
        `  an edit seen by every process: p95 ${edit.p95Ms.toFixed(0)} ms, slowest ${edit.maxMs.toFixed(0)} ms` +
          ` (${edit.samples} answers, ${edit.notSeen} not within 15 s)`,
      );
      const notice = await measureNotice(cluster, database.db, world, settings);
      if ('members' in notice) {
        const time = (ms: number | null) =>
          ms === null ? `not within ${NOTICE_WAIT_MS / 1000} s` : `${ms.toFixed(0)} ms`;
        log(
          `  notice to ${notice.members.toLocaleString('en-IN')} members: written ${time(notice.writtenMs)}, ` +
            `mails queued ${time(notice.mailsQueuedMs)}; the admin's request ${notice.requestStatus} in ` +
            `${notice.requestMs.toFixed(0)} ms; reads meanwhile p99 ${notice.readsDuring.p99Ms} ms, errors ${notice.readsDuring.errors}`,
        );
      }
      return { webProcesses: cluster.web.length, connections: settings.connections, rows, floor, edit, notice };
    } finally {
      await database.close();
    }
  } finally {
    await cluster.stop();
  }
}
