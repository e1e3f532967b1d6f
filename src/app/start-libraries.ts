/**
 * The libraries the app is built on besides React (the build's framework chunk): the second of the entry's start-up
 * steps (src/main.tsx), each evaluated in a task of its own. Evaluating every module of the app at once was one long
 * task that kept the page from answering input while it ran. Re-exported so that the bundler keeps the modules in
 * this step; nothing from the app's own chunks belongs here, or this step would evaluate the app too.
 */
export { QueryClient } from '@tanstack/react-query';
export { createRouter } from '@tanstack/react-router';
