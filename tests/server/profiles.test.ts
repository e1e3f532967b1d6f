import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { and, eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, orders } from '../../server/src/db/schema.js';
import { createShopper, createStaff, USER_API, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const ME = '/backend/api/api/user/v1/me';
const PROFILES = '/backend/api/api/v1/profiles';

let testApp: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  app = testApp.app;
});
afterAll(() => testApp.close());

/** An actor's profile as the form sends it; `change` overrides fields. */
function actor(handle: string, change: Record<string, unknown> = {}) {
  return {
    kind: 'person',
    handle,
    display_name: 'Ananya Kulkarni',
    category: 'Artist',
    crafts: ['actor', 'dancer'],
    headline: 'Marathi theatre actor, trained in Kathak',
    bio: 'Ten years on the Pune stage; two feature films.',
    city: 'Pune',
    languages: [
      { language: 'Marathi', level: 'native' },
      { language: 'Hindi', level: 'fluent' },
    ],
    skills: ['Kathak', 'horse riding'],
    playing_age_min: 24,
    playing_age_max: 32,
    gender: 'female',
    height_cm: 165,
    credits: [{ title: 'Monsoon Letters', year: 2025, role: 'Sarita', type: 'feature' }],
    reels: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
    phone: '+91 98220 12345',
    email: 'ananya@example.in',
    date_of_birth: '1997-03-14',
    ...change,
  };
}

const put = (who: Shopper, body: object) =>
  app.inject({ method: 'PUT', url: `${ME}/profile`, headers: who.headers, payload: body });
const publicProfile = (handle: string, who?: Shopper) =>
  app.inject({ url: `${PROFILES}/${handle}`, headers: who?.headers ?? {} });

