/**
 * The bench's Lighthouse stage in a process of its own (see lib/lighthouse-process.ts): given a JSON file of
 * `{ baseUrl, pages, runs, reportDir, out }`, it runs Lighthouse on the pages and writes their figures to `out`.
 */
import fs from 'node:fs/promises';
import { runLighthouse } from './lib/lighthouse.js';
import type { LighthouseJob } from './lib/lighthouse-process.js';

const file = process.argv[2];
if (!file) throw new Error('Usage: lighthouse-cli.ts <job.json>');
const job = JSON.parse(await fs.readFile(file, 'utf8')) as LighthouseJob;
const figures = await runLighthouse(job.baseUrl, job.pages, job.runs, (line) => console.log(line), job.reportDir);
await fs.writeFile(job.out, JSON.stringify(figures));
