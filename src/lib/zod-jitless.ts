/**
 * The browser build resolves `zod/mini` to this module (vite.config.ts). Zod compiles object parsers with
 * `new Function` when it may; the app's Content-Security-Policy forbids eval, so the attempt only logged a policy
 * violation. Every module that imports `zod/mini` gets it through here, so the setting is made before any schema is
 * built.
 */
import { z } from 'zod/v4/mini';

z.config({ jitless: true });

export * from 'zod/v4/mini';
