import { buildServer } from '../../server/src/build/build-server.js';
import { startServerProcess } from './server-process.js';

/**
 * Compiles the server and starts it as `npm start` does (it builds the PWA when stale), with a fresh temporary
 * database. BASE_URL is handed to the tests through the environment; the returned function stops the server.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  await buildServer();
  const server = await startServerProcess({}, true);
  process.env.BASE_URL = server.url;
  return () => server.stop();
}