function multipart(bytes: Buffer) {
  const boundary = '----profile-test';
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="me.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const headshot = () =>
  sharp({ create: { width: 800, height: 1000, channels: 3, background: '#884422' } })
    .jpeg()
    .toBuffer();
const uploadPhoto = async (who: Shopper) => {
  const { payload, contentType } = multipart(await headshot());
  return app.inject({
    method: 'POST',
    url: `${ME}/profile/photos`,
    headers: { ...who.headers, 'content-type': contentType },
    payload,
  });
};

describe('a member’s own profile', () => {
  it('is created and read back with every field; the public sees only what the member shows', async () => {
    const member = await createShopper(app, 'Ananya');
    expect((await app.inject({ url: `${ME}/profile`, headers: member.headers })).statusCode).toBe(404);

    const created = await put(member, actor('ananya-k'));
    expect(created.statusCode).toBe(200);
    expect(created.json().data).toMatchObject({
      handle: 'ananya-k',
      phone: '+91 98220 12345',
      email: 'ananya@example.in',
      height_cm: 165,
      date_of_birth: '1997-03-14',
      visibility: 'public',
      show: { phone: false, email: false, height: false, age: false },
      verified: false,
    });

    const seen = (await publicProfile('ananya-k')).json().data;
    expect(seen).toMatchObject({ display_name: 'Ananya Kulkarni', crafts: ['actor', 'dancer'], city: 'Pune' });
    for (const hidden of ['phone', 'email', 'height_cm', 'age', 'date_of_birth', 'guardian', 'show', 'visibility']) {
      expect(seen, hidden).not.toHaveProperty(hidden);
    }

    await put(member, actor('ananya-k', { show: { phone: true, height: true, age: true } }));
    const shown = (await publicProfile('ananya-k')).json().data;
    expect(shown).toMatchObject({ phone: '+91 98220 12345', height_cm: 165 });
    expect(shown.age).toBeGreaterThanOrEqual(28);
    expect(shown).not.toHaveProperty('email');
  });

  it('keeps an Instagram reel or post as a link in its plain form, beside YouTube reels, and refuses other addresses', async () => {
    const member = await createShopper(app, 'Reels');
    const saved = await put(
      member,
      actor('reels-check', {
        reels: [
          'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
          'https://www.instagram.com/reel/C9xYz_Ab12/?igsh=MWZ0cGx4',
          ' https://instagram.com/p/DA1b2C3d4E5/ ',
          'https://www.instagram.com/ananya.k/reel/C7aBcD-9xyz/',
        ],
      }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.reels).toEqual([
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      'https://www.instagram.com/reel/C9xYz_Ab12/',
      'https://www.instagram.com/p/DA1b2C3d4E5/',
      'https://www.instagram.com/reel/C7aBcD-9xyz/',
    ]);
    expect((await publicProfile('reels-check')).json().data.reels).toHaveLength(4);

    for (const reel of [
      'https://www.instagram.com/ananya.k/',
      'https://www.instagram.com/stories/ananya.k/123/',
      'https://instagram.com.evil.example/reel/C9xYz_Ab12/',
      'javascript:alert(1)//instagram.com/reel/C9xYz_Ab12/',
      'https://user@www.instagram.com/reel/C9xYz_Ab12/',
    ]) {
      const refused = await put(member, actor('reels-check', { reels: [reel] }));
      expect(refused.statusCode, reel).toBe(400);
      expect(refused.json().field, reel).toBe('reels.0');
      expect(refused.json().message, reel).toContain('A reel must be a YouTube or Instagram reel address');
    }
  });

  it('refuses what breaks a rule, naming the field, and saves nothing', async () => {
    const member = await createShopper(app, 'Rules');
    const cases: [Record<string, unknown>, number, string][] = [
      [{ category: 'Studio' }, 400, 'category'],
      [{ playing_age_min: 40, playing_age_max: 30 }, 400, 'playing_age_max'],
      [{ reels: ['https://vimeo.com/123456'] }, 400, 'reels.0'],
      [{ handle: 'admin' }, 400, 'handle'],
      [{ handle: 'A' }, 400, 'handle'],
      [{ crafts: ['juggler'] }, 400, 'crafts.0'],
      [{ date_of_birth: '2031-02-30' }, 400, 'date_of_birth'],
      [{ email: 'not-an-email' }, 400, 'email'],
      [{ city: '' }, 400, 'city'],
    ];
    for (const [change, status, field] of cases) {
      const response = await put(member, actor('rules-check', change));
      expect(response.statusCode, JSON.stringify(change)).toBe(status);
      expect(response.json().field, JSON.stringify(change)).toBe(field);
    }
    expect((await app.inject({ url: `${ME}/profile`, headers: member.headers })).statusCode).toBe(404);

    const other = await createShopper(app, 'Other');
    await put(other, actor('taken-handle'));
    const taken = await put(member, actor('taken-handle'));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ field: 'handle', message: 'That handle is taken' });
  });

  it('an organisation is listed in one of the seven categories, with no crafts', async () => {
    const studio = await createShopper(app, 'Studio owner');
    const organisation = {
      kind: 'organisation',
      handle: 'aarambh-studios',
      display_name: 'Aarambh Studios',
      category: 'Studio',
      city: 'Mumbai',
      services: ['Sound stage', 'Dubbing'],
      website: 'https://aarambh.in',
    };
    expect((await put(studio, { ...organisation, category: 'Artist' })).json().field).toBe('category');
    expect((await put(studio, { ...organisation, crafts: ['actor'] })).json().field).toBe('crafts');
    const saved = await put(studio, organisation);
    expect(saved.statusCode).toBe(200);
    const listed = (await app.inject({ url: `${PROFILES}?category=studio` })).json();
    expect(listed.data.map((card: { handle: string }) => card.handle)).toContain('aarambh-studios');
  });
});

