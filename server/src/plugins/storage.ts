import fp from 'fastify-plugin';
import type { Storage } from '../lib/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every stored file goes: the data folder, or the site's bucket (lib/storage.ts). */
    storage: Storage;
  }
}

export interface StoragePluginOptions {
  storage: Storage;
}

/**
 * Exposes the store to every plugin and route. It is checked before the app answers anything: a bucket that cannot
 * be reached or refuses the keys stops the start with the store's own reason, not the first upload.
 */
export default fp<StoragePluginOptions>(
  async (fastify, options) => {
    try {
      await options.storage.check();
    } catch (error) {
      options.storage.close();
      throw error;
    }
    fastify.decorate('storage', options.storage);
    fastify.addHook('onClose', () => options.storage.close());
  },
  { name: 'storage' },
);
