import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/src/build/build-server.js';
import { compiledServerArgs } from '../../server/src/entry-points.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The log lines of an app, as JSON. */
function logOf(lines: string[]) {
  return lines.map((line) => JSON.parse(line) as { level: number; msg: string; req?: { url: string } });
}

describe('health and readiness', () => {
  let testApp: TestApp;
  const log: string[] = [];
  beforeAll(async () => {
    testApp = await createTestApp({ seed: false, logStream: { write: (line) => void log.push(line) } });
  });
  afterAll(() => testApp.close());

  it('answers /healthz and /readyz 200, uncached, and logs neither request at info', async () => {
    const live = await testApp.app.inject({ url: '/healthz' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    expect(live.headers['cache-control']).toBe('no-store');
    const ready = await testApp.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
    expect(ready.headers['cache-control']).toBe('no-store');
    // Many times in a row: no rate limit stands in a load balancer's way.
    for (let check = 0; check < 200; check += 1) {
      expect((await testApp.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    }
    await testApp.app.inject({ url: '/backend/api/getHomeData' });
    const urls = logOf(log).flatMap((line) => (line.req ? [line.req.url] : []));
    expect(urls).toContain('/backend/api/getHomeData');
    expect(urls).not.toContain('/healthz');
    expect(urls).not.toContain('/readyz');
  });

  it('answers /readyz 503 draining once the process is shutting down, while /healthz and requests still work', async () => {
    testApp.app.health.startDraining();
    const ready = await testApp.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'not ready', reason: 'draining' });
    expect((await testApp.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    expect((await testApp.app.inject({ url: '/backend/api/getHomeData' })).statusCode).toBe(200);
  });
});

describe('readiness of a database that is not ready', () => {
  it('answers 503 migrations while the database lacks a migration of this build', async () => {
    const testApp = await createTestApp({
      seed: false,
      beforeApp: async (database) => {
        await database.db.execute(
          sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`,
        );
      },
    });
    try {
      const ready = await testApp.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', reason: 'migrations' });
      expect((await testApp.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await testApp.close();
    }
  });

  it('answers 503 database when the database does not answer', async () => {
    const testApp = await createTestApp({ seed: false });
    expect((await testApp.app.inject({ url: '/readyz' })).statusCode).toBe(200);
    await testApp.database.close();
    try {
      const ready = await testApp.app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'not ready', reason: 'database' });
      expect((await testApp.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    } finally {
      // Its database is closed already: closing the app closes it again.
      await testApp.close().catch(() => {});
    }
  });
});

describe('a server process told to stop', () => {
  const dataDir = path.join(os.tmpdir(), `cineverse-drain-${process.pid}`);
  beforeAll(buildServer);
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  /** Five seconds of draining: long enough to ask the process a few things while it drains. */
  function startServer(): Promise<{ child: ChildProcess; baseUrl: string; output: () => string }> {
    const child = spawn(process.execPath, compiledServerArgs(), {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SKIP_BUILD: '1',
        DRAIN_SECONDS: '5',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    return new Promise((resolve, reject) => {
      const collect = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /running at (http:\/\/localhost:\d+)\//.exec(output);
        if (match?.[1]) resolve({ child, baseUrl: match[1], output: () => output });
      };
      child.stdout?.on('data', collect);
      child.stderr?.on('data', collect);
      child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
    });
  }

  it(
    'on SIGTERM answers /readyz 503 draining while it still serves requests, then exits 0',
    async () => {
      const server = await startServer();
      const exited = new Promise<number | null>((resolve) => server.child.on('exit', resolve));
      expect((await fetch(`${server.baseUrl}/readyz`)).status).toBe(200);
      server.child.kill('SIGTERM');
      await expect.poll(() => server.output()).toContain('draining for 5 s');
      const ready = await fetch(`${server.baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ reason: 'draining' });
      expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.baseUrl}/backend/api/getHomeData`)).status).toBe(200);
      expect(await exited).toBe(0);
    },
    // A first start creates the embedded database in a fresh folder (initdb and the demo content).
    180_000,
  );
});
