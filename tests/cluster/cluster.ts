import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compiledFile, compiledServerArgs } from '../../server/src/entry-points.js';
import { startPostgresCluster, type PostgresCluster } from '../../bench/lib/postgres.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { type S3Server, startS3Server } from '../support/s3-server.js';
import { type Haproxy, startHaproxy } from './haproxy.js';

/**
 * The topology of a deployment, as processes on this machine: one PostgreSQL cluster (run as the postgres user,
 * as CI runs it), migrated and seeded by the production build's seed program; three web processes and one worker
 * of the production build (`dist-server/`), each with its own data folder as on its own machine; haproxy in front of
 * the web processes; one SMTP server that every process mails through. See docs/operations/several-processes.md.
 */

/** Ports of one cluster; the web processes take `web`, `web + 1`, ... */
export interface ClusterPorts {
  postgres: number;
  haproxy: number;
  web: number;
  worker: number;
  smtp: number;
}

/** The test's ports. The bench starts its own cluster on others. */
export const TEST_PORTS: ClusterPorts = { postgres: 41650, haproxy: 41660, web: 41661, worker: 41669, smtp: 41670 };

export interface ClusterOptions {
  ports?: ClusterPorts;
  webProcesses?: number;
  /** Settings added to every process's (and the seed program's) environment. */
  env?: NodeJS.ProcessEnv;
  /** Echo the processes' output (LOG_LEVEL warn) to this one's stderr. */
  echo?: boolean;
}

/** One server process of the cluster. */
export interface ServerProcessHandle {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  /** Its own data folder (uploads it took are there unless an object store is set). */
  dataDir: string;
  /** Ends it at once, as a crash or the kernel's OOM killer would, and resolves once it is gone. */
  kill(): Promise<void>;
}

export interface Cluster {
  /** haproxy's address: where clients go. */
  url: string;
  databaseUrl: string;
  web: ServerProcessHandle[];
  worker: ServerProcessHandle;
  haproxy: Haproxy;
  smtp: SmtpSink;
  /** The S3-compatible store (s3rver on loopback) every process keeps its files in. */
  objectStore: S3Server;
  /** Stops everything the cluster started; safe to call twice. */
  stop(): Promise<void>;
}

/** Why a cluster cannot be started here, or null when it can: it needs root, PostgreSQL, haproxy and the build. */
export async function whyNoCluster(): Promise<string | null> {
  if (process.getuid?.() !== 0) return 'the PostgreSQL cluster runs as the postgres user, which needs root';
  const postgres = await fs.readdir('/usr/lib/postgresql').catch(() => []);
  if (postgres.length === 0) return 'PostgreSQL is not installed (apt-get install postgresql)';
  try {
    execFileSync('haproxy', ['-v'], { stdio: 'ignore' });
  } catch {
    return 'haproxy is not installed (apt-get install haproxy)';
  }
  try {
    await fs.access(compiledFile('server'));
  } catch {
    return 'the server is not compiled (npm run build)';
  }
  return null;
}

/** Resolves when `child` has exited, however it ended. */
function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs a compiled program to its end. */
async function runProgram(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} exited with code ${code}:\n${output}`);
}

/** Starts the compiled server and resolves once it listens. */
async function startServer(
  name: string,
  port: number,
  env: NodeJS.ProcessEnv,
  echo: boolean,
): Promise<ServerProcessHandle> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), `cineverse-cluster-${name}-`));
  const child = spawn(process.execPath, compiledServerArgs(), {
    env: { ...process.env, ...env, PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', echo ? 'inherit' : 'ignore'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not start:\n${output}`)), 120_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      if (echo) process.stderr.write(chunk);
      if (output.includes('running at')) return;
      output += chunk.toString();
      if (output.includes('running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (${code ?? signal}):\n${output}`));
    });
  });
  return {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    child,
    dataDir,
    async kill() {
      child.kill('SIGKILL');
      await exitOf(child);
    },
  };
}

/** Stops a server as its service manager would (SIGTERM: it finishes its requests), then deletes its folder. */
async function stopServer(server: ServerProcessHandle): Promise<void> {
  const exited = exitOf(server.child);
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await exited;
  await fs.rm(server.dataDir, { recursive: true, force: true });
}

/**
 * Starts the whole topology; on any failure stops what it had started and rethrows. Everything is stopped by
 * `stop()`, and killed if this process exits without calling it.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const ports = options.ports ?? TEST_PORTS;
  const webCount = options.webProcesses ?? 3;
  const echo = options.echo ?? false;
  const stops: (() => Promise<void> | void)[] = [];
  const children: ChildProcess[] = [];
  let postgres: PostgresCluster | null = null;
  // A test runner that dies leaves no process behind: the children are killed, the cluster stopped.
  const onExit = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    postgres?.stop();
  };
  process.once('exit', onExit);
  const stopAll = async () => {
    process.off('exit', onExit);
    // In reverse order: the balancer first, the database last.
    for (const stop of stops.reverse().splice(0)) {
      try {
        await stop();
      } catch (error) {
        console.error('Stopping part of the cluster failed:', error);
      }
    }
  };

  try {
    const started = startPostgresCluster(ports.postgres);
    if (typeof started === 'string') throw new Error(`PostgreSQL cannot be started: ${started}`);
    postgres = started;
    stops.push(() => {
      started.stop();
      postgres = null;
    });
    const databaseUrl = started.url;

    const smtp = await startSmtpSink({ port: ports.smtp });
    stops.push(() => smtp.close());

    // One bucket for every process: an image uploaded through one is served by all.
    const objectStore = await startS3Server('cineverse-cluster');
    stops.push(() => objectStore.close());

    // An empty build folder: the processes serve the API and the uploads (the PWA's build is not needed here).
    const distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-cluster-dist-'));
    stops.push(() => fs.rm(distDir, { recursive: true, force: true }));
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SKIP_BUILD: '1',
      DIST_DIR: distDir,
      SMTP_URL: smtp.url,
      PUBLIC_URL: `http://127.0.0.1:${ports.haproxy}`,
      TRUST_PROXY: '1',
      REGISTER_LIMIT: '100000',
      ...objectStore.env,
      ...options.env,
    };

    // Migrated and seeded once, by the production build's program, before any server starts (`npm run db:seed`).
    const seedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-cluster-seed-'));
    stops.push(() => fs.rm(seedDir, { recursive: true, force: true }));
    await runProgram([compiledFile('seed-cli')], { ...env, DATA_DIR: seedDir });

    const starting = [
      ...Array.from({ length: webCount }, (_, index) =>
        startServer(`web${index + 1}`, ports.web + index, { ...env, ROLE: 'web' }, echo),
      ),
      startServer('worker', ports.worker, { ...env, ROLE: 'worker' }, echo),
    ];
    const settled = await Promise.allSettled(starting);
    for (const result of settled) {
      if (result.status === 'fulfilled') {
        children.push(result.value.child);
        stops.push(() => stopServer(result.value));
      }
    }
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const servers = settled.map((result) => (result as PromiseFulfilledResult<ServerProcessHandle>).value);
    const web = servers.slice(0, webCount);
    const worker = servers.at(-1)!;

    const haproxyDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-cluster-haproxy-'));
    stops.push(() => fs.rm(haproxyDir, { recursive: true, force: true }));
    const haproxy = await startHaproxy({
      dir: haproxyDir,
      port: ports.haproxy,
      backends: web.map((server) => ({ name: server.name, port: server.port })),
    });
    children.push(haproxy.child);
    stops.push(() => haproxy.stop());

    return { url: haproxy.url, databaseUrl, web, worker, haproxy, smtp, objectStore, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
