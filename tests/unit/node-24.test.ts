import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The Node major version `scripts/node-24.sh` leaves first on PATH, from a shell whose PATH is `pathDirs`. */
function nodeAfterScript(pathDirs: string[], node24Dir: string): string {
  return execFileSync('bash', ['-c', 'source scripts/node-24.sh 2>/dev/null && node -p process.versions.node'], {
    env: { PATH: pathDirs.join(':'), HOME: '/nonexistent', NODE24_DIR: node24Dir },
    encoding: 'utf8',
  }).trim();
}

describe('Node 24 for the start, test and CI scripts', () => {
  it('is what package.json asks for', () => {
    const manifest = JSON.parse(fs.readFileSync('package.json', 'utf8')) as { engines: { node: string } };
    expect(manifest.engines.node).toBe('>=24');
  });

  const running = path.dirname(process.execPath);
  // Where the scripts install it: `npm install --prefix DIR node@24` puts the binary in DIR/node_modules/node/bin.
  const installedFromNpm = running.endsWith(path.join('node_modules', 'node', 'bin'));

  it.runIf(installedFromNpm)('comes first on PATH from its folder when the machine’s node is older', () => {
    const node24Dir = path.resolve(running, '../../..');
    // Debian's node in /usr/bin (20 on this machine), or none: the folder's Node 24 comes first, not installed again.
    expect(nodeAfterScript(['/usr/bin', '/bin'], node24Dir)).toBe(process.versions.node);
  });

  it('is kept when the machine’s node is 24 already, and nothing is installed', () => {
    expect(nodeAfterScript([running, '/usr/bin', '/bin'], '/nonexistent')).toBe(process.versions.node);
  });
});
