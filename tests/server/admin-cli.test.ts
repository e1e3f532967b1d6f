import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/src/db/client.js';
import { auditLog, users } from '../../server/src/db/schema.js';
import { verifyPassword } from '../../server/src/lib/passwords.js';

const run = promisify(execFile);

/** `npm run admin:create` as an operator runs it, on a new embedded database of its own. */
describe('npm run admin:create', () => {
  let dataDir: string;
  const create = (args: string[], password?: string) =>
    run(process.execPath, ['--import', 'tsx', 'server/src/admin-cli.ts', 'create', ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        ...(password === undefined ? {} : { ADMIN_PASSWORD: password }),
      },
    });

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cineverse-admin-cli-'));
  });
  afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

  it('migrates a new data folder and creates the first admin; run again for that email, keeps its password', async () => {
    const first = await create(['--email', 'Sunita@Example.in', '--name', 'Sunita Menon'], 'Direct0r#Cut');
    expect(first.stdout).toContain('Created the admin sunita@example.in');
    const again = await create(['--email', 'sunita@example.in', '--name', 'Sunita Menon'], 'Another#Pass9');
    expect(again.stdout).toContain('sunita@example.in is now an admin (its password is unchanged).');

    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    try {
      const [admin] = await database.db.select().from(users).where(eq(users.email, 'sunita@example.in'));
      expect(admin).toMatchObject({ name: 'Sunita Menon', role: 'admin', disabledAt: null });
      expect(await verifyPassword('Direct0r#Cut', admin!.passwordHash)).toBe(true);
      const records = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(admin!.id)));
      expect(records.map((record) => record.action)).toEqual(['create', 'update']);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a common password and a malformed email, creating nothing', async () => {
    await expect(create(['--email', 'x@example.in', '--name', 'X Y'], 'password')).rejects.toMatchObject({
      stderr: expect.stringContaining('This password is too common'),
    });
    await expect(create(['--email', 'not-an-email', '--name', 'X Y'], 'Direct0r#Cut')).rejects.toMatchObject({
      stderr: expect.stringContaining('--email'),
    });
  }, 120_000);
});
