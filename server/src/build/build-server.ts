import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { projectRoot } from '../config.js';
import { entryPoints, serverDistDir } from '../entry-points.js';

/**
 * Compiles each of the server's programs, with the server's own modules, into one JavaScript file in dist-server/.
 * Packages stay imports of node_modules. A second run replaces the folder: a few hundred milliseconds.
 */
export async function buildServer(): Promise<void> {
  await fs.rm(serverDistDir, { recursive: true, force: true });
  await build({
    absWorkingDir: projectRoot,
    entryPoints,
    outdir: serverDistDir,
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node24',
    tsconfig: path.join(projectRoot, 'tsconfig.json'),
    logLevel: 'warning',
  });
}