describe('hidden profiles and members under 18', () => {
  it('a hidden profile is 404 to the public and other members, and readable by its owner and staff', async () => {
    const member = await createShopper(app, 'Hidden');
    await put(member, actor('quiet-one', { visibility: 'hidden' }));
    const stranger = await createShopper(app, 'Stranger');
    const moderator = await createStaff(app, 'moderator');
    expect((await publicProfile('quiet-one')).statusCode).toBe(404);
    expect((await publicProfile('quiet-one', stranger)).statusCode).toBe(404);
    expect((await publicProfile('quiet-one', member)).statusCode).toBe(200);
    expect((await publicProfile('quiet-one', moderator)).statusCode).toBe(200);
    const listed = (await app.inject({ url: `${PROFILES}?search=quiet` })).json();
    expect(listed.meta.total).toBe(0);
  });

  it('a member under 18 needs a guardian reached at one email address, and is never listed nor shown', async () => {
    const young = await createShopper(app, 'Young');
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 15);
    const dateOfBirth = birth.toISOString().slice(0, 10);
    const without = await put(young, actor('young-dancer', { date_of_birth: dateOfBirth }));
    expect(without.statusCode).toBe(400);
    expect(without.json().field).toBe('guardian');
    const phone = await put(
      young,
      actor('young-dancer', { date_of_birth: dateOfBirth, guardian: { name: 'Meena Joshi', contact: '98220 12345' } }),
    );
    expect(phone.statusCode).toBe(400);
    expect(phone.json().field).toBe('guardian.contact');

    const saved = await put(
      young,
      actor('young-dancer', {
        date_of_birth: dateOfBirth,
        guardian: { name: 'Meena Joshi', contact: 'meena@example.in' },
        show: { phone: true, email: true },
      }),
    );
    expect(saved.statusCode).toBe(200);
    // Consent is the guardian's, given by the mailed link: none yet.
    expect(saved.json().data.guardian).toMatchObject({
      name: 'Meena Joshi',
      contact: 'meena@example.in',
      confirmed_at: null,
    });

    expect((await publicProfile('young-dancer')).statusCode).toBe(404);
    const listed = (await app.inject({ url: `${PROFILES}?search=Ananya&city=Pune` })).json();
    expect(listed.data.map((card: { handle: string }) => card.handle)).not.toContain('young-dancer');
  });
});

describe('the network’s index', () => {
  it('finds public profiles by craft, language, city, search and verified, verified first', async () => {
    const writer = await createShopper(app, 'Writer');
    await put(
      writer,
      actor('farhan-writes', {
        display_name: 'Farhan Qureshi',
        crafts: ['writer'],
        headline: 'Screenwriter, Urdu and Hindi',
        city: 'Lucknow',
        languages: [{ language: 'Urdu', level: 'native' }],
        skills: ['dialogue', 'screenplay'],
      }),
    );
    const find = async (query: string) =>
      ((await app.inject({ url: `${PROFILES}?${query}` })).json().data as { handle: string }[]).map(
        (card) => card.handle,
      );
    expect(await find('craft=writer')).toEqual(['farhan-writes']);
    expect(await find('language=urdu&city=lucknow')).toEqual(['farhan-writes']);
    expect(await find('search=screenplay')).toEqual(['farhan-writes']);
    expect(await find('search=Screenwriter')).toEqual(['farhan-writes']);
    expect(await find('verified=true')).toEqual([]);
    expect((await app.inject({ url: `${PROFILES}?craft=juggler` })).json()).toMatchObject({ field: 'craft' });
  });
});

