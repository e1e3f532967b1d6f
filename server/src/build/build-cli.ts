import { readConfig } from '../config.js';
import { buildWebApp } from './build-web-app.js';

await buildWebApp(readConfig().distDir);
