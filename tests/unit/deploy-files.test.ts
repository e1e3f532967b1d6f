import { execFile } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { parse } from 'yaml';
import { projectRoot, readConfig, SERVER_NODE_FLAGS } from '../../server/src/config.js';
import { entryPoints } from '../../server/src/entry-points.js';

/**
 * Containers cannot run on the machines that test this project, so these tests read the deployment files (the
 * Dockerfile, compose.yaml, deploy/haproxy.cfg) and check that they agree with the server they deploy: the
 * variables it reads, its port, its health addresses, its programs.
 */
const read = (file: string) => readFileSync(path.join(projectRoot, file), 'utf8');

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string | number>;
  ports?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  entrypoint?: string[];
}
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service> };
const { services } = compose;
const haproxy = read('deploy/haproxy.cfg');
const dockerfile = read('Dockerfile');

/** Compose's `${NAME:-default}` and `${NAME}`, as compose fills them in with nothing set in the environment. */
function interpolate(value: string | number): string {
  return String(value).replace(
    /\$\{([A-Z0-9_]+)(?::-([^}]*))?\}/g,
    (_, _name: string, fallback?: string) => fallback ?? '',
  );
}
const environmentOf = (name: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries(services[name]?.environment ?? {}).map(([key, value]) => [key, interpolate(value)]),
  );

/** Every environment variable the server's code reads (`env.NAME` and `env['NAME']`). */
function variablesTheServerReads(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (file.endsWith('.ts')) {
        for (const match of readFileSync(file, 'utf8').matchAll(
          /env(?:\.([A-Z][A-Z0-9_]*)|\['([A-Z][A-Z0-9_]*)'\])/g,
        )) {
          names.add(match[1] ?? match[2]!);
        }
      }
    }
  };
  visit(path.join(projectRoot, 'server/src'));
  visit(path.join(projectRoot, 'server/seed'));
  return names;
}

const appServices = Object.entries(services)
  .filter(([, service]) => service.image === 'cineverse:latest')
  .map(([name]) => name);
const webServices = appServices.filter((name) => environmentOf(name).ROLE === 'web');

