import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

let testApp: TestApp;
let admin: Shopper;
let paths: Record<string, Record<string, { responses?: Record<string, unknown>; produces?: unknown }>>;

beforeAll(async () => {
  // The server as it runs in production: with the PWA's build, whose pages answer every path outside the API.
  const distDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-dist-')), 'dist');
  await fs.mkdir(distDir);
  await fs.writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
  testApp = await createTestApp({ seed: false, distDir });
  admin = await createStaff(testApp.app, 'admin');
  const description = await testApp.app.inject({ method: 'GET', url: '/backend/api/docs/json' });
  paths = description.json().paths;
});
afterAll(() => testApp.close());

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** A documented path with each `{name}` filled in with a value its route takes. */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'type' ? 'cine-news' : name === 'folder' ? 'banner' : name === 'handle' ? 'someone' : '1',
  );

describe('the OpenAPI description and the server', () => {
  it('agree on every path: a method it does not list answers 405, with an Allow of the methods it lists', async () => {
    // HEAD included: a POST-only call answers 405 to it too (the pages' catch-all must not claim it).
    const walked: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      if (path.startsWith('/backend/api/docs')) continue;
      const documented = Object.keys(operations)
        .map((method) => method.toUpperCase())
        .filter((method) => (METHODS as readonly string[]).includes(method));
      if (documented.length === 0) continue;
      // A GET is answered to HEAD as well (RFC 9110): Allow says so.
      const allow = [...documented, ...(documented.includes('GET') ? ['HEAD'] : [])].sort();
      for (const method of [...METHODS, 'HEAD' as const].filter((method) => !allow.includes(method))) {
        const url = concrete(path);
        const response = await testApp.app.inject({ method, url, headers: admin.headers });
        expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(405);
        const header = String(response.headers.allow ?? '');
        expect(
          header
            .split(',')
            .map((part) => part.trim())
            .sort(),
          `${method} ${url}`,
        ).toEqual(allow);
        walked.push(`${method} ${path}`);
      }
    }
    // Every path was walked, those with parameters included.
    expect(walked.length).toBeGreaterThan(100);
    expect(walked.some((call) => call.includes('{id}'))).toBe(true);
  });

  it('documents the 401 of every CSV call', () => {
    const csvCalls = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => path.endsWith('.csv') || JSON.stringify(operation).includes('text/csv'))
        .map(([method, operation]) => ({ call: `${method} ${path}`, operation })),
    );
    expect(csvCalls.length).toBeGreaterThanOrEqual(2);
    for (const { call, operation } of csvCalls) {
      expect(Object.keys(operation.responses ?? {}), call).toContain('401');
    }
  });

  it('answers 401 to a CSV call without a token, as documented', async () => {
    for (const path of Object.keys(paths).filter((path) => path.endsWith('.csv'))) {
      const response = await testApp.app.inject({ method: 'GET', url: concrete(path) });
      expect(response.statusCode, path).toBe(401);
    }
  });
});