describe('profile photos', () => {
  it('the first photo is the main one; another can be made main; only the owner can change them', async () => {
    const member = await createShopper(app, 'Photos');
    expect((await uploadPhoto(member)).statusCode).toBe(404);
    await put(member, actor('photo-member'));
    const first = await uploadPhoto(member);
    expect(first.statusCode).toBe(201);
    const second = (await uploadPhoto(member)).json().data;
    expect(second.photos.map((photo: { main: boolean }) => photo.main)).toEqual([true, false]);
    const [one, two] = second.photos as { id: number; url: string }[];
    expect(one!.url).toMatch(/^\/backend\/uploads\/profile\/[0-9a-f]{32}\.webp$/);

    const stranger = await createShopper(app, 'Stranger');
    await put(stranger, actor('stranger-profile'));
    const theirs = await app.inject({
      method: 'DELETE',
      url: `${ME}/profile/photos/${one!.id}`,
      headers: stranger.headers,
    });
    expect(theirs.statusCode).toBe(404);

    const madeMain = await app.inject({
      method: 'PUT',
      url: `${ME}/profile/photos/${two!.id}`,
      headers: member.headers,
      payload: { main: true },
    });
    expect(madeMain.json().data.photos.map((photo: { main: boolean }) => photo.main)).toEqual([false, true]);

    const moved = await app.inject({
      method: 'PUT',
      url: `${ME}/profile/photos/${two!.id}`,
      headers: member.headers,
      payload: { position: 1 },
    });
    expect(moved.json().data.photos.map((photo: { id: number }) => photo.id)).toEqual([two!.id, one!.id]);
    const public_ = (await app.inject({ url: `${PROFILES}/photo-member` })).json().data;
    expect(public_.photos.map((photo: { id: number }) => photo.id)).toEqual([two!.id, one!.id]);
    const badPosition = await app.inject({
      method: 'PUT',
      url: `${ME}/profile/photos/${two!.id}`,
      headers: member.headers,
      payload: { position: 0 },
    });
    expect(badPosition.statusCode).toBe(400);
    expect(badPosition.json()).toMatchObject({ field: 'position' });
    const strangerMove = await app.inject({
      method: 'PUT',
      url: `${ME}/profile/photos/${two!.id}`,
      headers: stranger.headers,
      payload: { position: 2 },
    });
    expect(strangerMove.statusCode).toBe(404);

    const removed = await app.inject({
      method: 'DELETE',
      url: `${ME}/profile/photos/${two!.id}`,
      headers: member.headers,
    });
    expect(removed.json().data.photos).toEqual([{ id: one!.id, url: one!.url, main: true }]);
    const files = await readdir(path.join(testApp.dataDir, 'uploads', 'profile'));
    expect(files.filter((file) => file.startsWith(path.basename(two!.url, '.webp')))).toEqual([]);

    const card = (await app.inject({ url: `${PROFILES}?search=Ananya&city=Pune` }))
      .json()
      .data.find((item: { handle: string }) => item.handle === 'photo-member');
    expect(card.photo).toBe(one!.url);
  });

  it('a person holds at most 6 photos', async () => {
    const member = await createShopper(app, 'Many photos');
    await put(member, actor('many-photos'));
    for (let index = 0; index < 6; index += 1) expect((await uploadPhoto(member)).statusCode).toBe(201);
    const seventh = await uploadPhoto(member);
    expect(seventh.statusCode).toBe(409);
    expect(seventh.json()).toMatchObject({ field: 'file' });
  });

  it('stores a photo the phone made smaller in every width, and still refuses one over 5 MB sent around the app', async () => {
    const member = await createShopper(app, 'Shrunk photo');
    await put(member, actor('shrunk-photo'));
    const folder = path.join(testApp.dataDir, 'uploads', 'profile');
    // What the browser sends for a camera photo: 1600 px wide, WebP.
    const shrunk = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#335577' } })
      .webp({ quality: 90 })
      .toBuffer();
    const sent = multipart(shrunk);
    const stored = await app.inject({
      method: 'POST',
      url: `${ME}/profile/photos`,
      headers: { ...member.headers, 'content-type': sent.contentType },
      payload: sent.payload,
    });
    expect(stored.statusCode).toBe(201);
    const name = path.basename(stored.json().data.photos[0].url, '.webp');
    expect((await readdir(folder)).filter((file) => file.startsWith(name)).sort()).toEqual([
      `${name}-400w.webp`,
      `${name}-800w.webp`,
      `${name}.webp`,
    ]);

    const before = await readdir(folder);
    const large = multipart(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5 * 1024 * 1024 + 10)]));
    const refused = await app.inject({
      method: 'POST',
      url: `${ME}/profile/photos`,
      headers: { ...member.headers, 'content-type': large.contentType },
      payload: large.payload,
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toMatchObject({
      message: 'The image is larger than 5 MB: make it smaller and upload it again',
      field: 'file',
    });
    expect(await readdir(folder)).toEqual(before);
  });
});

