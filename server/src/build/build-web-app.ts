import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { projectRoot } from '../config.js';

/** What the PWA build is made from: a change to any of these makes the build stale. */
const buildInputs = [
  'src',
  'sw',
  'public',
  'messages',
  'project.inlang',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
];
/** Text files worth compressing; images and fonts are compressed already. */
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below 1 KB the compressed file saves less than the headers cost. */
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function newestMtime(entry: string): Promise<number> {
  const stat = await fs.stat(entry).catch(() => null);
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  const children = await fs.readdir(entry);
  const times = await Promise.all(children.map((child) => newestMtime(path.join(entry, child))));
  return Math.max(stat.mtimeMs, ...times);
}

export async function isBuildStale(distDir: string): Promise<boolean> {
  const built = await fs.stat(path.join(distDir, 'index.html')).catch(() => null);
  if (!built) return true;
  const inputs = await Promise.all(buildInputs.map((input) => newestMtime(path.join(projectRoot, input))));
  return Math.max(...inputs) > built.mtimeMs;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve([full]);
    }),
  );
  return nested.flat();
}

/** Writes .br and .gz beside each text file so that the server sends them without compressing per request. */
export async function precompress(distDir: string): Promise<void> {
  const files = (await listFiles(distDir)).filter((file) => compressible.test(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      if (content.length < MIN_COMPRESS_BYTES) return;
      const [br, gz] = await Promise.all([
        brotli(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        gzip(content, { level: 9 }),
      ]);
      await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
    }),
  );
}

function viteBuild(args: string[]): Promise<void> {
  const viteBin = path.join(projectRoot, 'node_modules', 'vite', 'bin', 'vite.js');
  return new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [viteBin, 'build', ...args], { cwd: projectRoot, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`vite build exited with code ${code}`))));
  });
}

/**
 * Builds the PWA, then the server's renderer of public pages into DIST/.ssr (a dot folder: never served nor
 * precached), each in a child process (its memory is freed when it ends); the PWA's text files are precompressed.
 */
export async function buildWebApp(distDir: string): Promise<void> {
  await viteBuild(['--outDir', distDir, '--emptyOutDir']);
  await precompress(distDir);
  await viteBuild(['--ssr', 'src/app/render-page.tsx', '--outDir', path.join(distDir, '.ssr'), '--emptyOutDir']);
}
