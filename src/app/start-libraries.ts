/**
 * The libraries the app is built on (the build's framework chunk). The entry imports this module in a task of its
 * own before the app (src/main.tsx): evaluating every module of the app at once was one long task that kept the page
 * from answering input while it ran. Re-exported so that the bundler keeps the modules in this step; nothing from
 * the app's own chunk belongs here, or this step would evaluate the app too.
 */
export { QueryClient } from '@tanstack/react-query';
export { createRouter } from '@tanstack/react-router';
export { createRoot, hydrateRoot } from 'react-dom/client';