describe('verification, reports and moderation', () => {
  const ADMIN = '/backend/api/api/admin/v1';

  it('a member asks to be verified; a moderator verifies with a reason the badge shows, audited and mailed', async () => {
    const member = await createShopper(app, 'Kabir Verified');
    const moderator = await createStaff(app, 'moderator');
    const ask = () =>
      app.inject({
        method: 'POST',
        url: `${ME}/verification-request`,
        headers: member.headers,
        payload: { note: 'CINTAA card 40123' },
      });
    expect((await ask()).statusCode).toBe(404);
    await put(member, actor('kabir-verified', { display_name: 'Kabir Malhotra' }));
    expect((await ask()).statusCode).toBe(202);
    expect((await ask()).statusCode).toBe(409);
    expect((await app.inject({ url: `${ME}/profile`, headers: member.headers })).json().data).toMatchObject({
      verification_status: 'pending',
    });

    const queue = await app.inject({ url: `${ADMIN}/moderation/queue?kind=verification`, headers: moderator.headers });
    expect(queue.json().data).toContainEqual(
      expect.objectContaining({ kind: 'verification', handle: 'kabir-verified', details: 'CINTAA card 40123' }),
    );

    const missingReason = await app.inject({
      method: 'POST',
      url: `${ADMIN}/moderation/profiles/kabir-verified/verify`,
      headers: moderator.headers,
      payload: { reason: ' ' },
    });
    expect(missingReason.json()).toMatchObject({ field: 'reason' });
    const verified = await app.inject({
      method: 'POST',
      url: `${ADMIN}/moderation/profiles/kabir-verified/verify`,
      headers: moderator.headers,
      payload: { reason: 'Union membership checked' },
    });
    expect(verified.statusCode).toBe(200);
    expect((await publicProfile('kabir-verified')).json().data).toMatchObject({
      verified: true,
      verified_reason: 'Union membership checked',
    });
    const open = (
      await app.inject({ url: `${ADMIN}/moderation/queue?kind=verification`, headers: moderator.headers })
    ).json();
    expect(open.data.map((item: { handle: string }) => item.handle)).not.toContain('kabir-verified');
    // Verified profiles come first in the index.
    const index = (await app.inject({ url: `${PROFILES}?category=Artist` })).json().data;
    expect(index[0].handle).toBe('kabir-verified');

    const records = await app.db
      .select({ action: auditLog.action, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'profile'), eq(auditLog.entityId, 'kabir-verified')));
    expect(records).toEqual([{ action: 'verify', actorId: moderator.id }]);
    const centre = (
      await app.inject({ url: '/backend/api/api/user/v1/notifications', headers: member.headers })
    ).json();
    expect(centre.data[0]).toMatchObject({
      kind: 'moderation',
      title: 'Your CineVerse profile is verified',
      body: 'Union membership checked',
    });
    const mails = await app.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Your CineVerse profile is verified'));
    expect(mails).toHaveLength(1);
  });

  it('a refusal comes with its reason; a member may ask again', async () => {
    const member = await createShopper(app, 'Refused');
    const moderator = await createStaff(app, 'moderator');
    await put(member, actor('refused-member'));
    await app.inject({ method: 'POST', url: `${ME}/verification-request`, headers: member.headers, payload: {} });
    await app.inject({
      method: 'POST',
      url: `${ADMIN}/moderation/profiles/refused-member/refuse`,
      headers: moderator.headers,
      payload: { reason: 'The union number does not match the name' },
    });
    expect((await app.inject({ url: `${ME}/profile`, headers: member.headers })).json().data).toMatchObject({
      verification_status: 'refused',
      refused_reason: 'The union number does not match the name',
      verified: false,
    });
    const again = await app.inject({
      method: 'POST',
      url: `${ME}/verification-request`,
      headers: member.headers,
      payload: {},
    });
    expect(again.statusCode).toBe(202);
  });

  it('members report a profile once each; a moderator hides it and it answers 404 to the public', async () => {
    const owner = await createShopper(app, 'Fake');
    await put(owner, actor('fake-producer', { display_name: 'Not Really A Producer' }));
    const reporter = await createShopper(app, 'Reporter');
    const report = (who: Shopper, body: object) =>
      app.inject({ method: 'POST', url: `${PROFILES}/fake-producer/report`, headers: who.headers, payload: body });
    expect(
      (await app.inject({ method: 'POST', url: `${PROFILES}/fake-producer/report`, payload: {} })).statusCode,
    ).toBe(401);
    expect((await report(reporter, { reason: 'spam' })).json()).toMatchObject({ field: 'reason' });
    expect(
      (await report(reporter, { reason: 'impersonation', details: 'Uses a real producer’s name' })).statusCode,
    ).toBe(201);
    expect((await report(reporter, { reason: 'fake' })).statusCode).toBe(409);
    expect((await report(owner, { reason: 'fake' })).statusCode).toBe(400);

    const customer = await createShopper(app, 'Customer');
    const hideAs = (who: Shopper) =>
      app.inject({
        method: 'POST',
        url: `${ADMIN}/moderation/profiles/fake-producer/hide`,
        headers: who.headers,
        payload: { reason: 'Impersonates a production house' },
      });
    expect((await hideAs(customer)).statusCode).toBe(403);
    const moderator = await createStaff(app, 'moderator');
    const queue = (
      await app.inject({ url: `${ADMIN}/moderation/queue?kind=report`, headers: moderator.headers })
    ).json();
    expect(queue.data).toContainEqual(expect.objectContaining({ handle: 'fake-producer', reason: 'impersonation' }));
    expect((await hideAs(moderator)).statusCode).toBe(200);
    expect((await publicProfile('fake-producer')).statusCode).toBe(404);
    expect((await publicProfile('fake-producer', owner)).statusCode).toBe(200);
    expect((await app.inject({ url: `${ME}/profile`, headers: owner.headers })).json().data).toMatchObject({
      hidden_by_staff: true,
      hidden_reason: 'Impersonates a production house',
    });
    const after = (
      await app.inject({ url: `${ADMIN}/moderation/queue?kind=report`, headers: moderator.headers })
    ).json();
    expect(after.data.map((item: { handle: string }) => item.handle)).not.toContain('fake-producer');
  });
});

