import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { compiledServerArgs } from '../../server/src/entry-points.js';

export interface ServerProcess {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts the compiled server as `npm start` does, on a fresh temporary embedded database, and resolves once it
 * listens. `env` adds to or overrides its settings (DIST_DIR, SKIP_BUILD...). `stop` ends it and deletes its data.
 */
export async function startServerProcess(env: NodeJS.ProcessEnv = {}, echo = false): Promise<ServerProcess> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-e2e-'));
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
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
