import { and, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationListResponseSchema } from '../../src/contract/notifications.js';
import { mailOutbox, profilePhotos, profiles, users } from '../../server/src/db/schema.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from '../support/smtp-sink.js';
import { confirmGuardian } from './guardian-helpers.js';
import { createShopper, type Shopper, USER_API } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Mail and notices in the reader's language (`users.language`), through a real SMTP exchange: a member who reads
 * Hindi gets Hindi, a minor's guardian gets the guardian's language (docs/manual/languages-in-mail.md).
 */

let smtp: SmtpSink;
let testApp: TestApp;
let app: FastifyInstance;
let count = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  testApp = await createTestApp({ seed: false, smtpUrl: smtp.url });
  app = testApp.app;
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

function send(method: 'GET' | 'POST' | 'PUT', url: string, who?: Shopper, body?: unknown, remoteAddress?: string) {
  return app.inject({
    method,
    url: `${USER_API}${url}`,
    headers: who?.headers ?? {},
    ...(body === undefined ? {} : { payload: body as object }),
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The bytes of quoted-printable `text`. */
const quotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );

/** A mail's subject and text as its reader sees them: encoded words and the body's transfer encoding undone. */
function readable(mail: ReceivedMail): { subject: string; text: string } {
  const split = mail.raw.search(/\r?\n\r?\n/);
  const head = mail.raw.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
  const body = mail.raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const subject = (/^Subject: (.*)$/im.exec(head)?.[1] ?? '').replace(/(=\?utf-8\?[bq]\?[^?]*\?=\s*)+/gi, (run) =>
    Buffer.concat(
      [...run.matchAll(/=\?utf-8\?([bq])\?([^?]*)\?=/gi)].map(([, kind, data]) =>
        kind!.toLowerCase() === 'b' ? Buffer.from(data!, 'base64') : quotedPrintable(data!.replace(/_/g, ' ')),
      ),
    ).toString('utf8'),
  );
  const encoding = /^Content-Transfer-Encoding: *(\S+)/im.exec(head)?.[1]?.toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body)
        : Buffer.from(body, 'utf8');
  return { subject: subject.trim(), text: bytes.toString('utf8').replace(/\r\n/g, '\n') };
}

/** The mail that reached `address` through SMTP, readable, once the outbox was sent. */
async function mailTo(address: string): Promise<{ subject: string; text: string }[]> {
  await app.sendQueuedMail();
  return smtp.received.filter((mail) => mail.to.includes(address)).map(readable);
}

const readsIn = (who: Shopper, language: 'en' | 'hi') =>
  app.db.update(users).set({ language }).where(eq(users.id, who.id));
const emailOf = async (who: Shopper) =>
  (await app.db.select({ email: users.email }).from(users).where(eq(users.id, who.id)))[0]!.email!;
const centre = async (who: Shopper) =>
  notificationListResponseSchema.parse((await send('GET', '/notifications', who)).json()).data;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const fourteenYearsAgo = () => {
  const birth = new Date();
  birth.setUTCFullYear(birth.getUTCFullYear() - 14);
  return birth.toISOString().slice(0, 10);
};

interface Member extends Shopper {
  name: string;
  kind: 'house' | 'adult' | 'minor';
  /** Their profile, saved by `saveProfile`. */
  body: Record<string, unknown>;
}

/** A member to be: a verified production house, an adult actor, or a 14-year-old actor with `guardianEmail`. */
async function member(kind: Member['kind'], guardianEmail = ''): Promise<Member> {
  count += 1;
  const who = await createShopper(app, `Member ${count}`);
  const name = kind === 'house' ? `Red Kite Films ${count}` : `Aarav Menon ${count}`;
  const body =
    kind === 'house'
      ? { kind: 'organisation', category: 'Production House', city: 'Mumbai', address: '2 Film City Road' }
      : {
          kind: 'person',
          category: 'Artist',
          crafts: ['actor'],
          city: 'Kochi',
          address: '14 Temple Road, Kochi 682001',
          date_of_birth: kind === 'minor' ? fourteenYearsAgo() : '1995-05-05',
          ...(kind === 'minor' ? { guardian: { name: 'Latha Menon', contact: guardianEmail } } : {}),
        };
  return { ...who, name, kind, body };
}

/** Saves the member's profile (after their language is set: a minor's saving mails the guardian). */
async function saveProfile(who: Member) {
  const { kind, body } = who;
  const handle = `reader-${who.id}`;
  const saved = await send('PUT', '/me/profile', who, { handle, display_name: who.name, ...body });
  expect(saved.statusCode, saved.body).toBe(200);
  const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, handle));
  if (kind === 'house') await app.db.update(profiles).set({ verified: true }).where(eq(profiles.id, row!.id));
  else await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${handle}.webp`, main: true });
}

async function postCall(house: Shopper) {
  const posted = await send('POST', '/casting-calls', house, {
    title: 'Monsoon Letters',
    project_type: 'feature',
    description: 'A Malayalam feature about letters lost in a flood.',
    city: 'Kochi',
    shoot_start: inDays(40),
    shoot_end: inDays(70),
    deadline: inDays(20),
    roles: [{ name: 'Appu', genders: ['male'], age_min: 10, age_max: 40, languages: ['Malayalam'], paid: false }],
  });
  expect(posted.statusCode, posted.body).toBe(201);
  return posted.json().data as { id: number; roles: { id: number }[] };
}

async function applyAndDecide(applicant: Shopper, to: 'selected' | 'shortlisted') {
  const house = await member('house');
  await saveProfile(house);
  const call = await postCall(house);
  const applied = await send('POST', `/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`, applicant, {
    note: 'I speak Malayalam.',
  });
  expect(applied.statusCode, applied.body).toBe(201);
  const moved = await send('POST', `/applications/${applied.json().data.id}/transition`, house, { to });
  expect(moved.statusCode, moved.body).toBe(200);
  // A decision is told once its 10 s to undo have passed.
  await app.tellDueDecisions(new Date(Date.now() + 11_000));
  return house;
}

describe('an account made on a Hindi page', () => {
  it('reads Hindi from its first mail, the link that confirms its email', async () => {
    const email = `hindi-${Date.now()}@example.in`;
    const made = await send('POST', '/register', undefined, {
      name: 'Shreya Verma',
      email,
      password: 'Matinee-Show-42',
      language: 'hi',
    });
    expect(made.statusCode, made.body).toBe(201);
    const [mail] = await mailTo(email);
    expect(mail?.subject).toBe('CineVerse के लिए अपने ईमेल की पुष्टि करें');
    const token = (made.json() as { token: string }).token;
    const profile = await app.inject({
      method: 'GET',
      url: `${USER_API}/profile`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.json()).toMatchObject({ data: { language: 'hi' } });
  });
});

describe('a member who reads Hindi', () => {
  it('gets the decision on their application by mail in Hindi, and reads it in Hindi in their notifications', async () => {
    const actor = await member('adult');
    await readsIn(actor, 'hi');
    await saveProfile(actor);
    const house = await applyAndDecide(actor, 'selected');

    const [mail] = (await mailTo(await emailOf(actor))).filter((item) => item.text.includes('Monsoon Letters'));
    expect(mail?.subject).toBe('आपका चयन हो गया है');
    expect(mail?.text).toMatch(/^नमस्ते Member \d+,\n\nआपका चयन हो गया है।\nMonsoon Letters में Appu की भूमिका: बधाई हो!/);
    expect(mail?.text).toContain('CineVerse टीम');
    const told = await centre(actor);
    expect(told.map((item) => [item.title, item.body])).toContainEqual([
      'आपका चयन हो गया है',
      'Monsoon Letters में Appu की भूमिका: बधाई हो!',
    ]);
    // The poster reads English: the same event tells them in theirs.
    expect((await centre(house)).map((item) => item.title)).toContain('New applicants for your casting call');
  });

  it('gets the sign-in link of a login from a new device in Hindi', async () => {
    count += 1;
    const email = `hindi-reader-${count}@example.in`;
    const password = 'Hindi-Reader-Pass1';
    const registered = await send(
      'POST',
      '/register',
      undefined,
      { name: 'Priya Sharma', email, password },
      '10.41.0.1',
    );
    expect(registered.statusCode, registered.body).toBe(201);
    await app.db.update(users).set({ language: 'hi' }).where(eq(users.email, email));
    await Promise.all(
      Array.from({ length: 11 }, (_, index) =>
        send('POST', '/login', undefined, { email, password: `not-the-password-${index}` }, `10.42.${index}.1`),
      ),
    );
    expect((await send('POST', '/login', undefined, { email, password }, '10.43.0.1')).statusCode).toBe(202);

    const [mail] = smtp.received
      .filter((item) => item.to.includes(email))
      .map(readable)
      .filter((item) => item.text.includes('/login?link='));
    expect(mail?.subject).toBe('आपका CineVerse साइन-इन लिंक');
    expect(mail?.text).toContain('नमस्ते Priya Sharma,');
    expect(mail?.text).toContain('यह लॉगिन 10.43.0.1 से आया है');
    expect(mail?.text).toMatch(/\nhttps:\/\/\S+\/login\?link=\S+\n/);
    expect(mail?.text).toContain('यह लिंक 15 मिनट के अंदर सिर्फ़ एक बार काम करेगा');
  });
});

describe('a minor who reads Hindi', () => {
  it('is told in Hindi in their own centre, while their English-reading guardian is mailed in English', async () => {
    const guardian = await createShopper(app, 'Latha Menon');
    const guardianEmail = await emailOf(guardian);
    const minor = await member('minor', guardianEmail);
    await readsIn(minor, 'hi');
    await saveProfile(minor);

    const [consent] = (await mailTo(guardianEmail)).filter((item) => item.text.includes('/guardian#'));
    expect(consent?.subject).toBe(`Please confirm ${minor.name}’s CineVerse profile`);
    await confirmGuardian(app, guardianEmail);
    await applyAndDecide(minor, 'shortlisted');

    const [mail] = (await mailTo(guardianEmail)).filter((item) => item.text.includes('Monsoon Letters'));
    expect(mail?.subject).toBe(`${minor.name}: You are shortlisted`);
    expect(mail?.text).toMatch(
      new RegExp(
        `^Hello Latha Menon,\n\nFor ${minor.name}, whose guardian you are: You are shortlisted.\nAppu in Monsoon Letters`,
      ),
    );
    expect((await mailTo(await emailOf(minor))).filter((item) => item.text.includes('Monsoon Letters'))).toEqual([]);
    expect((await centre(minor)).map((item) => item.title)).toContain('आपको शॉर्टलिस्ट किया गया है');
  });

  it('has a guardian with no account asked for consent in the minor’s language', async () => {
    count += 1;
    const guardianEmail = `no-account-guardian-${count}@example.in`;
    const minor = await member('minor', guardianEmail);
    await readsIn(minor, 'hi');
    await saveProfile(minor);
    const [mail] = await app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, guardianEmail), like(mailOutbox.text, '%/guardian#%')));
    expect(mail?.subject).toBe(`कृपया CineVerse पर ${minor.name} की प्रोफ़ाइल की पुष्टि करें`);
    expect(mail?.text).toContain('नमस्ते Latha Menon,');
  });
});
