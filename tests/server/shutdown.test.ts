import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer } from '../../server/src/build/build-server.js';
import { compiledServerArgs } from '../../server/src/entry-points.js';

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-shutdown-'));

/** The compiled server, as `npm start` runs it: its database thread and the seeding child process compiled too. */
function startServer(): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, compiledServerArgs(), {
    // The embedded database in a real data folder: that is what a shutdown must leave intact.
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) resolve({ child, baseUrl: match[1] });
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

function exitCode(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

beforeAll(buildServer);

afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

/**
 * Two starts, the first creating a database in a fresh folder (PGlite's initdb alone takes ~8 s here): this test
 * checks what a shutdown leaves behind, not how fast a server starts, so it gets far more than the default 30 s. */
const TWO_STARTS_TIMEOUT_MS = 180_000;

describe('shutdown', () => {
  it(
    'on SIGTERM finishes the request in flight, exits 0, and the data folder opens again intact',
    async () => {
      const first = await startServer();
      const exited = exitCode(first.child);
      // A request whose body is still arriving when the signal comes: the server must read it and answer.
      const body = JSON.stringify({ note: 'x'.repeat(2000) });
      const request = http.request(`${first.baseUrl}/backend/api/getHomeData`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const answered = new Promise<{ status: number; text: string }>((resolve, reject) => {
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
        });
        request.on('error', reject);
      });
      request.write(body.slice(0, 1000));
      await new Promise((resolve) => setTimeout(resolve, 300));
      first.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      request.end(body.slice(1000));
      const answer = await answered;
      // getHomeData takes no POST: a complete JSON 405 shows the request was finished, not cut off.
      expect(answer.status).toBe(405);
      expect(JSON.parse(answer.text).message).toMatch(/POST is not allowed here/);
      expect(await exited).toBe(0);

      const second = await startServer();
      try {
        const health = await fetch(`${second.baseUrl}/backend/api/health`);
        expect(await health.json()).toEqual({ status: 'ok', database: 'pglite' });
        const home = await (await fetch(`${second.baseUrl}/backend/api/getHomeData`)).json();
        expect(Object.keys(home.categoryList)).toHaveLength(8);
      } finally {
        const stopped = exitCode(second.child);
        second.child.kill('SIGINT');
        expect(await stopped).toBe(0);
      }
    },
    TWO_STARTS_TIMEOUT_MS,
  );
});
