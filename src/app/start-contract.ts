/**
 * The wire contract's schemas the app starts with (the build's contract chunk): the third of the entry's start-up
 * steps (src/main.tsx). Building the zod schemas is most of the work of evaluating the app's modules. Re-exported
 * so that the bundler keeps the chunk in this step; the chunk holds every contract module the app starts with.
 */
export { errorResponseSchema } from '@/contract/common';
