import { buildServer } from '../../server/src/build/build-server.js';

/** The cluster runs the production build of the server's programs: compiled from the current sources (a second). */
export default async function globalSetup(): Promise<void> {
  await buildServer();
}
