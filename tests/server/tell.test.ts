import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListResponseSchema } from '../../src/contract/notifications.js';
import { mailOutbox, profilePhotos, profiles, users } from '../../server/src/db/schema.js';
import { confirmGuardian } from './guardian-helpers.js';
import { createShopper, createStaff, productNamed, type Shopper, USER_API, validAddress } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';

let testApp: TestApp;
let app: FastifyInstance;
let manager: Shopper;

beforeAll(async () => {
  testApp = await createTestApp();
  app = testApp.app;
  manager = await createStaff(app, 'shop_manager');
});
afterAll(() => testApp.close());

function send(method: 'GET' | 'POST' | 'PUT', url: string, who: Shopper, body?: unknown) {
  return app.inject({ method, url, headers: who.headers, ...(body === undefined ? {} : { payload: body as object }) });
}

async function placeOrder(who: Shopper) {
  const product = await productNamed(app, 'Film Strip Bookmark Pack');
  expect((await send('POST', `${USER_API}/addToCart`, who, { product_id: product.id, quantity: 1 })).statusCode).toBe(
    200,
  );
  const placed = await send('POST', `${USER_API}/completeOrder`, who, { address: validAddress, payment_method: 'cod' });
  expect(placed.statusCode, placed.body).toBe(201);
  return placed.json().data as { id: number };
}

const fourteenYearsAgo = () => {
  const birth = new Date();
  birth.setUTCFullYear(birth.getUTCFullYear() - 14);
  return birth.toISOString().slice(0, 10);
};

const accountEmail = async (who: Shopper) =>
  (await app.db.select({ email: users.email }).from(users).where(eq(users.id, who.id)))[0]!.email!;

/** The order mail sent to `email`. */
const orderMailsTo = (email: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), eq(mailOutbox.kind, 'order')))
    .orderBy(mailOutbox.id);

describe('the guardian rule holds for every mail to a member', () => {
  it('mails a minor’s order to the guardian who confirmed, never to the minor', async () => {
    const minor = await createShopper(app, 'Aarav Shopper');
    const saved = await send('PUT', `${USER_API}/me/profile`, minor, {
      handle: 'aarav-shops',
      kind: 'person',
      category: 'Artist',
      display_name: 'Aarav Menon',
      crafts: ['actor'],
      city: 'Kochi',
      address: '14 Temple Road, Kochi 682001',
      date_of_birth: fourteenYearsAgo(),
      guardian: { name: 'Latha Menon', contact: 'latha.shop@example.in' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, 'aarav-shops'));
    await app.db.insert(profilePhotos).values({ profileId: row!.id, name: 'aarav-shops.webp', main: true });
    await confirmGuardian(app, 'latha.shop@example.in');

    const order = await placeOrder(minor);
    expect(await orderMailsTo(await accountEmail(minor))).toEqual([]);
    const [mail] = await orderMailsTo('latha.shop@example.in');
    expect(mail?.subject).toBe(`Aarav Menon: Order #${order.id} placed`);
    expect(mail?.text).toMatch(
      new RegExp(
        `^Hello Latha Menon,\n\nFor Aarav Menon, whose guardian you are: Your order #${order.id} has been placed`,
      ),
    );
    // The minor's own centre still has the line, at its address on the wire, in the centre's own contract.
    const centre = notificationListResponseSchema.parse((await send('GET', `${USER_API}/notifications`, minor)).json());
    expect(centre.data.map((item) => item.title)).toContain(`Order #${order.id} placed`);
  });

  it('mails nothing about a disabled account’s order, though it moves on', async () => {
    const shopper = await createShopper(app, 'Gone Shopper');
    const email = await accountEmail(shopper);
    const order = await placeOrder(shopper);
    expect(await orderMailsTo(email)).toHaveLength(1);
    await app.db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, shopper.id));
    const moved = await send('POST', `${ADMIN_API}/orders/${order.id}/transition`, manager, { to: 'confirmed' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await orderMailsTo(email)).toHaveLength(1);
  });

  it('mails an adult’s order to their own address, word for word as before', async () => {
    const shopper = await createShopper(app, 'Ravi Shopper');
    const order = await placeOrder(shopper);
    const [mail] = await orderMailsTo(await accountEmail(shopper));
    expect(mail?.subject).toBe(`Order #${order.id} placed`);
    expect(mail?.text).toMatch(new RegExp(`^Hello Ravi Shopper,\n\nYour order #${order.id} has been placed`));
    const others = await app.db
      .select()
      .from(mailOutbox)
      .where(and(ne(mailOutbox.to, await accountEmail(shopper)), eq(mailOutbox.text, mail!.text)));
    expect(others).toEqual([]);
  });
});

/** Every TypeScript file under `dir`. */
async function sourceFiles(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  const files = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return sourceFiles(full);
      return Promise.resolve(entry.name.endsWith('.ts') ? [full] : []);
    }),
  );
  return files.flat();
}

describe('one door tells a member', () => {
  it('is the only server code that writes a notification or queues a mail', async () => {
    const root = path.resolve(import.meta.dirname, '../../server/src');
    // The door, and the outbox it writes through (the hourly gathering of a conversation's mail is part of it).
    const door = new Set(['lib/tell.ts', 'lib/mail-outbox.ts', 'lib/conversation-mail.ts']);
    const writes = [
      /\.insert\(\s*(notifications|mailOutbox)\s*\)/,
      /insert\s+into\s+"?(notifications|mail_outbox)\b/i,
      /\bqueueMails?\(|\bqueueConversationMail\(/,
    ];
    const offenders: string[] = [];
    for (const file of await sourceFiles(root)) {
      const name = path.relative(root, file).split(path.sep).join('/');
      if (door.has(name)) continue;
      const text = await fs.readFile(file, 'utf8');
      for (const pattern of writes) if (pattern.test(text)) offenders.push(`${name}: ${pattern.source}`);
    }
    expect(offenders).toEqual([]);
  });

  it('keeps the words of notices and mails in the templates: no subject is written elsewhere', async () => {
    const root = path.resolve(import.meta.dirname, '../../server/src');
    const offenders: string[] = [];
    for (const file of await sourceFiles(root)) {
      const name = path.relative(root, file).split(path.sep).join('/');
      if (name === 'lib/templates.ts') continue;
      const text = await fs.readFile(file, 'utf8');
      // A subject or a notice's title written as text, not taken from a template.
      if (/\bsubject:\s*['`]/.test(text) || /\btitle:\s*['`][A-Z][^'`]*['`],\s*\n\s*body:/.test(text)) {
        offenders.push(name);
      }
    }
    expect(offenders).toEqual([]);
  });
});
