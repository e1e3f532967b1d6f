/**
 * The libraries the app is built on. The entry imports this module in a task of its own before the app
 * (src/main.tsx): evaluating every module of the app at once was one long task that kept the page from answering
 * input while it ran. Re-exported so that the bundler keeps the modules in this step.
 */
export { MantineProvider } from '@mantine/core';
export { QueryClient } from '@tanstack/react-query';
export { createRouter } from '@tanstack/react-router';
export { createRoot, hydrateRoot } from 'react-dom/client';
