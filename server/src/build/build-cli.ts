import { readConfig } from '../config.js';
import { buildServer } from './build-server.js';
import { buildWebApp } from './build-web-app.js';

// `build-cli.ts server` compiles only the server (npm start does, then the server builds the PWA when stale).
await buildServer();
if (process.argv[2] !== 'server') await buildWebApp(readConfig().distDir);
