import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { LighthouseFigures } from './lighthouse.js';
import { run } from './processes.js';

/** What the Lighthouse process is asked to do. */
export interface LighthouseJob {
  baseUrl: string;
  pages: { name: string; path: string }[];
  runs: number;
  reportDir: string;
  /** Where it writes its figures. */
  out: string;
}

/**
 * `runLighthouse` in a Node process of its own, its lines printed as they come. Lighthouse leaves a few hundred
 * megabytes of heap behind in the process that ran it: the load generator, which runs in the bench's process, would
 * then collect them while it measures the first endpoints, and count its own pauses as the server's latency.
 */
export async function runLighthouseApart(job: Omit<LighthouseJob, 'out'>): Promise<LighthouseFigures[]> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-lighthouse-'));
  try {
    const jobFile = path.join(dir, 'job.json');
    const out = path.join(dir, 'figures.json');
    await fs.writeFile(jobFile, JSON.stringify({ ...job, out } satisfies LighthouseJob));
    await run(process.execPath, ['--import', 'tsx', 'bench/lighthouse-cli.ts', jobFile]);
    return JSON.parse(await fs.readFile(out, 'utf8')) as LighthouseFigures[];
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
