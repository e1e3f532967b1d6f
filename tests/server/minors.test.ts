import fs from 'node:fs/promises';
import path from 'node:path';
import { and, count as countRows, eq, like, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  castingApplications,
  guardianConsents,
  mailOutbox,
  profilePhotos,
  profiles,
  sentMessages,
  users,
} from '../../server/src/db/schema.js';
import { confirmGuardian, mailedGuardianToken } from './guardian-helpers.js';
import { createShopper, createStaff, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const USER = '/backend/api/api/user/v1';
const PUBLIC = '/backend/api/api/v1';
const ADMIN = '/backend/api/api/admin/v1';

let testApp: TestApp;
let app: FastifyInstance;
let count = 0;

beforeAll(async () => {
  testApp = await createTestApp({ seed: false });
  app = testApp.app;
});
afterAll(() => testApp.close());

function send(method: string, url: string, who?: Shopper, body?: unknown) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fourteenYearsAgo = () => {
  const birth = new Date();
  birth.setUTCFullYear(birth.getUTCFullYear() - 14);
  return birth.toISOString().slice(0, 10);
};

type Member = Shopper & { handle: string; guardianEmail: string };

/** A member with a profile: a 14-year-old actor (with a guardian, a main photo), an adult actor, or a production house. */
async function member(kind: 'minor' | 'adult' | 'house', change: Record<string, unknown> = {}): Promise<Member> {
  count += 1;
  const who = await createShopper(app, `Member ${count}`);
  const handle = `${kind}-${count}`;
  const guardianEmail = `guardian-${count}@example.in`;
  const person = {
    kind: 'person',
    category: 'Artist',
    display_name: kind === 'minor' ? `Aarav Menon ${count}` : `Adult Actor ${count}`,
    crafts: ['actor'],
    city: 'Kochi',
    address: '14 Temple Road, Kochi 682001',
    date_of_birth: kind === 'minor' ? fourteenYearsAgo() : '1995-05-05',
    ...(kind === 'minor' ? { guardian: { name: 'Latha Menon', contact: guardianEmail } } : {}),
  };
  const house = {
    kind: 'organisation',
    category: 'Production House',
    display_name: `Red Kite Films ${count}`,
    city: 'Mumbai',
    address: '2 Film City Road, Goregaon',
  };
  const saved = await send('PUT', `${USER}/me/profile`, who, {
    handle,
    ...(kind === 'house' ? house : person),
    ...change,
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, handle));
  if (kind === 'house') await app.db.update(profiles).set({ verified: true }).where(eq(profiles.id, row!.id));
  else await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${handle}.webp`, main: true });
  return { ...who, handle, guardianEmail };
}

async function postCall(house: Member) {
  const response = await send('POST', `${USER}/casting-calls`, house, {
    title: 'Monsoon Letters',
    project_type: 'feature',
    description: 'A Malayalam feature about letters lost in a flood.',
    city: 'Kochi',
    shoot_start: inDays(40),
    shoot_end: inDays(70),
    deadline: inDays(20),
    roles: [
      {
        name: 'Young Appu',
        genders: ['male'],
        age_min: 10,
        age_max: 16,
        languages: ['Malayalam'],
        paid: true,
        pay_inr: 25000,
      },
    ],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number; roles: { id: number }[] };
}

const apply = (who: Member, call: { id: number; roles: { id: number }[] }) =>
  send('POST', `${USER}/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`, who, {
    note: 'I act in school plays and speak Malayalam.',
  });

/** The mail sent to `email`, but the link that confirmed the account's own address at registration. */
const mailsTo = (email: string) =>
  app.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), ne(mailOutbox.kind, 'email-confirmation')));
const accountEmail = async (who: Shopper) =>
  (await app.db.select({ email: users.email }).from(users).where(eq(users.id, who.id)))[0]!.email!;

describe('a minor’s profile', () => {
  it('answers 404 to the public, other members and other posters; its owner, staff and its call’s poster see it', async () => {
    const minor = await member('minor');
    await confirmGuardian(app, minor.guardianEmail);
    const poster = await member('house');
    const otherPoster = await member('house');
    const stranger = await createShopper(app, 'Stranger');
    const moderator = await createStaff(app, 'moderator');
    const call = await postCall(poster);
    await postCall(otherPoster);
    expect((await apply(minor, call)).statusCode).toBe(201);

    const profileOf = (who?: Shopper) => send('GET', `${PUBLIC}/profiles/${minor.handle}`, who);
    for (const [who, name] of [
      [undefined, 'the public'],
      [stranger, 'another member'],
      [otherPoster, 'a poster it did not apply to'],
      [poster, 'the poster it applied to (applicant manager only)'],
    ] as const) {
      const seen = await profileOf(who);
      expect(seen.statusCode, name).toBe(404);
      expect(seen.body, name).not.toContain('Aarav');
    }
    expect((await profileOf(minor)).statusCode).toBe(200);
    expect((await profileOf(moderator)).statusCode).toBe(200);

    // The poster sees the applicant in the applicant manager, marked as under 18; no other poster does.
    const applicants = await send('GET', `${USER}/casting-calls/${call.id}/applications`, poster);
    expect(applicants.statusCode).toBe(200);
    expect(applicants.json().data[0].applicant).toMatchObject({ handle: minor.handle, minor: true });
    expect((await send('GET', `${USER}/casting-calls/${call.id}/applications`, otherPoster)).statusCode).toBe(404);

    // Never in the directory, whatever the search.
    const listed = await send('GET', `${PUBLIC}/profiles?search=Aarav`);
    expect(listed.json().data).toEqual([]);
  });

  it('its server-rendered page answers 404 with the bare shell: no name, no card, no structured data', async () => {
    // Stands in for the SSR build: renders the profile's name and card from the API, as the real page does.
    const dist = path.join(await fs.mkdtemp('/tmp/cineverse-dist-'), 'dist');
    await fs.mkdir(path.join(dist, '.ssr'), { recursive: true });
    await fs.mkdir(path.join(dist, '.vite'), { recursive: true });
    await fs.writeFile(
      path.join(dist, 'index.html'),
      [
        '<!doctype html><html><head>',
        '<script type="module" src="/assets/index-AbC123.js"></script>',
        '</head><body>',
        '<div id="root">',
        '  <div class="cv-start">Loading CineVerse…</div>',
        '  <!--/app-->',
        '</div>',
        '</body></html>',
      ].join('\n'),
    );
    await fs.writeFile(path.join(dist, '.vite', 'manifest.json'), '{}');
    await fs.writeFile(
      path.join(dist, '.ssr', 'render-page.js'),
      `export async function renderPage(url, send) {
        const answer = await send('/backend/api/api/v1/profiles/' + url.split('/')[2], { method: 'GET', headers: {} });
        if (answer.status !== 200) return null;
        const { data } = await answer.json();
        return { html: '<main><h1>' + data.display_name + '</h1></main>',
          head: '<meta property="og:title" content="' + data.display_name + '"/>', state: '{"queries":[]}', routeIds: ['__root__'] };
      }`,
    );
    const rendering = await createTestApp({ seed: false, distDir: dist });
    try {
      const owner = await createShopper(rendering.app, 'Young');
      const adult = await createShopper(rendering.app, 'Adult');
      const save = (who: Shopper, handle: string, name: string, dateOfBirth: string) =>
        rendering.app.inject({
          method: 'PUT',
          url: `${USER}/me/profile`,
          headers: who.headers,
          payload: {
            kind: 'person',
            handle,
            display_name: name,
            category: 'Artist',
            city: 'Kochi',
            date_of_birth: dateOfBirth,
            guardian: { name: 'Latha Menon', contact: 'latha@example.in' },
          },
        });
      expect((await save(owner, 'young-page', 'Aarav Menon', fourteenYearsAgo())).statusCode).toBe(200);
      expect((await save(adult, 'adult-page', 'Kavya Nair', '1995-05-05')).statusCode).toBe(200);
      const page = await rendering.app.inject({ url: '/profiles/young-page' });
      expect(page.statusCode).toBe(404);
      expect(page.headers['x-robots-tag']).toContain('noindex');
      expect(page.body).not.toContain('Aarav');
      expect(page.body).not.toContain('og:title');
      const shown = await rendering.app.inject({ url: '/profiles/adult-page' });
      expect(shown.statusCode).toBe(200);
      expect(shown.body).toContain('<meta property="og:title" content="Kavya Nair"/>');
    } finally {
      await rendering.close();
    }
  });

  it('a person’s postal address is never in the public view; an organisation’s is', async () => {
    const adult = await member('adult');
    const house = await member('house');
    const person = (await send('GET', `${PUBLIC}/profiles/${adult.handle}`)).json().data;
    expect(person).not.toHaveProperty('address');
    expect((await send('GET', `${USER}/me/profile`, adult)).json().data.address).toBe('14 Temple Road, Kochi 682001');
    const organisation = (await send('GET', `${PUBLIC}/profiles/${house.handle}`)).json().data;
    expect(organisation.address).toBe('2 Film City Road, Goregaon');
  });

  it('a minor starts no conversation, and a minor’s handle cannot be reported (it is as absent as a hidden one)', async () => {
    const minor = await member('minor');
    await confirmGuardian(app, minor.guardianEmail);
    const adult = await member('adult');
    const written = await send('POST', `${PUBLIC}/profiles/${adult.handle}/contact`, minor, {
      message: 'Hello, can you help me get a role in your film?',
    });
    expect(written.statusCode).toBe(403);
    expect((await send('GET', `${USER}/me/conversations`, adult)).json().data).toEqual([]);
    const reported = await send('POST', `${PUBLIC}/profiles/${minor.handle}/report`, adult, { reason: 'fake' });
    expect(reported.statusCode).toBe(404);
  });

  it('nobody starts a conversation with a minor, and a minor cannot post a casting call', async () => {
    const minor = await member('minor', { crafts: ['actor', 'casting'] });
    await confirmGuardian(app, minor.guardianEmail);
    const sender = await createShopper(app, 'Sender');
    const contact = await send('POST', `${PUBLIC}/profiles/${minor.handle}/contact`, sender, {
      message: 'We are casting a child role for an ad in Kochi.',
    });
    expect(contact.statusCode).toBe(404);
    expect((await send('GET', `${USER}/me/conversations`, minor)).json().data).toEqual([]);
    const posted = await send('POST', `${USER}/casting-calls`, minor, { title: 'x' });
    expect(posted.statusCode).not.toBe(201);
  });
});

describe('the guardian’s consent', () => {
  it('holds exactly one email address: a list is refused naming guardian.contact', async () => {
    const who = await createShopper(app, 'Young');
    for (const contact of ['a@example.in, b@example.in', 'a@example.in b@example.in', 'a@example.in;b@example.in']) {
      const saved = await send('PUT', `${USER}/me/profile`, who, {
        kind: 'person',
        handle: 'list-guardian',
        display_name: 'Young One',
        category: 'Artist',
        city: 'Kochi',
        date_of_birth: fourteenYearsAgo(),
        guardian: { name: 'Two People', contact },
      });
      expect(saved.statusCode, contact).toBe(400);
      expect(saved.json().field, contact).toBe('guardian.contact');
    }
  });

  it('is given by the guardian through the mailed link, on the server’s clock, before the minor can apply', async () => {
    const minor = await member('minor');
    const poster = await member('house');
    const call = await postCall(poster);
    const mine = (await send('GET', `${USER}/me/profile`, minor)).json().data;
    expect(mine.guardian).toMatchObject({ confirmed_at: null, withdrawn_at: null });
    expect(Date.parse(mine.guardian.mailed_at)).not.toBeNaN();

    // Before the guardian confirms: no application, and no mail to the guardian beyond the request itself.
    const early = await apply(minor, call);
    expect(early.statusCode).toBe(403);
    const [request] = await mailsTo(minor.guardianEmail);
    expect(request!.subject).toBe(`Please confirm ${mine.display_name}’s CineVerse profile`);
    const token = await mailedGuardianToken(app, minor.guardianEmail);
    const seen = await send('POST', `${PUBLIC}/guardian/consent`, undefined, { token });
    expect(seen.json().data).toMatchObject({
      ward: mine.display_name,
      guardian_name: 'Latha Menon',
      confirmed_at: null,
    });
    expect((await send('POST', `${PUBLIC}/guardian/consent`, undefined, { token: 'x'.repeat(43) })).statusCode).toBe(
      404,
    );

    const before = Date.now();
    const confirmed = await send('POST', `${PUBLIC}/guardian/consent/confirm`, undefined, { token });
    expect(confirmed.statusCode).toBe(200);
    const [consent] = await app.db
      .select()
      .from(guardianConsents)
      .where(eq(guardianConsents.email, minor.guardianEmail));
    expect(consent!.confirmedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await send('GET', `${USER}/me/profile`, minor)).json().data.guardian.confirmed_at).toBe(
      consent!.confirmedAt!.toISOString(),
    );
    expect((await apply(minor, call)).statusCode).toBe(201);
    // Nothing ever goes to the minor's own inbox.
    expect(await mailsTo(await accountEmail(minor))).toEqual([]);
  });

  it('a new guardian email needs a new confirmation; the old link no longer confirms', async () => {
    const minor = await member('minor');
    await confirmGuardian(app, minor.guardianEmail);
    const oldToken = await mailedGuardianToken(app, minor.guardianEmail);
    // More than 10 minutes after the first mail: a guardian may be mailed again.
    await app.db
      .update(guardianConsents)
      .set({ mailedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(guardianConsents.email, minor.guardianEmail));
    const profile = (await send('GET', `${USER}/me/profile`, minor)).json().data;
    const changed = await send('PUT', `${USER}/me/profile`, minor, {
      ...Object.fromEntries(
        ['kind', 'handle', 'display_name', 'category', 'crafts', 'city', 'date_of_birth'].map((key) => [
          key,
          profile[key],
        ]),
      ),
      guardian: { name: 'Suresh Menon', contact: `new-${minor.guardianEmail}` },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data.guardian).toMatchObject({ contact: `new-${minor.guardianEmail}`, confirmed_at: null });
    expect((await mailsTo(`new-${minor.guardianEmail}`)).length).toBe(1);
    const stale = await send('POST', `${PUBLIC}/guardian/consent/confirm`, undefined, { token: oldToken });
    expect(stale.statusCode).toBe(409);
    const poster = await member('house');
    expect((await apply(minor, await postCall(poster))).statusCode).toBe(403);
  });

  it('the confirmation mail is sent again at most once every 10 minutes (429 with Retry-After)', async () => {
    const minor = await member('minor');
    const first = await mailedGuardianToken(app, minor.guardianEmail);
    const soon = await send('POST', `${USER}/me/profile/guardian/resend`, minor);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(500);
    await app.db
      .update(guardianConsents)
      .set({ mailedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(guardianConsents.email, minor.guardianEmail));
    const later = await send('POST', `${USER}/me/profile/guardian/resend`, minor);
    expect(later.statusCode, later.body).toBe(200);
    expect((await mailsTo(minor.guardianEmail)).length).toBe(2);
    // The new mail's link replaces the old one.
    expect((await send('POST', `${PUBLIC}/guardian/consent`, undefined, { token: first })).statusCode).toBe(404);
    await confirmGuardian(app, minor.guardianEmail);
    expect((await send('POST', `${USER}/me/profile/guardian/resend`, minor)).statusCode).toBe(409);
    const adult = await member('adult');
    expect((await send('POST', `${USER}/me/profile/guardian/resend`, adult)).statusCode).toBe(409);
  });

  it('changing the guardian’s address mails at most once every 10 minutes, and never from an unconfirmed account', async () => {
    const minor = await member('minor');
    const profile = {
      handle: minor.handle,
      kind: 'person',
      category: 'Artist',
      display_name: 'Aarav Menon',
      crafts: ['actor'],
      city: 'Kochi',
      date_of_birth: fourteenYearsAgo(),
    };
    const others = ['first-other@example.in', 'second-other@example.in'];
    for (const contact of others) {
      const saved = await send('PUT', `${USER}/me/profile`, minor, {
        ...profile,
        guardian: { name: 'Latha Menon', contact },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().data.guardian.mailed_at).toBeNull();
      expect(await mailsTo(contact)).toEqual([]);
    }

    const unconfirmed = await createShopper(app, 'Unconfirmed Young', { confirmed: false });
    const saved = await send('PUT', `${USER}/me/profile`, unconfirmed, {
      ...profile,
      handle: `unconfirmed-young-${count}`,
      guardian: { name: 'Latha Menon', contact: 'stranger@example.in' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await mailsTo('stranger@example.in')).toEqual([]);
    expect((await send('POST', `${USER}/me/profile/guardian/resend`, unconfirmed)).statusCode).toBe(403);
  });

  it('withdrawn by the same link: the profile is hidden and its applications withdrawn', async () => {
    const minor = await member('minor');
    await confirmGuardian(app, minor.guardianEmail);
    const poster = await member('house');
    const applied = await apply(minor, await postCall(poster));
    expect(applied.statusCode).toBe(201);
    const token = await mailedGuardianToken(app, minor.guardianEmail);
    const withdrawn = await send('POST', `${PUBLIC}/guardian/consent/withdraw`, undefined, { token });
    expect(withdrawn.statusCode).toBe(200);
    expect(Date.parse(withdrawn.json().data.withdrawn_at)).not.toBeNaN();
    const mine = (await send('GET', `${USER}/me/profile`, minor)).json().data;
    expect(mine.visibility).toBe('hidden');
    expect(mine.guardian.withdrawn_at).not.toBeNull();
    const [application] = await app.db
      .select()
      .from(castingApplications)
      .where(eq(castingApplications.id, applied.json().data.id));
    expect(application!.status).toBe('withdrawn');
    expect((await apply(minor, await postCall(poster))).statusCode).toBe(403);
  });
});

describe('a poster’s message about a minor’s application', () => {
  it('goes to the guardian by mail, never to the minor; the guardian reads and answers by the link', async () => {
    const minor = await member('minor');
    await confirmGuardian(app, minor.guardianEmail);
    const poster = await member('house');
    const otherPoster = await member('house');
    const applied = await apply(minor, await postCall(poster));
    const id = applied.json().data.id as number;
    const message = { message: 'Can Aarav come to a reading in Kochi on Saturday with you?' };

    expect((await send('POST', `${USER}/applications/${id}/guardian-messages`, otherPoster, message)).statusCode).toBe(
      404,
    );
    const written = await send('POST', `${USER}/applications/${id}/guardian-messages`, poster, message);
    expect(written.statusCode, written.body).toBe(201);
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, minor.guardianEmail), like(mailOutbox.subject, '% wrote about %')));
    expect(mail!.text).toContain('Can Aarav come to a reading in Kochi on Saturday with you?');
    expect(await mailsTo(await accountEmail(minor))).toEqual([]);
    expect((await send('GET', `${USER}/me/conversations`, minor)).json().data).toEqual([]);
    const told = (await send('GET', `${USER}/notifications`, minor)).json().data as { title: string }[];
    expect(told.map((item) => item.title).join()).not.toContain('wrote');

    const token = await mailedGuardianToken(app, minor.guardianEmail, '/guardian/messages');
    const thread = await send('POST', `${PUBLIC}/guardian/messages/read`, undefined, { token });
    expect(thread.json().data.messages).toMatchObject([{ from: 'poster', body: message.message }]);
    const answered = await send('POST', `${PUBLIC}/guardian/messages`, undefined, {
      token,
      message: 'Yes, I will bring him at 10.',
    });
    expect(answered.statusCode, answered.body).toBe(201);
    const seen = (await send('GET', `${USER}/applications/${id}/guardian-messages`, poster)).json().data;
    expect(seen.messages.map((item: { from: string }) => item.from)).toEqual(['poster', 'guardian']);
    const posterTold = (await send('GET', `${USER}/notifications`, poster)).json().data as { title: string }[];
    expect(posterTold.map((item) => item.title)).toContain(`${seen.ward}’s guardian answered`);
    expect((await mailsTo(await accountEmail(poster))).map((item) => item.subject)).toContain(
      `${seen.ward}’s guardian answered`,
    );
  });

  it('mails the guardian once an hour, counts with the poster’s messages, and takes 30 answers an hour', async () => {
    const minor = await member('minor');
    await confirmGuardian(app, minor.guardianEmail);
    const poster = await member('house');
    const id = (await apply(minor, await postCall(poster))).json().data.id as number;
    const url = `${USER}/applications/${id}/guardian-messages`;
    for (const text of ['Can Aarav read for us on Saturday?', 'The reading is at 10 am in Kochi.']) {
      expect((await send('POST', url, poster, { message: text })).statusCode).toBe(201);
    }
    const toGuardian = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, minor.guardianEmail), like(mailOutbox.subject, '% wrote about %')));
    expect(toGuardian).toHaveLength(1);
    // The link of that one mail opens both messages.
    const token = await mailedGuardianToken(app, minor.guardianEmail, '/guardian/messages');
    const thread = (await send('POST', `${PUBLIC}/guardian/messages/read`, undefined, { token })).json().data;
    expect(thread.messages).toHaveLength(2);
    // Both count toward the poster's 30 messages an hour.
    const [counted] = await app.db
      .select({ sent: countRows() })
      .from(sentMessages)
      .where(eq(sentMessages.senderId, poster.id));
    expect(counted!.sent).toBe(2);

    const answers = [];
    for (let index = 1; index <= 31; index += 1) {
      answers.push(await send('POST', `${PUBLIC}/guardian/messages`, undefined, { token, message: `Answer ${index}` }));
    }
    expect(answers.slice(0, 30).map((answer) => answer.statusCode)).toEqual(Array(30).fill(201));
    expect(answers[30]!.statusCode).toBe(429);
    expect(answers[30]!.headers['retry-after']).toBeDefined();
    const posterMails = (await mailsTo(await accountEmail(poster))).filter((mail) =>
      mail.subject.endsWith('’s guardian answered'),
    );
    expect(posterMails).toHaveLength(1);
  });

  it('a message link stops opening the thread once its guardian withdrew', async () => {
    const minor = await member('minor');
    await confirmGuardian(app, minor.guardianEmail);
    const poster = await member('house');
    const id = (await apply(minor, await postCall(poster))).json().data.id as number;
    const message = { message: 'Can Aarav read for us on Saturday?' };
    expect((await send('POST', `${USER}/applications/${id}/guardian-messages`, poster, message)).statusCode).toBe(201);
    const token = await mailedGuardianToken(app, minor.guardianEmail, '/guardian/messages');
    expect((await send('POST', `${PUBLIC}/guardian/messages/read`, undefined, { token })).statusCode).toBe(200);
    await send('POST', `${PUBLIC}/guardian/consent/withdraw`, undefined, {
      token: await mailedGuardianToken(app, minor.guardianEmail),
    });
    expect((await send('POST', `${PUBLIC}/guardian/messages/read`, undefined, { token })).statusCode).toBe(404);
    const answer = { token, message: 'Yes, we will come.' };
    expect((await send('POST', `${PUBLIC}/guardian/messages`, undefined, answer)).statusCode).toBe(404);
  });

  it('cannot reach a guardian who has not confirmed', async () => {
    const minor = await member('minor');
    const poster = await member('house');
    const call = await postCall(poster);
    await confirmGuardian(app, minor.guardianEmail);
    const id = (await apply(minor, call)).json().data.id as number;
    await send('POST', `${PUBLIC}/guardian/consent/withdraw`, undefined, {
      token: await mailedGuardianToken(app, minor.guardianEmail),
    });
    const written = await send('POST', `${USER}/applications/${id}/guardian-messages`, poster, {
      message: 'Are you still interested?',
    });
    expect(written.statusCode).toBe(409);
  });
});

describe('notices about a minor', () => {
  it('a moderation decision is mailed to the confirmed guardian, never to the minor', async () => {
    const minor = await member('minor');
    await confirmGuardian(app, minor.guardianEmail);
    const moderator = await createStaff(app, 'moderator');
    const hidden = await send('POST', `${ADMIN}/moderation/profiles/${minor.handle}/hide`, moderator, {
      reason: 'Photos that are not the member’s own',
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const mails = await mailsTo(minor.guardianEmail);
    expect(mails.map((mail) => mail.subject)).toContain('Your CineVerse profile has been hidden');
    expect(mails.find((mail) => mail.subject.includes('hidden'))!.text).toContain('whose guardian you are');
    expect(await mailsTo(await accountEmail(minor))).toEqual([]);
  });
});
