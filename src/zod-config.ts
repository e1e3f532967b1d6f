import { z } from 'zod';

// Zod compiles object parsers with `new Function` when it may; the app's Content-Security-Policy forbids eval, so
// the attempt only logs a policy violation. Imported first by main.tsx, before any schema is built.
z.config({ jitless: true });