describe('a member’s own data', () => {
  const USER = '/backend/api/api/user/v1';

  async function register(email: string, password: string) {
    const response = await app.inject({
      method: 'POST',
      url: `${USER}/register`,
      payload: { name: 'Ira Deshpande', email, password },
    });
    expect(response.statusCode).toBe(201);
    const token = response.json().token as string;
    return { id: response.json().user.id as number, token, headers: { authorization: `Bearer ${token}` } };
  }

  it('a member downloads everything held about them, with their password', async () => {
    const member = await register('ira-export@example.in', 'Ira-Export-2026');
    await put(member, actor('ira-exports', { display_name: 'Ira Deshpande' }));
    const wrong = await app.inject({
      url: `${ME}/export`,
      headers: { ...member.headers, 'x-password': 'not-my-password' },
    });
    // 403: the session stays good (a 401 would sign the member out over a typo).
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ field: 'password' });
    const exported = await app.inject({
      url: `${ME}/export`,
      headers: { ...member.headers, 'x-password': 'Ira-Export-2026' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('cineverse-my-data.json');
    const data = exported.json();
    expect(data.account).toMatchObject({ email: 'ira-export@example.in', name: 'Ira Deshpande' });
    expect(data.profile).toMatchObject({ handle: 'ira-exports', date_of_birth: '1997-03-14' });
    expect(data).toHaveProperty('orders');
    expect(JSON.stringify(data)).not.toContain('password_hash');
    expect(JSON.stringify(data)).not.toContain('passwordHash');
  });

  it('wrong passwords are throttled as logins are: guessing through the export ends in 429, never the login', async () => {
    const member = await register('ira-guess@example.in', 'Ira-Guess-2026');
    const statuses: number[] = [];
    for (let guess = 0; guess < 15; guess += 1) {
      const response = await app.inject({
        url: `${ME}/export`,
        headers: { ...member.headers, 'x-password': `guess-${guess}` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10).every((status) => status === 403)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const login = await app.inject({
      method: 'POST',
      url: `${USER}/login`,
      payload: { email: 'ira-guess@example.in', password: 'Ira-Guess-2026' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('deleting the account takes the profile, photos and sessions at once and keeps orders without the address', async () => {
    const member = await register('ira-delete@example.in', 'Ira-Delete-2026');
    await put(member, actor('ira-leaves'));
    const photo = (await uploadPhoto(member)).json().data.photos[0].url as string;
    // A past order (the shop is empty in this file's database): it stays, for tax records.
    const [order] = await app.db
      .insert(orders)
      .values({
        userId: member.id,
        paymentMethod: 'cod',
        address: {
          name: 'Ira Deshpande',
          phone: '9876543210',
          line1: '14 Prabhat Road',
          line2: '',
          city: 'Pune',
          state: 'Maharashtra',
          pincode: '411004',
        },
        subtotal: 49_900,
        total: 49_900,
      })
      .returning({ id: orders.id });
    expect(
      (await app.inject({ method: 'DELETE', url: `${ME}`, headers: member.headers, payload: { password: 'nope' } }))
        .statusCode,
    ).toBe(403);
    expect((await publicProfile('ira-leaves')).statusCode).toBe(200);

    const deleted = await app.inject({
      method: 'DELETE',
      url: `${ME}`,
      headers: member.headers,
      payload: { password: 'Ira-Delete-2026' },
    });
    expect(deleted.statusCode).toBe(200);
    expect((await publicProfile('ira-leaves')).statusCode).toBe(404);
    expect((await app.inject({ url: `${ME}/profile`, headers: member.headers })).statusCode).toBe(401);
    const login = await app.inject({
      method: 'POST',
      url: `${USER}/login`,
      payload: { email: 'ira-delete@example.in', password: 'Ira-Delete-2026' },
    });
    expect(login.statusCode).toBe(401);
    const files = await readdir(path.join(testApp.dataDir, 'uploads', 'profile'));
    expect(files.filter((file) => file.startsWith(path.basename(photo, '.webp')))).toEqual([]);
    const [kept] = await app.db.select().from(orders).where(eq(orders.id, order!.id));
    expect(kept!.address).toEqual({
      name: 'Deleted member',
      phone: '',
      line1: '',
      line2: '',
      city: 'Pune',
      state: 'Maharashtra',
      pincode: '411004',
    });
    // The address is free for a new account.
    await register('ira-delete@example.in', 'Ira-Again-2026');
  });
});

describe('contact through CineVerse', () => {
  const write = (who: Shopper, handle: string, message: string) =>
    app.inject({ method: 'POST', url: `${PROFILES}/${handle}/contact`, headers: who.headers, payload: { message } });

  it('a message reaches the member by email and in their account; the answer reaches the sender', async () => {
    const member = await createShopper(app, 'Sana Director');
    await put(member, actor('sana-directs', { display_name: 'Sana Iyer', crafts: ['director'] }));
    const producer = await createShopper(app, 'Vikram Producer');
    expect((await write(producer, 'sana-directs', 'short')).json()).toMatchObject({ field: 'message' });
    const sent = await write(
      producer,
      'sana-directs',
      'We are casting a Tamil web series in Chennai; are you free in March?',
    );
    expect(sent.statusCode).toBe(201);

    const inbox = (await app.inject({ url: `${ME}/conversations`, headers: member.headers })).json().data;
    expect(inbox).toEqual([
      expect.objectContaining({
        handle: 'sana-directs',
        role: 'member',
        with_name: 'Vikram Producer',
        messages: [expect.objectContaining({ from_me: false, body: expect.stringContaining('Tamil web series') })],
      }),
    ]);
    const mails = await app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'Vikram Producer wrote to Sana Iyer on CineVerse'));
    expect(mails).toHaveLength(1);
    // The sender's email is not given away in the mail.
    expect(mails[0]!.text).not.toContain('@example.in');

    const answer = await app.inject({
      method: 'POST',
      url: `${ME}/conversations/${inbox[0].id}/messages`,
      headers: member.headers,
      payload: { message: 'Yes, I am free from the 10th. Send the script?' },
    });
    expect(answer.statusCode).toBe(201);
    const theirs = (await app.inject({ url: `${ME}/conversations`, headers: producer.headers })).json().data;
    expect(theirs[0]).toMatchObject({ role: 'sender', with_name: 'Sana Iyer' });
    expect(theirs[0].messages.map((item: { from_me: boolean }) => item.from_me)).toEqual([true, false]);

    // Each side hears of the other's message in the notification centre too, with its start and a way to it.
    const notices = async (who: Shopper) =>
      ((await app.inject({ url: `${USER_API}/notifications`, headers: who.headers })).json().data as object[]).filter(
        (item) => (item as { kind: string }).kind === 'message',
      );
    expect(await notices(member)).toEqual([
      expect.objectContaining({
        title: 'Vikram Producer wrote to Sana Iyer',
        body: 'We are casting a Tamil web series in Chennai; are you free in March?',
        link: '/messages',
      }),
    ]);
    expect(await notices(producer)).toEqual([
      expect.objectContaining({ title: 'Sana Iyer answered', body: 'Yes, I am free from the 10th. Send the script?' }),
    ]);

    // The conversation with the latest message comes first.
    const another = await createShopper(app, 'Ritu Writer');
    expect(
      (await write(another, 'sana-directs', 'I wrote a short film set in Madurai; may I send it?')).statusCode,
    ).toBe(201);
    const order = async () =>
      (
        (await app.inject({ url: `${ME}/conversations`, headers: member.headers })).json().data as {
          with_name: string;
        }[]
      ).map((item) => item.with_name);
    expect(await order()).toEqual(['Ritu Writer', 'Vikram Producer']);
    await app.inject({
      method: 'POST',
      url: `${ME}/conversations/${inbox[0].id}/messages`,
      headers: producer.headers,
      payload: { message: 'Sending the script tonight.' },
    });
    expect(await order()).toEqual(['Vikram Producer', 'Ritu Writer']);

    // An answer may be short, never empty.
    const answerWith = (message: string) =>
      app.inject({
        method: 'POST',
        url: `${ME}/conversations/${inbox[0].id}/messages`,
        headers: member.headers,
        payload: { message },
      });
    expect((await answerWith('Thanks!')).statusCode).toBe(201);
    const empty = await answerWith('   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'message', message: 'message: Write your answer' });

    const stranger = await createShopper(app, 'Stranger');
    const intrude = await app.inject({
      method: 'POST',
      url: `${ME}/conversations/${inbox[0].id}/messages`,
      headers: stranger.headers,
      payload: { message: 'Reading someone else’s conversation' },
    });
    expect(intrude.statusCode).toBe(404);
  });

  it('one sender starts at most 10 new conversations a day; writing again in one does not count', async () => {
    const sender = await createShopper(app, 'Busy sender');
    const handles: string[] = [];
    for (let index = 0; index < 11; index += 1) {
      const member = await createShopper(app, `Member ${index}`);
      await put(member, actor(`limit-member-${index}`));
      handles.push(`limit-member-${index}`);
    }
    for (const handle of handles.slice(0, 10)) {
      expect((await write(sender, handle, 'Hello, I would like to work with you.')).statusCode).toBe(201);
    }
    const eleventh = await write(sender, handles[10]!, 'Hello, I would like to work with you.');
    expect(eleventh.statusCode).toBe(429);
    expect(Number(eleventh.headers['retry-after'])).toBeGreaterThan(0);
    expect((await write(sender, handles[0]!, 'And one more thing about the schedule.')).statusCode).toBe(201);
  });

  it('nobody starts a conversation with a member under 18', async () => {
    const young = await createShopper(app, 'Young actor');
    const birth = new Date();
    birth.setUTCFullYear(birth.getUTCFullYear() - 14);
    await put(
      young,
      actor('young-actor', {
        display_name: 'Aarav Menon',
        date_of_birth: birth.toISOString().slice(0, 10),
        guardian: { name: 'Latha Menon', contact: 'latha.menon@example.in' },
      }),
    );
    const caster = await createShopper(app, 'Casting');
    expect((await write(caster, 'young-actor', 'We are casting a child role for an ad in Kochi.')).statusCode).toBe(
      404,
    );
    expect(await app.db.select().from(mailOutbox).where(like(mailOutbox.subject, 'Casting wrote to %'))).toEqual([]);
  });
});
