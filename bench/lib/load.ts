import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type autocannon from 'autocannon';
import { startNode } from './processes.js';
import { type SteadyLoad, steadyLoad } from './steady-load.js';

export interface LoadFigures {
  name: string;
  path: string;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
  requests: number;
  ceilingRps: number;
  ceilingP99Ms: number;
  /** Non-2xx answers, errors and timeouts of the ceiling: anything but 0 means the comparison is void. */
  ceilingErrors: number;
  /** rps / ceilingRps */
  ratio: number;
}

export interface LoadTarget {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** The bytes the ceiling answers with: the real server's answer to one request. */
  cannedBody: string;
  requests?: autocannon.Request[];
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSettings {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

/** One target on one server: the warm-up, then the measured seconds, on the same connections. */
function fire(url: string, target: LoadTarget, settings: LoadSettings): Promise<SteadyLoad> {
  return steadyLoad(
    {
      // A target with its own request list names each path there; otherwise every request goes to the target's path.
      url: target.requests ? url : url + target.path,
      connections: settings.connections,
      method: target.method,
      ...(target.headers ? { headers: target.headers } : {}),
      ...(target.body ? { body: target.body } : {}),
      ...(target.requests ? { requests: target.requests } : {}),
    },
    settings.warmupSeconds,
    settings.durationSeconds,
  );
}

/**
 * Each target against the real server, then its bytes from the bare ceiling server, one after the other with the
 * same settings, so both see the same machine at nearly the same moment.
 */
export async function measureLoad(
  baseUrl: string,
  targets: LoadTarget[],
  settings: LoadSettings,
  log: (line: string) => void,
): Promise<LoadFigures[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-ceiling-'));
  const file = path.join(dir, 'responses.json');
  const canned = Object.fromEntries(
    targets.map((target) => [target.path, { contentType: 'application/json; charset=utf-8', body: target.cannedBody }]),
  );
  await fs.writeFile(file, JSON.stringify(canned));
  const ceiling = await startNode(
    ['--import', 'tsx', 'bench/ceiling-server.ts', file],
    {},
    /listening at (http:\/\/\S+)/,
  );
  try {
    const figures: LoadFigures[] = [];
    for (const target of targets) {
      const real = await fire(baseUrl, target, settings);
      // The ceiling answers every path of a target with the same bytes, so it is asked the target's path only.
      const bare = await fire(ceiling.url, { ...target, requests: undefined }, settings);
      const row: LoadFigures = {
        name: target.name,
        path: target.path,
        rps: real.rps,
        p50Ms: real.p50Ms,
        p99Ms: real.p99Ms,
        errors: real.errors,
        requests: real.requests,
        ceilingRps: bare.rps,
        ceilingP99Ms: bare.p99Ms,
        ceilingErrors: bare.errors,
        ratio: bare.rps > 0 ? real.rps / bare.rps : 0,
      };
      log(
        `  ${row.name}: ${row.rps.toFixed(0)} req/s (ceiling ${row.ceilingRps.toFixed(0)}, ratio ${row.ratio.toFixed(2)}),` +
          ` p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms, errors ${row.errors}` +
          (row.ceilingErrors ? `; THE CEILING ANSWERED ${row.ceilingErrors} ERRORS` : ''),
      );
      figures.push(row);
    }
    return figures;
  } finally {
    await ceiling.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
