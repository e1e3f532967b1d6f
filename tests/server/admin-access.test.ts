import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../src/contract/roles.js';
import { auditLog, users } from '../../server/src/db/schema.js';
import { createShopper, createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ADMIN_API = '/backend/api/api/admin/v1';

/**
 * Who may call each back-office route (admins may call every one). Every route the server documents under the
 * admin prefix must be listed here: a new route without a role check, or missing from this table, fails.
 */
const allowedRoles: Record<string, Role[]> = {
  'GET /dashboard': ['shop_manager', 'admin'],
  'GET /settings': ['editor', 'admin'],
  'PUT /settings': ['editor', 'admin'],
  'GET /users': ['admin'],
  'PUT /users/{id}': ['admin'],
  'GET /audit': ['admin'],
  'GET /products': ['shop_manager', 'admin'],
  'POST /products': ['shop_manager', 'admin'],
  'GET /products/{id}': ['shop_manager', 'admin'],
  'GET /product-categories': ['shop_manager', 'admin'],
  'PUT /products/{id}': ['shop_manager', 'admin'],
  'DELETE /products/{id}': ['shop_manager', 'admin'],
  'GET /coupons': ['shop_manager', 'admin'],
  'POST /coupons': ['shop_manager', 'admin'],
  'PUT /coupons/{id}': ['shop_manager', 'admin'],
  'GET /orders': ['shop_manager', 'admin'],
  'GET /orders.csv': ['shop_manager', 'admin'],
  'GET /orders/{id}': ['shop_manager', 'admin'],
  'POST /orders/{id}/transition': ['shop_manager', 'admin'],
  'GET /orders/{id}/invoices': ['shop_manager', 'admin'],
  'GET /orders/{id}/invoices/{invoiceId}/pdf': ['shop_manager', 'admin'],
  'GET /invoices.csv': ['shop_manager', 'admin'],
  'GET /shop-legal': ['shop_manager', 'admin'],
  'PUT /shop-legal': ['shop_manager', 'admin'],
  'GET /deliverySettings': ['shop_manager', 'admin'],
  'PUT /deliverySettings': ['shop_manager', 'admin'],
  'GET /orders/{id}/returns': ['shop_manager', 'admin'],
  'POST /returns/{id}/transition': ['shop_manager', 'admin'],
  'GET /grievances': ['shop_manager', 'admin'],
  'POST /grievances/{id}/acknowledge': ['shop_manager', 'admin'],
  'POST /grievances/{id}/resolve': ['shop_manager', 'admin'],
  'GET /grievance-officer': ['shop_manager', 'admin'],
  'PUT /grievance-officer': ['shop_manager', 'admin'],
  'GET /banners': ['editor', 'admin'],
  'POST /banners': ['editor', 'admin'],
  'PUT /banners/{id}': ['editor', 'admin'],
  'DELETE /banners/{id}': ['editor', 'admin'],
  'GET /insiders': ['editor', 'admin'],
  'POST /insiders': ['editor', 'admin'],
  'PUT /insiders/{id}': ['editor', 'admin'],
  'DELETE /insiders/{id}': ['editor', 'admin'],
  'GET /sections/{type}/items': ['editor', 'admin'],
  'POST /sections/{type}/items': ['editor', 'admin'],
  'PUT /sections/{type}/items/{id}': ['editor', 'admin'],
  'DELETE /sections/{type}/items/{id}': ['editor', 'admin'],
  'GET /moderation/queue': ['moderator', 'admin'],
  'POST /moderation/profiles/{handle}/verify': ['moderator', 'admin'],
  'POST /moderation/profiles/{handle}/refuse': ['moderator', 'admin'],
  'POST /moderation/profiles/{handle}/hide': ['moderator', 'admin'],
  'POST /moderation/profiles/{handle}/approve': ['moderator', 'admin'],
  'GET /moderation/counts': ['moderator', 'admin'],
  'GET /moderation/history': ['moderator', 'admin'],
  'POST /moderation/reports/{id}/dismiss': ['moderator', 'admin'],
  'POST /moderation/casting-calls/{id}/dismiss-reports': ['moderator', 'admin'],
  'GET /moderation/casting-calls': ['moderator', 'admin'],
  'POST /moderation/casting-calls/{id}/publish': ['moderator', 'admin'],
  'POST /moderation/casting-calls/{id}/unpublish': ['moderator', 'admin'],
  'GET /messages': ['shop_manager', 'admin'],
  'PUT /messages/{id}': ['shop_manager', 'admin'],
  'GET /mail/dead-letters': ['admin'],
  'POST /mail/dead-letters/{id}/retry': ['admin'],
  // Checked on the banner folder; product images are the shop managers' (admin-uploads.test.ts).
  'POST /uploads/{folder}': ['editor', 'admin'],
};

const staffRoles: Role[] = ['customer', 'editor', 'shop_manager', 'moderator', 'admin'];

const validSettings = {
  site_name: 'CineVerse Studios',
  site_description: 'India’s film-industry network',
  site_logo: 'logo.svg',
  site_favicon: 'favicon.png',
  site_phone: '+91 22 4000 1000',
  site_whatsapp: '+91 98200 00000',
  site_address: 'Film City Road, Goregaon East, Mumbai 400065',
  facebook: 'https://facebook.com/cineverse',
  instagram: 'https://instagram.com/cineverse',
  youtube: 'https://youtube.com/@cineverse',
  linkedin: '',
};

describe('the back office', () => {
  let testApp: TestApp;
  let app: FastifyInstance;
  const as: Partial<Record<Role, Shopper>> = {};

  beforeAll(async () => {
    testApp = await createTestApp({ readCache: true });
    app = testApp.app;
    for (const role of staffRoles) as[role] = await createStaff(app, role);
  });
  afterAll(() => testApp.close());

  const call = (method: string, path: string, who?: Shopper, body?: unknown) =>
    app.inject({
      method: method as 'GET',
      url: `${ADMIN_API}${path}`,
      headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('documents exactly the routes of the role table', () => {
    const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
    const documented = Object.entries(paths)
      .filter(([path]) => path.startsWith(ADMIN_API))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.slice(ADMIN_API.length)}`),
      );
    expect(documented.sort()).toEqual(Object.keys(allowedRoles).sort());
  });

  for (const [route, allowed] of Object.entries(allowedRoles)) {
    it(`${route}: 401 without a token, 403 for other roles, let through for ${allowed.join(' and ')}`, async () => {
      const [method, template] = route.split(' ') as [string, string];
      // An id that exists nowhere: a role that is let through gets past the check and meets a 404 or the validation.
      const path = template
        .replace('{id}', '999999')
        .replace('{invoiceId}', '999999')
        .replace('{folder}', 'banner')
        .replace('{type}', 'cine-news')
        .replace('{category}', 'studio')
        .replace('{handle}', 'no-such-member');
      const body = method === 'GET' || method === 'DELETE' ? undefined : {};
      expect((await call(method, path, undefined, body)).statusCode).toBe(401);
      for (const role of staffRoles) {
        const response = await call(method, path, as[role], body);
        if (allowed.includes(role)) expect([401, 403], `${role} on ${route}`).not.toContain(response.statusCode);
        else expect(response.statusCode, `${role} on ${route}`).toBe(403);
      }
    });
  }

  it('an editor changes the site settings: the public home data shows them at once, and the audit log has the change', async () => {
    const before = (await app.inject({ url: '/backend/api/getHomeData' })).json().site_settings;
    const response = await call('PUT', '/settings', as.editor, validSettings);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual(validSettings);

    const home = (await app.inject({ url: '/backend/api/getHomeData' })).json();
    expect(home.site_settings.site_name).toBe('CineVerse Studios');

    const [record] = await app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'settings'))
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(record).toMatchObject({ actorId: as.editor!.id, action: 'update', before, after: validSettings });

    const listed = (await call('GET', '/audit?entity=settings', as.admin)).json();
    expect(listed.data[0]).toMatchObject({ actor_id: as.editor!.id, actor_name: 'A editor', entity: 'settings' });
  });

  it('refuses invalid settings naming the field, and records nothing', async () => {
    const [{ records }] = (await app.db.select({ records: sql<number>`count(*)::int` }).from(auditLog)) as [
      { records: number },
    ];
    const response = await call('PUT', '/settings', as.editor, { ...validSettings, site_name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'site_name', message: 'Enter the site name' });
    const [after] = await app.db.select({ records: sql<number>`count(*)::int` }).from(auditLog);
    expect(after!.records).toBe(records);
  });

  it('an admin makes a customer an editor: the new role works at once, and the change is audited', async () => {
    const member = await createShopper(app, 'New Editor');
    expect((await call('GET', '/settings', member)).statusCode).toBe(403);
    const response = await call('PUT', `/users/${member.id}`, as.admin, { role: 'editor' });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: member.id, role: 'editor', disabled: false });
    expect((await call('GET', '/settings', member)).statusCode).toBe(200);

    const audit = (await call('GET', `/audit?actor=${as.admin!.id}&entity=user`, as.admin)).json();
    expect(audit.data[0]).toMatchObject({
      action: 'update',
      entity_id: String(member.id),
      before: { role: 'customer' },
      after: { role: 'editor' },
    });
    expect(JSON.stringify(audit.data[0])).not.toMatch(/password/i);
  });

  it('a disabled account cannot log in and its tokens stop working at once', async () => {
    const email = `disabled-${randomUUID()}@example.in`;
    const password = 'Clapperboard#42';
    const registered = await app.inject({
      method: 'POST',
      url: '/backend/api/api/user/v1/register',
      payload: { name: 'Soon Disabled', email, password, password_confirmation: password },
    });
    expect(registered.statusCode).toBe(201);
    const { token, user } = registered.json();
    const headers = { authorization: `Bearer ${token}` };
    expect((await app.inject({ url: '/backend/api/api/user/v1/profile', headers })).statusCode).toBe(200);

    expect((await call('PUT', `/users/${user.id}`, as.admin, { disabled: true })).statusCode).toBe(200);
    expect((await app.inject({ url: '/backend/api/api/user/v1/profile', headers })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: '/backend/api/api/user/v1/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe('This account has been disabled. Please contact us');

    expect((await call('PUT', `/users/${user.id}`, as.admin, { disabled: false })).statusCode).toBe(200);
    const again = await app.inject({
      method: 'POST',
      url: '/backend/api/api/user/v1/login',
      payload: { email, password },
    });
    expect(again.statusCode).toBe(200);
  });

  it('keeps the last admin an admin, and no admin disables themselves', async () => {
    const [{ admins }] = (await app.db
      .select({ admins: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.role} = 'admin' and ${users.disabledAt} is null`)) as [{ admins: number }];
    // The demo seed's admin and this file's: demote the seed's first, so one is left.
    const others = await app.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.role} = 'admin' and ${users.id} <> ${as.admin!.id}`);
    expect(others.length).toBe(admins - 1);
    for (const other of others) {
      expect((await call('PUT', `/users/${other.id}`, as.admin, { role: 'editor' })).statusCode).toBe(200);
    }

    const demote = await call('PUT', `/users/${as.admin!.id}`, as.admin, { role: 'editor' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ field: 'role' });
    const disable = await call('PUT', `/users/${as.admin!.id}`, as.admin, { disabled: true });
    expect(disable.statusCode).toBe(409);
    expect(disable.json()).toMatchObject({ message: 'You cannot disable your own account', field: 'disabled' });
    const [self] = await app.db.select().from(users).where(eq(users.id, as.admin!.id));
    expect(self).toMatchObject({ role: 'admin', disabledAt: null });
  });

  it('finds accounts by email and role, a page at a time', async () => {
    const listed = (await call('GET', '/users?role=editor&per_page=2', as.admin)).json();
    expect(listed.meta).toMatchObject({ page: 1, per_page: 2 });
    expect(listed.meta.total).toBeGreaterThanOrEqual(3);
    expect(listed.data).toHaveLength(2);
    expect(listed.data.every((user: { role: string }) => user.role === 'editor')).toBe(true);

    const found = (await call('GET', '/users?search=EDITOR%40CINEVERSE', as.admin)).json();
    expect(found.data.map((user: { email: string }) => user.email)).toEqual(['editor@cineverse.in']);
    expect((await call('GET', '/users?role=director', as.admin)).statusCode).toBe(400);
  });

  it('a shop manager reads the contact messages and marks one answered', async () => {
    const sent = await app.inject({
      method: 'POST',
      url: '/backend/api/api/v1/contact',
      payload: { name: 'Priya Nair', email: 'priya@example.in', message: 'Do you ship to Kochi?' },
    });
    expect(sent.statusCode).toBe(201);
    const manager = await createStaff(app, 'shop_manager');
    const fresh = (await call('GET', '/messages?status=new', manager)).json();
    const mine = fresh.data.find((message: { email: string }) => message.email === 'priya@example.in');
    expect(mine).toMatchObject({ name: 'Priya Nair', status: 'new', answered_at: null });

    expect((await call('PUT', `/messages/${mine.id}`, manager, { status: 'read' })).json().data.status).toBe('read');
    const answered = (await call('PUT', `/messages/${mine.id}`, manager, { status: 'answered' })).json().data;
    expect(answered.status).toBe('answered');
    expect(answered.answered_at).not.toBeNull();
    expect(
      (await call('GET', '/messages?status=new', manager)).json().data.map((m: { id: number }) => m.id),
    ).not.toContain(mine.id);
    const refused = await call('PUT', `/messages/${mine.id}`, manager, { status: 'lost' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().field).toBe('status');
    expect((await call('PUT', '/messages/999999', manager, { status: 'read' })).statusCode).toBe(404);
    const audit = (await call('GET', '/audit?entity=message', as.admin)).json();
    expect(audit.data[0]).toMatchObject({
      actor_id: manager.id,
      before: { status: 'read' },
      after: { status: 'answered' },
    });
  });

  it('keeps the audit log append-only, in the database itself', async () => {
    await expect(app.db.execute(sql`update ${auditLog} set action = 'nothing'`)).rejects.toThrow();
    await expect(app.db.execute(sql`delete from ${auditLog}`)).rejects.toThrow();
    // An account that is deleted leaves its records, with no actor.
    const gone = await createStaff(app, 'editor');
    expect((await call('PUT', '/settings', gone, validSettings)).statusCode).toBe(200);
    await app.db.delete(users).where(eq(users.id, gone.id));
    const [record] = await app.db
      .select()
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    expect(record).toMatchObject({ actorId: null, entity: 'settings' });
  });
});
