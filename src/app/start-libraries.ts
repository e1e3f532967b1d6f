/**
 * The libraries the app is built on. The entry imports this module in a task of its own before the app
 * (src/main.tsx): evaluating every module of the app at once was one long task that kept the page from answering
 * input while it ran. The entry reads `loaded`, so that the bundler keeps these modules in this step: with nothing
 * read from it, the step evaluated nothing of its own and the app's step evaluated everything.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { createRoot, hydrateRoot } from 'react-dom/client';

export const loaded = [MantineProvider, QueryClient, createRouter, createRoot, hydrateRoot].every(Boolean);
