import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compiledServerArgs } from '../../server/src/entry-points.js';

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/** Starts the compiled server on `dataDir` and resolves once it listens; `stop` ends it and leaves the folder. */
async function spawnServer(dataDir: string, env: NodeJS.ProcessEnv, echo: boolean): Promise<ServerProcess> {
  const server = spawn(process.execPath, compiledServerArgs(), {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      // The tests register many shoppers from one address.
      REGISTER_LIMIT: '100000',
      // ... and send many contact messages from it, more than a person's 5 in 15 minutes.
      CONTACT_LIMIT: '100000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 180_000);
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (echo) process.stdout.write(chunk);
      const match = /running at (http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`The server exited with code ${code}:\n${output}`)));
  });
  return {
    url,
    async stop() {
      const exited = new Promise((resolve) => server.on('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A data folder holding the demo database and its uploads as a first start leaves them (migrated and seeded), made
 * once by global-setup (E2E_DATA_TEMPLATE). Seeding a new embedded database is most of a server's start-up: tens of
 * seconds on a busy machine, against a few for a copy.
 */
export async function makeDataTemplate(): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-e2e-template-'));
  const server = await spawnServer(dataDir, { SKIP_BUILD: '1' }, false);
  await server.stop();
  return dataDir;
}

/**
 * Starts the compiled server as `npm start` does, on a fresh temporary embedded database (a copy of the demo
 * database global-setup made, when it did), and resolves once it listens. `env` adds to or overrides its settings
 * (DIST_DIR, SKIP_BUILD...). `stop` ends it and deletes its data.
 */
export async function startServerProcess(
  env: NodeJS.ProcessEnv = {},
  echo = false,
  /** Adds to the data folder before the server starts (rows in its embedded database, stored files). */
  prepare?: (dataDir: string) => Promise<void>,
): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-e2e-'));
  const template = process.env.E2E_DATA_TEMPLATE;
  if (template) await fs.cp(template, dataDir, { recursive: true });
  if (prepare) await prepare(dataDir);
  const server = await spawnServer(dataDir, env, echo);
  return {
    url: server.url,
    async stop() {
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
