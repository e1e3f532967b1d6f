import fsSync from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf } from '../../server/src/db/client.js';
import { compiledServerArgs } from '../../server/src/entry-points.js';
import { memberEventNames } from '../../src/contract/member-events.js';
import { EventStreamParser } from '../../src/lib/event-stream.js';
import { addMembers, type Member } from '../../tests/cluster/world.js';
import { startPostgresCluster } from './postgres.js';
import { peakRssMb, startNode } from './processes.js';

/**
 * Stage 12: members' live streams (plugins/member-events.ts) on two server processes on one PostgreSQL cluster.
 * Latency: a notice written in the database by another connection (as process A's `tell` writes it: one insert, whose
 * trigger sends the notice on commit) until process B's stream delivers it to its member, measured from the moment
 * before the insert to the event's arrival. Capacity: many streams open on process B at once, its peak resident
 * memory (VmHWM), and the time for one notice to each of them to arrive on every stream.
 */
export interface LiveFigures {
  notices: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  streams: number;
  /** Process B's peak RSS with every stream open and a notice sent on each. */
  peakRssMb: number | null;
  /** Process B's RSS before any stream was opened. */
  idleRssMb: number | null;
  /** From the first insert of one notice per member until every stream had its own. */
  fanOutMs: number;
}

const USER_API = '/backend/api/api/user/v1';

function percentile(sorted: number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** A process's resident memory now, in MB (Linux `VmRSS`). */
function rssMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fsSync.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

export async function measureLive(
  options: { port: number; notices: number; streams: number },
  log: (line: string) => void,
): Promise<{ figures: LiveFigures | null; skipped: string | null }> {
  const cluster = startPostgresCluster(options.port);
  if (typeof cluster === 'string') return { figures: null, skipped: cluster };
  const dirs: string[] = [];
  const servers: Awaited<ReturnType<typeof startNode>>[] = [];
  const requests: http.ClientRequest[] = [];
  const database = await openDatabase({ databaseUrl: cluster.url });
  try {
    const start = async (name: string) => {
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `cineverse-bench-live-${name}-`));
      dirs.push(dataDir);
      const server = await startNode(
        compiledServerArgs(),
        {
          PORT: '0',
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: cluster.url,
          LOG_LEVEL: 'warn',
          SKIP_BUILD: '1',
          ROLE: 'web',
        },
        /running at (http:\/\/localhost:\d+)\//,
      );
      servers.push(server);
      return { ...server, baseUrl: server.url.replace('localhost', '127.0.0.1') };
    };
    // A migrates the database first; B starts on it.
    await start('a');
    const b = await start('b');
    const pid = b.child.pid!;
    const members = await addMembers(database.db, 'live', options.streams);
    const idleRssMb = rssMb(pid);

    const arrivals = new Map<string, (at: number) => void>();
    // Each stream on a connection of its own, as thousands of phones hold them.
    const open = (member: Member) =>
      new Promise<void>((resolve, reject) => {
        const request = http.get(
          `${b.baseUrl}${USER_API}/me/events`,
          { agent: false, headers: { authorization: `Bearer ${member.token}`, accept: 'text/event-stream' } },
          (response) => {
            if (response.statusCode !== 200) reject(new Error(`The stream answered ${response.statusCode}`));
            const parser = new EventStreamParser({
              onEvent(event) {
                if (event.event === memberEventNames.ready) resolve();
                if (event.event !== memberEventNames.notice) return;
                const { title } = JSON.parse(event.data) as { title: string };
                arrivals.get(title)?.(performance.now());
              },
            });
            response.setEncoding('utf8');
            response.on('data', (text: string) => parser.push(text));
          },
        );
        request.on('error', reject);
        requests.push(request);
      });
    const arrivalOf = (title: string) =>
      new Promise<number>((resolve) => arrivals.set(title, (at) => (arrivals.delete(title), resolve(at))));

    // Latency: one stream, notices one after another.
    const first = members[0]!;
    await open(first);
    const latencies: number[] = [];
    for (let index = 0; index < options.notices; index += 1) {
      const title = `latency ${index}`;
      const arrived = arrivalOf(title);
      const before = performance.now();
      await database.db.execute(
        sql`insert into notifications (user_id, kind, title, link) values (${first.userId}, 'order', ${title}, '/orders')`,
      );
      latencies.push((await arrived) - before);
    }
    latencies.sort((x, y) => x - y);
    log(`  ${options.notices} notices across processes: p95 ${Math.round(percentile(latencies, 0.95))} ms`);

    // Capacity: every member's stream open on B, then one notice to each.
    for (let index = 1; index < members.length; index += 50) {
      await Promise.all(members.slice(index, index + 50).map(open));
    }
    log(`  ${members.length} streams open on one process`);
    const waits = members.map((member) => arrivalOf(`fan-out ${member.userId}`));
    const fanOutStart = performance.now();
    await database.db.execute(sql`
      insert into notifications (user_id, kind, title, link)
      select id, 'order', 'fan-out ' || id, '/orders' from users where email like 'live-%@cluster.invalid'`);
    const arrived = await Promise.all(waits);
    const fanOutMs = Math.max(...arrived) - fanOutStart;
    const figures: LiveFigures = {
      notices: options.notices,
      p50Ms: percentile(latencies, 0.5),
      p95Ms: percentile(latencies, 0.95),
      maxMs: latencies.at(-1)!,
      streams: members.length,
      peakRssMb: peakRssMb(pid),
      idleRssMb,
      fanOutMs,
    };
    const count = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from notifications`));
    log(`  ${count[0]?.n} notifications written; peak RSS ${figures.peakRssMb?.toFixed(0)} MB`);
    return { figures, skipped: null };
  } finally {
    for (const request of requests) request.destroy();
    for (const server of servers.reverse()) await server.stop();
    await database.close();
    cluster.stop();
    for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
  }
}
