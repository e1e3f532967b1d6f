import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/src/build/build-server.js';
import { lockFileOf, type LockHolder } from '../../server/src/db/data-dir-lock.js';
import { compiledServerArgs } from '../../server/src/entry-points.js';

const run = promisify(execFile);
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-lock-'));
const lockFile = lockFileOf(path.join(dataDir, 'pglite'));
const children = new Set<ChildProcess>();

/** The compiled server as `npm start` runs it, on the embedded database in `dataDir`. */
function startServer(): { child: ChildProcess; started: Promise<string>; exited: Promise<number | null> } {
  const child = spawn(process.execPath, compiledServerArgs(), {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const started = new Promise<string>((resolve, reject) => {
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
  // A server refused at start never starts: that test waits for its exit, not for this.
  started.catch(() => {});
  // Read by the tests through `outputOf` once the process has ended.
  Object.defineProperty(child, 'output', { get: () => output });
  return { child, started, exited };
}

const outputOf = (child: ChildProcess) => (child as ChildProcess & { output: string }).output;

async function holder(): Promise<LockHolder> {
  return JSON.parse(await fs.readFile(lockFile, 'utf8')) as LockHolder;
}

beforeAll(buildServer);

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

/** Two starts (the first creates the database: PGlite's initdb and the demo content take tens of seconds here). */
const PROCESSES_TIMEOUT_MS = 240_000;

describe('the embedded database folder is one process’s', () => {
  it(
    'a second server and admin:create on the same DATA_DIR are refused, naming the server; SIGTERM gives it back',
    async () => {
      const first = startServer();
      await first.started;
      expect(await holder()).toMatchObject({ pid: first.child.pid, host: os.hostname() });

      const second = startServer();
      expect(await second.exited).not.toBe(0);
      expect(outputOf(second.child)).toContain(`is in use by process ${first.child.pid} on ${os.hostname()}`);
      expect(outputOf(second.child)).toContain('DATABASE_URL');
      expect(outputOf(second.child)).not.toContain('running at');

      const admin = run(
        process.execPath,
        ['--import', 'tsx', 'server/src/admin-cli.ts', 'create', '--email', 'a@example.in', '--name', 'A B'],
        { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: 'Direct0r#Cut' } },
      );
      await expect(admin).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(`is in use by process ${first.child.pid}`),
      });

      // The first server kept serving through all that.
      const health = await fetch(`${await first.started}/backend/api/health`);
      expect(health.status).toBe(200);

      first.child.kill('SIGTERM');
      expect(await first.exited).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    },
    PROCESSES_TIMEOUT_MS,
  );

  it(
    'a lock left by a killed server is taken over by the next one',
    async () => {
      const killed = startServer();
      await killed.started;
      killed.child.kill('SIGKILL');
      await killed.exited;
      expect((await holder()).pid).toBe(killed.child.pid);

      const next = startServer();
      const baseUrl = await next.started;
      expect(await holder()).toMatchObject({ pid: next.child.pid });
      expect((await fetch(`${baseUrl}/backend/api/health`)).status).toBe(200);
      next.child.kill('SIGTERM');
      expect(await next.exited).toBe(0);
      expect(existsSync(lockFile)).toBe(false);
    },
    PROCESSES_TIMEOUT_MS,
  );

  it('a command-line program stopped by SIGINT or SIGTERM gives the lock back', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const holding = holdLock();
      expect(await holding.outcome).toBe('locked');
      expect((await holder()).pid).toBe(holding.child.pid);
      holding.child.kill(signal);
      expect(await holding.exited).toBe(128 + os.constants.signals[signal]);
      expect(existsSync(lockFile)).toBe(false);
    }
  });

  it('of processes that find the same stale lock at once, exactly one takes it', async () => {
    const gone = holdLock();
    expect(await gone.outcome).toBe('locked');
    gone.child.kill('SIGKILL');
    await gone.exited;
    expect((await holder()).pid).toBe(gone.child.pid);

    const racing = Array.from({ length: 4 }, () => holdLock());
    const outcomes = await Promise.all(racing.map((one) => one.outcome));
    expect(outcomes.filter((outcome) => outcome === 'locked')).toHaveLength(1);
    const winner = racing[outcomes.indexOf('locked')]!;
    expect((await holder()).pid).toBe(winner.child.pid);
    for (const [index, outcome] of outcomes.entries()) {
      if (outcome !== 'locked') expect(outcome).toContain(`is in use by process ${winner.child.pid}`);
      if (index !== outcomes.indexOf('locked')) expect(await racing[index]!.exited).toBe(1);
    }
    winner.child.kill('SIGTERM');
    await winner.exited;
    expect(existsSync(lockFile)).toBe(false);
  });
});

/**
 * A command-line program that takes the lock and waits: its outcome is 'locked', or what it printed when refused.
 */
function holdLock(): { child: ChildProcess; outcome: Promise<string>; exited: Promise<number | null> } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { lockDataDir } from ${JSON.stringify(path.resolve('server/src/db/data-dir-lock.ts'))};
       lockDataDir(${JSON.stringify(path.join(dataDir, 'pglite'))});
       console.log('locked');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.add(child);
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const outcome = new Promise<string>((resolve) => {
    child.stdout?.on('data', () => resolve('locked'));
    void exited.then(() => resolve(errors));
  });
  return { child, outcome, exited };
}
