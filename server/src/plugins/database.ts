import fp from 'fastify-plugin';
import type { Database, DatabaseHandle } from '../db/client.js';

declare module 'fastify' {
  interface FastifyInstance {
    database: DatabaseHandle;
    db: Database;
  }
}

export interface DatabasePluginOptions {
  handle: DatabaseHandle;
  /** Close the handle when the server closes; tests that share one handle across apps turn this off. */
  closeOnShutdown: boolean;
}

/** Exposes the opened database to every plugin and route, and closes it last on shutdown. */
export default fp<DatabasePluginOptions>(
  async (fastify, options) => {
    fastify.decorate('database', options.handle);
    fastify.decorate('db', options.handle.db);
    if (options.closeOnShutdown) {
      fastify.addHook('onClose', async () => {
        await options.handle.close();
      });
    }
  },
  { name: 'database' },
);