describe('compose.yaml', () => {
  it('runs PostgreSQL, an object store, two web processes, a worker and haproxy, all apps from this Dockerfile', () => {
    expect(Object.keys(services)).toEqual(
      expect.arrayContaining(['postgres', 'object-store', 'web-1', 'web-2', 'worker', 'haproxy']),
    );
    expect(webServices).toEqual(['web-1', 'web-2']);
    expect(environmentOf('worker').ROLE).toBe('worker');
    for (const name of appServices) expect(services[name]!.build, name).toBe('.');
  });

  it('sets only variables the server reads, and ones its configuration accepts', () => {
    const read = variablesTheServerReads();
    for (const name of appServices) {
      const environment = environmentOf(name);
      const unknown = Object.keys(environment).filter((key) => !read.has(key));
      expect(unknown, `${name} sets variables nothing reads`).toEqual([]);
      const config = readConfig(environment);
      expect(config.databaseUrl, name).toBeDefined();
      expect(config.trustProxy, name).toBe(true);
      // No demo content (and its public staff password) unless the operator asks for it, and then seeded once.
      expect(config.demoContent, name).toBe(false);
      if (name !== 'setup') expect(services[name]!.environment!.DEMO_CONTENT, name).toBe('0');
      expect(environment.NODE_ENV, name).toBe('production');
    }
  });

  it('points the apps at its PostgreSQL and its object store, with the credentials those are started with', () => {
    const postgres = environmentOf('postgres');
    const store = environmentOf('object-store');
    const bucketScript = (services.bucket?.entrypoint ?? []).join(' ');
    for (const name of appServices) {
      const environment = environmentOf(name);
      const database = new URL(environment.DATABASE_URL!);
      expect(database.hostname, name).toBe('postgres');
      expect(database.port, name).toBe('5432');
      expect(decodeURIComponent(database.username)).toBe(postgres.POSTGRES_USER);
      expect(decodeURIComponent(database.password)).toBe(postgres.POSTGRES_PASSWORD);
      expect(database.pathname).toBe(`/${postgres.POSTGRES_DB}`);
      const endpoint = new URL(environment.S3_ENDPOINT!);
      expect(endpoint.hostname).toBe('object-store');
      expect(endpoint.port).toBe('9000');
      expect(environment.S3_ACCESS_KEY_ID).toBe(store.MINIO_ROOT_USER);
      expect(environment.S3_SECRET_ACCESS_KEY).toBe(store.MINIO_ROOT_PASSWORD);
      expect(bucketScript).toContain(`store/${environment.S3_BUCKET}`);
    }
    // The apps start once the migrations (and any demo content) are in, which waits for the database and bucket.
    for (const name of appServices.filter((service) => service !== 'setup')) {
      expect(services[name]!.depends_on).toMatchObject({ setup: { condition: 'service_completed_successfully' } });
    }
    expect(services.setup?.command).toEqual(['node', 'dist-server/seed-cli.js']);
    expect(services.setup?.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
  });
});

describe('deploy/haproxy.cfg', () => {
  it('sends requests to each web process on the port it listens on, while its /readyz answers 200', () => {
    const servers = [...haproxy.matchAll(/^\s*server\s+(\S+)\s+([^:\s]+):(\d+)/gm)].map(([, name, host, port]) => ({
      name,
      host,
      port: Number(port),
    }));
    expect(servers.map((server) => server.host)).toEqual(webServices);
    for (const server of servers) expect(server.port).toBe(readConfig(environmentOf(server.host!)).port);
    expect(haproxy).toMatch(/option httpchk GET \/readyz\n/);
    expect(haproxy).toMatch(/http-check expect status 200\n/);
    // What compose publishes is what haproxy listens on.
    const bind = Number(/^\s*bind\s+:(\d+)/m.exec(haproxy)?.[1]);
    expect(services.haproxy?.ports).toEqual([`\${HTTP_PORT:-8080}:${bind}`]);
    expect(interpolate(services.haproxy!.ports![0]!)).toBe(`8080:${bind}`);
  });

  it.runIf(existsSync('/usr/sbin/haproxy'))('is a configuration haproxy accepts', async () => {
    const { stdout } = await promisify(execFile)('/usr/sbin/haproxy', ['-c', '-f', 'deploy/haproxy.cfg'], {
      cwd: projectRoot,
    });
    expect(stdout).toContain('Configuration file is valid');
  });
});

describe('Dockerfile', () => {
  it('builds with the dev dependencies and runs Node 24 with the production ones, as an unprivileged user', () => {
    const stages = dockerfile.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/^node:24[\w.-]* AS build/);
    expect(stages[0]).toContain('RUN npm ci --no-audit');
    expect(stages[0]).toContain('RUN npm run build');
    expect(stages[1]).toMatch(/^node:24[\w.-]* AS run/);
    expect(stages[1]).toContain('npm ci --omit=dev');
    expect(stages[1]).toMatch(/^USER node$/m);
    // What the server reads at run time besides node_modules: the builds, the migrations, the demo images.
    for (const folder of ['dist', 'dist-server', 'server/drizzle', 'server/seed/images']) {
      expect(stages[1]).toMatch(new RegExp(`^COPY .*\\s\\./${folder}$`, 'm'));
    }
  });

  it('listens where compose and haproxy expect, checks /healthz, and starts the server as npm start does', () => {
    const port = Number(/^EXPOSE (\d+)$/m.exec(dockerfile)?.[1]);
    expect(port).toBe(readConfig(environmentOf('web-1')).port);
    expect(dockerfile).toMatch(/^\s*PORT=8080/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[^]*\/healthz/);
    const command = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!) as string[];
    expect(command).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist-server/server.js']);
  });

  it('runs the compiled programs with the production dependencies alone (npm ci --omit=dev)', async () => {
    // The programs as `npm run build` compiles them (server/src/build/build-server.ts), kept in memory.
    const { metafile } = await build({
      absWorkingDir: projectRoot,
      entryPoints,
      outdir: path.join(projectRoot, 'dist-server'),
      bundle: true,
      packages: 'external',
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const packageJson = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const imported = new Set(
      Object.values(metafile.outputs)
        .flatMap((output) => output.imports)
        .filter((entry) => entry.external && !entry.path.startsWith('node:') && !builtinModules.includes(entry.path))
        .map((entry) =>
          entry.path
            .split('/')
            .slice(0, entry.path.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    );
    expect(imported.size).toBeGreaterThan(0);
    expect([...imported].filter((name) => !(name in packageJson.dependencies))).toEqual([]);
  });

  it('leaves out what a machine made or holds (.dockerignore)', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['node_modules', 'dist', 'dist-server', 'data', 'backups', '.git', '.env']) {
      expect(ignored).toContain(entry);
    }
  });
});
