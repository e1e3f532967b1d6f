/**
 * React and React DOM (the build's react chunk): the first of the entry's start-up steps (src/main.tsx), each
 * evaluated in a task of its own. Re-exported so that the bundler keeps the modules in this step.
 */
export { createRoot, hydrateRoot } from 'react-dom/client';
