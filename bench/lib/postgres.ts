import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A throw-away PostgreSQL cluster, started as CI starts it (.ci/run): owned by the postgres user, trust auth. */
export interface PostgresCluster {
  url: string;
  stop(): void;
}

/** The newest installed PostgreSQL's programs, or null when none is installed. */
function postgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length > 0 ? path.join(root, versions.at(-1)!, 'bin') : null;
}

/**
 * Starts a cluster on `port`, or says why it cannot: PostgreSQL is not installed, or this is not root (the cluster
 * runs as the postgres user, which root starts with runuser).
 */
export function startPostgresCluster(port: number): PostgresCluster | string {
  const bin = postgresBin();
  if (!bin) return 'PostgreSQL is not installed (apt-get install postgresql)';
  if (process.getuid?.() !== 0) return 'the cluster is started as the postgres user, which needs root';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cineverse-bench-pg-'));
  const asPostgres = (program: string, args: string[]) =>
    execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { stdio: 'ignore' });
  execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        asPostgres('pg_ctl', ['-D', data, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
