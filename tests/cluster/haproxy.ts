import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';

/**
 * The path haproxy asks each web process before it sends it requests, and every second after: the readiness route
 * (database reachable, migrations applied, not draining), so that a process told to stop drains before it goes.
 */
export const HEALTH_CHECK_PATH = '/readyz';

/** haproxy's settings for the web processes, as an operator sets them (docs/operations/several-processes.md). */
export const HAPROXY_SETTINGS = {
  /** A health check a second; two failed ones take a process out, two good ones bring it back. */
  checkIntervalMs: 1_000,
  fall: 2,
  rise: 2,
  /** Tries of a request whose connection to a process failed, each on another process (`option redispatch 1`). */
  retries: 3,
  connectTimeoutMs: 1_000,
  /** Longer than the slowest answer the server gives (a big export), shorter than a phone gives up. */
  serverTimeoutMs: 30_000,
} as const;

export interface HaproxyBackend {
  name: string;
  port: number;
}

/** The configuration haproxy runs with: one frontend on `port`, round robin over `backends`. */
export function haproxyConfig({
  port,
  backends,
  statsSocket,
}: {
  port: number;
  backends: HaproxyBackend[];
  statsSocket: string;
}): string {
  const s = HAPROXY_SETTINGS;
  return [
    'global',
    '  maxconn 4096',
    `  stats socket ${statsSocket} mode 600 level admin`,
    '',
    'defaults',
    '  mode http',
    '  option httplog',
    // The processes see the client's address (TRUST_PROXY=1): rate limits and logs are per member, not per balancer.
    '  option forwardfor',
    `  timeout connect ${s.connectTimeoutMs}ms`,
    '  timeout client 60s',
    `  timeout server ${s.serverTimeoutMs}ms`,
    '  timeout http-request 10s',
    '  timeout http-keep-alive 10s',
    '  timeout queue 10s',
    // Only a request that never reached a process is tried again (the default `retry-on conn-failure`): one that
    // reached it may have taken effect, and the client, which holds its Idempotency-Key, decides whether to resend.
    `  retries ${s.retries}`,
    '  option redispatch 1',
    '',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  default_backend app',
    '',
    'backend app',
    '  balance roundrobin',
    '  option httpchk',
    `  http-check send meth GET uri ${HEALTH_CHECK_PATH}`,
    '  http-check expect status 200',
    `  default-server check inter ${s.checkIntervalMs}ms fall ${s.fall} rise ${s.rise}`,
    ...backends.map((backend) => `  server ${backend.name} 127.0.0.1:${backend.port}`),
    '',
  ].join('\n');
}

/** One row of `show stat` for a server of the backend. */
export interface ServerStat {
  name: string;
  /** UP, DOWN, MAINT, or a transition such as `UP 1/2`. */
  status: string;
  /** Requests (sessions) on it now. */
  current: number;
  /** Requests (sessions) sent to it so far. */
  sessionsTotal: number;
}

export interface Haproxy {
  url: string;
  child: ChildProcess;
  /** The backend's servers as haproxy sees them now. */
  servers(): Promise<ServerStat[]>;
  stop(): Promise<void>;
}

/** Sends a command to haproxy's stats socket and gives its whole answer. */
function askSocket(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const connection = net.createConnection(socket);
    let answer = '';
    connection.on('connect', () => connection.write(`${command}\n`));
    connection.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    connection.on('end', () => resolve(answer));
    connection.on('error', reject);
  });
}

/** Starts haproxy (Debian's `haproxy` package) in the foreground with a configuration written into `dir`. */
export async function startHaproxy({
  dir,
  port,
  backends,
}: {
  dir: string;
  port: number;
  backends: HaproxyBackend[];
}): Promise<Haproxy> {
  const statsSocket = path.join(dir, 'haproxy.sock');
  const configFile = path.join(dir, 'haproxy.cfg');
  await fs.writeFile(configFile, haproxyConfig({ port, backends, statsSocket }));
  // A configuration error is reported whole, rather than as a process that exits.
  execFileSync('haproxy', ['-c', '-q', '-f', configFile], { stdio: 'pipe' });
  const child = spawn('haproxy', ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const servers = async (): Promise<ServerStat[]> => {
    const csv = await askSocket(statsSocket, 'show stat');
    const [header, ...rows] = csv.replace(/^# /, '').trim().split('\n');
    const columns = header!.split(',');
    const at = (name: string) => columns.indexOf(name);
    return rows
      .map((row) => row.split(','))
      .filter((cells) => cells[at('pxname')] === 'app' && !['FRONTEND', 'BACKEND'].includes(cells[at('svname')]!))
      .map((cells) => ({
        name: cells[at('svname')]!,
        status: cells[at('status')]!,
        current: Number(cells[at('scur')]),
        sessionsTotal: Number(cells[at('stot')]),
      }));
  };

  // Ready once it answers on its socket and has found every process up by its health check.
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`haproxy exited with code ${child.exitCode}:\n${output}`);
    const up = await servers().catch(() => []);
    if (up.length === backends.length && up.every((server) => server.status === 'UP')) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`haproxy did not find every process up: ${JSON.stringify(up)}\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  return {
    url: `http://127.0.0.1:${port}`,
    child,
    servers,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}
