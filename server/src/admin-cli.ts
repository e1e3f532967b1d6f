/**
 * `npm run admin:create -- --email EMAIL --name NAME`: makes an admin account, the first of a site started with
 * `DEMO_CONTENT=0` or a new one. The password comes from `ADMIN_PASSWORD`, or is asked for on the terminal; the
 * customers' password rules apply. An existing account of that email becomes admin (and is enabled again), its
 * password unchanged. The database is migrated first; `DATA_DIR` and `DATABASE_URL` choose it as for the server. On
 * the embedded database, run it while the server is stopped (one process holds that database at a time).
 */
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { emailSchema, nameSchema, newPasswordSchema } from '../../src/contract/user.js';
import { readConfig } from './config.js';
import { databaseOptionsFrom, openDatabase } from './db/client.js';
import { exitIfLocked } from './db/data-dir-lock.js';
import { auditLog, users } from './db/schema.js';
import { isCommonPassword } from './lib/common-passwords.js';
import { hashPassword } from './lib/passwords.js';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = parseArgs({
  options: { email: { type: 'string' }, name: { type: 'string' } },
  args: process.argv.slice(2).filter((arg) => arg !== 'create'),
});
const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) fail(`--email: ${email.error.issues[0]?.message ?? 'not an email address'}`);
const name = nameSchema.safeParse(values.name ?? '');
if (!name.success) fail(`--name: ${name.error.issues[0]?.message ?? 'not a name'}`);

const config = readConfig();
const database = await openDatabase(databaseOptionsFrom(config)).catch(exitIfLocked);
try {
  await database.migrate();
  const { db } = database;
  const address = email.data.toLowerCase();
  const [existing] = await db.select({ id: users.id, role: users.role }).from(users).where(eq(users.email, address));
  if (existing) {
    await db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin', disabledAt: null }).where(eq(users.id, existing.id));
      await tx.insert(auditLog).values({
        action: 'update',
        entity: 'user',
        entityId: String(existing.id),
        before: { role: existing.role },
        after: { role: 'admin', disabled: false },
      });
    });
    console.log(`${address} is now an admin (its password is unchanged).`);
  } else {
    let password = process.env.ADMIN_PASSWORD;
    if (password === undefined) {
      if (!process.stdin.isTTY) fail('Set ADMIN_PASSWORD, or run this on a terminal to type the password.');
      const terminal = createInterface({ input: process.stdin, output: process.stdout });
      password = await terminal.question('Password for the new admin: ');
      terminal.close();
    }
    const checked = newPasswordSchema.safeParse(password);
    if (!checked.success) fail(checked.error.issues[0]?.message ?? 'The password is not allowed');
    if (isCommonPassword(checked.data)) fail('This password is too common; choose one that is harder to guess');
    const passwordHash = await hashPassword(checked.data);
    const [created] = await db.transaction(async (tx) => {
      const rows = await tx
        .insert(users)
        .values({
          name: name.data,
          email: address,
          phone: null,
          passwordHash,
          role: 'admin',
          // The operator who runs this vouches for the address.
          emailConfirmedAt: new Date(),
        })
        .returning({ id: users.id });
      await tx.insert(auditLog).values({
        action: 'create',
        entity: 'user',
        entityId: String(rows[0]!.id),
        after: { name: name.data, email: address, role: 'admin' },
      });
      return rows;
    });
    console.log(`Created the admin ${address} (account ${created!.id}).`);
  }
  const [{ admins }] = (await db
    .select({ admins: sql<number>`count(*)::int` })
    .from(users)
    .where(sql`${users.role} = 'admin' and ${users.disabledAt} is null`)) as [{ admins: number }];
  console.log(`Admins now: ${admins}.`);
} finally {
  await database.close();
}
