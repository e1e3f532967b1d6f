import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildServer } from '../../server/src/build/build-server.js';
import { compiledServerArgs } from '../../server/src/entry-points.js';

/**
 * Compiles the server and starts it as `npm start` does (it builds the PWA when stale), with a fresh temporary
 * database. BASE_URL is handed to the tests through the environment; the returned function stops the server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-e2e-'));
  await buildServer();
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
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The server did not start:\n${output}`)), 180_000);
    server.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      process.stdout.write(chunk);
      const match = /running at (http:\/\/localhost:\d+)\//.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`The server exited with code ${code}:\n${output}`)));
  });
  process.env.BASE_URL = baseUrl;
  return async () => {
    const exited = new Promise((resolve) => server.on('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    await fs.rm(dataDir, { recursive: true, force: true });
  };
}
