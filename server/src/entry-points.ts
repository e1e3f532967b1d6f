import { createRequire } from 'node:module';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { projectRoot, SERVER_NODE_FLAGS } from './config.js';

/**
 * The server's programs: the server itself and what it starts in a thread or a child process. `npm run build`
 * compiles each, with the server's own modules, into one file of plain JavaScript in `dist-server/`, and
 * `npm start` runs those files: TypeScript compiled as it loads (tsx) kept 20-25 MB more of the process resident
 * from the start. Tests load the TypeScript sources through tsx or Vitest.
 */
export const entryPoints = {
  server: 'server/src/server.ts',
  'seed-cli': 'server/seed/seed-cli.ts',
  'migrate-cli': 'server/src/db/migrate-cli.ts',
  'pglite-worker': 'server/src/db/pglite-worker.ts',
  // The operator's commands, compiled too: the container image carries no TypeScript sources.
  'admin-cli': 'server/src/admin-cli.ts',
  'backup-cli': 'server/src/backup-cli.ts',
  'restore-cli': 'server/src/restore-cli.ts',
} as const;

export type EntryPoint = keyof typeof entryPoints;

/** Folder of the compiled programs. */
export const serverDistDir = path.join(projectRoot, 'dist-server');

/** True when this code runs from the compiled programs rather than from its TypeScript sources. */
export const runsCompiled = !import.meta.url.endsWith('.ts');

/** A program's compiled file. */
export function compiledFile(name: EntryPoint): string {
  return path.join(serverDistDir, `${name}.js`);
}

/** Node arguments that run the compiled server as `npm start` does. */
export function compiledServerArgs(): string[] {
  return [...SERVER_NODE_FLAGS, compiledFile('server')];
}

/** Where a program lives: compiled, when this code runs compiled; else its TypeScript source. */
export function entryPointFile(name: EntryPoint): string {
  return runsCompiled ? compiledFile(name) : path.join(projectRoot, entryPoints[name]);
}

/** Node arguments that run a program in a child process: its source through tsx's loader, or its compiled file. */
export function childProcessArgs(name: EntryPoint): string[] {
  return runsCompiled ? [entryPointFile(name)] : ['--import', 'tsx', entryPointFile(name)];
}

/**
 * Starts a program in a worker thread. A thread does not take over tsx's ES module loader (Node 20), so a source
 * runs through tsx's CommonJS hook instead.
 */
export function startWorkerThread(name: EntryPoint, workerData: unknown): Worker {
  if (runsCompiled) return new Worker(entryPointFile(name), { workerData });
  const tsxHook = createRequire(import.meta.url).resolve('tsx/cjs');
  const code = `require(${JSON.stringify(tsxHook)}); require(${JSON.stringify(entryPointFile(name))});`;
  return new Worker(code, { eval: true, workerData });
}
