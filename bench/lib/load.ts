import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { startNode } from './processes.js';

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

async function fire(
  url: string,
  target: LoadTarget,
  settings: LoadSettings,
  durationSeconds: number,
): Promise<autocannon.Result> {
  return autocannon({
    // A target with its own request list names each path there; otherwise every request goes to the target's path.
    url: target.requests ? url : url + target.path,
    connections: settings.connections,
    duration: durationSeconds,
    method: target.method,
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
    ...(target.requests ? { requests: target.requests } : {}),
  });
}

function errorsOf(result: autocannon.Result): number {
  return result.errors + result.timeouts + result.non2xx;
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
      if (settings.warmupSeconds > 0) {
        await fire(baseUrl, target, settings, settings.warmupSeconds);
        await fire(ceiling.url, { ...target, requests: undefined }, settings, settings.warmupSeconds);
      }
      const real = await fire(baseUrl, target, settings, settings.durationSeconds);
      // The ceiling answers every path of a target with the same bytes, so it is asked the target's path only.
      const bare = await fire(ceiling.url, { ...target, requests: undefined }, settings, settings.durationSeconds);
      const row: LoadFigures = {
        name: target.name,
        path: target.path,
        rps: real.requests.average,
        p50Ms: real.latency.p50,
        p99Ms: real.latency.p99,
        errors: errorsOf(real),
        requests: real.requests.total,
        ceilingRps: bare.requests.average,
        ceilingP99Ms: bare.latency.p99,
        ceilingErrors: errorsOf(bare),
        ratio: bare.requests.average > 0 ? real.requests.average / bare.requests.average : 0,
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
