import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castingApplications, notifications, profilePhotos, profiles, users } from '../../server/src/db/schema.js';
import { type ReceivedMail, type SmtpSink, mailText, startSmtpSink } from '../support/smtp-sink.js';
import { createShopper, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const USER = '/backend/api/api/user/v1';

/** Callback slots end to end: the API, the mail through a real SMTP server, and its calendar files parsed by ical.js. */
let smtp: SmtpSink;
let testApp: TestApp;
let handles = 0;

beforeAll(async () => {
  smtp = await startSmtpSink();
  testApp = await createTestApp({ seed: false, smtpUrl: smtp.url });
});
afterAll(async () => {
  await testApp.close();
  await smtp.close();
});

function send(method: string, url: string, who?: Shopper, body?: unknown) {
  return testApp.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(who?.headers ?? {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function member(kind: 'actor' | 'house', name: string): Promise<Shopper & { handle: string }> {
  const who = await createShopper(testApp.app, name);
  handles += 1;
  const handle = `${kind}-cb-${handles}`;
  const profile =
    kind === 'house'
      ? { kind: 'organisation', category: 'Production House', display_name: 'Red Kite Films', city: 'Mumbai' }
      : {
          kind: 'person',
          category: 'Artist',
          display_name: name,
          crafts: ['actor'],
          city: 'Pune',
          languages: [{ language: 'Marathi', level: 'native' }],
          playing_age_min: 22,
          playing_age_max: 30,
          gender: 'female',
          reels: ['https://www.youtube.com/watch?v=dQw4w9WgXcQ'],
        };
  const response = await send('PUT', `${USER}/me/profile`, who, { handle, ...profile });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await testApp.app.db.select().from(profiles).where(eq(profiles.handle, handle));
  if (kind === 'house') await testApp.app.db.update(profiles).set({ verified: true }).where(eq(profiles.id, row!.id));
  // A main photo (a row: uploads are tested elsewhere), which an application needs.
  else await testApp.app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${handle}.webp`, main: true });
  return { ...who, handle };
}

/** A published call of `house` with one role, and `actors` applied to it; returns the call and the applications. */
async function callWithApplicants(house: Shopper, actors: Shopper[]) {
  const posted = await send('POST', `${USER}/casting-calls`, house, {
    title: 'Monsoon Letters',
    project_type: 'feature',
    description: 'A Marathi feature about letters lost in a flood.',
    city: 'Pune',
    shoot_start: inDays(40),
    shoot_end: inDays(70),
    deadline: inDays(20),
    roles: [{ name: 'Sarita', genders: ['female'], age_min: 20, age_max: 30, languages: ['Marathi'], paid: false }],
  });
  expect(posted.statusCode, posted.body).toBe(201);
  const call = posted.json().data as { id: number; roles: { id: number }[] };
  const applications: number[] = [];
  for (const actor of actors) {
    const applied = await send(
      'POST',
      `${USER}/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`,
      actor,
      {
        note: 'I grew up in Kolhapur.',
      },
    );
    expect(applied.statusCode, applied.body).toBe(201);
    applications.push(applied.json().data.id as number);
  }
  return { callId: call.id, applications };
}

const shortlist = (house: Shopper, id: number) =>
  send('POST', `${USER}/applications/${id}/transition`, house, { to: 'shortlisted' });

const slot = (change: Record<string, unknown> = {}) => ({
  date: inDays(10),
  start: '11:00',
  minutes: 30,
  place: 'Red Kite Films, Andheri West, Mumbai',
  contact: 'Neha Joshi, 98200 00000',
  instructions: 'Bring the two pages of sides.',
  ...change,
});

/** The calendar files a mail carries, decoded from its MIME parts, with the method their part names. */
function calendars(mail: ReceivedMail): { method: string; text: string }[] {
  const found: { method: string; text: string }[] = [];
  for (const part of mail.raw.split(/\r?\n--/)) {
    const split = part.search(/\r?\n\r?\n/);
    if (split < 0) continue;
    const headers = part.slice(0, split).replace(/\r?\n[ \t]+/g, ' ');
    const type = /content-type:\s*text\/calendar[^\r\n]*/i.exec(headers);
    if (!type) continue;
    const method = /method=([A-Z]+)/i.exec(type[0])?.[1] ?? '';
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
    const body = part.slice(split).trim();
    const text =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(
              body
                .replace(/=\r?\n/g, '')
                .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
              'latin1',
            ).toString('utf8')
          : body;
    found.push({ method: method.toUpperCase(), text });
  }
  return found;
}

/** A calendar file read by ical.js: its method and events, times as the time zone it carries says. */
function parse(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return {
    method: calendar.getFirstPropertyValue('method'),
    zone: calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid'),
    events: calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return {
        uid: event.uid,
        sequence: event.sequence,
        start: event.startDate.toJSDate().toISOString(),
        zone: event.startDate.zone?.tzid,
        minutes: event.duration.toSeconds() / 60,
        status: component.getFirstPropertyValue('status'),
        location: event.location,
      };
    }),
  };
}

/** The mail to `address` whose subject is `subject`, once it arrived (the mail sender sends what was queued). */
async function mailTo(address: string, subject: string, after = 0): Promise<ReceivedMail> {
  await testApp.app.sendQueuedMail();
  const found = smtp.received.slice(after).filter((mail) => mail.to.includes(address) && mail.raw.includes(subject));
  expect(found, subject).toHaveLength(1);
  return found[0]!;
}

async function emailOf(who: Shopper) {
  const [account] = await testApp.app.db.select({ email: users.email }).from(users).where(eq(users.id, who.id));
  return account!.email!;
}

describe('callback slots', () => {
  it('are offered to the shortlist and picked by the actor, each mail carrying an invitation in India time', async () => {
    const house = await member('house', 'Farah House');
    const actor = await member('actor', 'Asha Patil');
    const other = await member('actor', 'Meera Kulkarni');
    const { callId, applications } = await callWithApplicants(house, [actor, other]);
    const [mine, theirs] = applications as [number, number];
    expect((await shortlist(house, mine)).statusCode).toBe(200);

    // The poster's slots: a place, or a video-call link; in the future; on their own call only.
    const slots = `${USER}/me/casting-calls/${callId}/callback-slots`;
    const noPlace = await send('POST', slots, house, slot({ place: '' }));
    expect([noPlace.statusCode, noPlace.json().field]).toEqual([400, 'place']);
    const past = await send('POST', slots, house, slot({ date: inDays(-2) }));
    expect([past.statusCode, past.json().field]).toEqual([400, 'date']);
    expect((await send('POST', slots, actor, slot())).statusCode).toBe(404);
    const atStudio = await send('POST', slots, house, slot());
    expect(atStudio.statusCode, atStudio.body).toBe(201);
    const studio = atStudio.json().data as { id: number; starts_at: string; map_link: string };
    expect(studio.starts_at).toBe(`${inDays(10)}T11:00:00+05:30`);
    expect(studio.map_link).toBe(
      'https://www.google.com/maps/search/?api=1&query=Red%20Kite%20Films%2C%20Andheri%20West%2C%20Mumbai',
    );
    const onVideo = await send(
      'POST',
      slots,
      house,
      slot({ start: '15:30', place: '', video_link: 'https://meet.google.com/abc-defg-hij' }),
    );
    expect(onVideo.statusCode, onVideo.body).toBe(201);
    const video = onVideo.json().data as { id: number };

    // Offered to the shortlist only.
    const offers = `${USER}/me/casting-calls/${callId}/callback-offers`;
    const notShortlisted = await send('POST', offers, house, { application_ids: [theirs], slot_ids: [studio.id] });
    expect([notShortlisted.statusCode, notShortlisted.json().field]).toEqual([409, 'application_ids']);
    expect(
      (await send('POST', offers, actor, { application_ids: [mine], slot_ids: [studio.id, video.id] })).statusCode,
    ).toBe(404);
    expect((await shortlist(house, theirs)).statusCode).toBe(200);
    const offered = await send('POST', offers, house, {
      application_ids: [mine, theirs],
      slot_ids: [studio.id, video.id],
    });
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json().data).toEqual({ offered: 4 });
    const [moved] = await testApp.app.db.select().from(castingApplications).where(eq(castingApplications.id, mine));
    expect(moved!.status).toBe('callback');

    // The offer's mail: both slots in India time, the map link, and a calendar of two tentative events.
    const address = await emailOf(actor);
    const offerMail = await mailTo(address, 'Subject: Pick a time for your callback');
    const offerText = mailText(offerMail);
    expect(offerText).toContain('(India time), 30 minutes');
    expect(offerText).toContain(studio.map_link);
    expect(offerText).toContain('Video call: https://meet.google.com/abc-defg-hij');
    expect(offerText).toContain('Contact: Neha Joshi, 98200 00000');
    const [offerCalendar] = calendars(offerMail);
    expect(offerCalendar!.method).toBe('PUBLISH');
    const offer = parse(offerCalendar!.text);
    expect(offer.method).toBe('PUBLISH');
    expect(offer.zone).toBe('Asia/Kolkata');
    const studioUid = `callback-${mine}-${studio.id}@cineverse.in`;
    expect(offer.events).toEqual([
      {
        uid: studioUid,
        sequence: 0,
        start: new Date(`${inDays(10)}T05:30:00Z`).toISOString(),
        zone: 'Asia/Kolkata',
        minutes: 30,
        status: 'TENTATIVE',
        location: 'Red Kite Films, Andheri West, Mumbai',
      },
      expect.objectContaining({
        uid: `callback-${mine}-${video.id}@cineverse.in`,
        start: new Date(`${inDays(10)}T10:00:00Z`).toISOString(),
        status: 'TENTATIVE',
        location: 'https://meet.google.com/abc-defg-hij',
      }),
    ]);

    // The actor sees the slots offered, and picks one; nobody else may.
    const listed = await send('GET', `${USER}/me/callbacks`, actor);
    expect(listed.json().data).toEqual([
      expect.objectContaining({
        application_id: mine,
        chosen_slot_id: null,
        slots: [expect.objectContaining({ id: studio.id, taken: false }), expect.objectContaining({ id: video.id })],
      }),
    ]);
    const pick = (who: Shopper, id: number, slotId: number) =>
      send('POST', `${USER}/applications/${id}/callback-slot`, who, { slot_id: slotId });
    expect((await pick(house, mine, studio.id)).statusCode).toBe(404);
    const before = smtp.received.length;
    const picked = await pick(actor, mine, studio.id);
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data.chosen_slot_id).toBe(studio.id);

    // The confirmation: the same event, confirmed, with a higher SEQUENCE; the other slot withdrawn.
    const confirmed = await mailTo(address, 'Subject: Your callback is confirmed', before);
    const [request, cancel] = calendars(confirmed);
    expect(request!.method).toBe('REQUEST');
    const requested = parse(request!.text);
    expect(requested.method).toBe('REQUEST');
    expect(requested.events).toEqual([
      expect.objectContaining({ uid: studioUid, sequence: 1, status: 'CONFIRMED', zone: 'Asia/Kolkata' }),
    ]);
    expect(request!.text).toMatch(/ATTENDEE;CN="Asha Patil";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED:mailto:/);
    const withdrawn = parse(cancel!.text);
    expect(withdrawn.method).toBe('CANCEL');
    expect(withdrawn.events).toEqual([
      expect.objectContaining({ uid: `callback-${mine}-${video.id}@cineverse.in`, sequence: 1, status: 'CANCELLED' }),
    ]);

    // The poster's day: who confirmed which slot; the application shows the callback accepted.
    const schedule = (await send('GET', slots, house)).json().data;
    expect(
      schedule.slots.map((item: { id: number; confirmed: { name: string } | null }) => [item.id, item.confirmed?.name]),
    ).toEqual([
      [studio.id, 'Asha Patil'],
      [video.id, undefined],
    ]);
    const [answered] = await testApp.app.db.select().from(castingApplications).where(eq(castingApplications.id, mine));
    expect([answered!.callbackAnswer, answered!.callbackPlace]).toEqual([
      'accepted',
      'Red Kite Films, Andheri West, Mumbai',
    ]);
    const posterCentre = await send('GET', `${USER}/notifications`, house);
    expect(posterCentre.json().data[0]).toMatchObject({ title: 'A callback is confirmed' });

    // A slot holds one actor: the other applicant offered it is told it was taken, its tentative entry withdrawn,
    // and cannot pick it.
    const takenMail = await mailTo(await emailOf(other), 'Subject: A callback time was taken', before);
    const takenCalendar = parse(calendars(takenMail)[0]!.text);
    expect(takenCalendar.method).toBe('CANCEL');
    expect(takenCalendar.events).toEqual([
      expect.objectContaining({ uid: `callback-${theirs}-${studio.id}@cineverse.in`, sequence: 1 }),
    ]);
    expect((await send('GET', `${USER}/me/callbacks`, other)).json().data[0].slots).toEqual([
      expect.objectContaining({ id: studio.id, taken: true }),
      expect.objectContaining({ id: video.id, taken: false }),
    ]);
    const taken = await pick(other, theirs, studio.id);
    expect([taken.statusCode, taken.json().field]).toEqual([409, 'slot_id']);
    expect(taken.json().message).toBe('Another applicant has taken this slot: pick another');
  });

  it('mails a change with a higher SEQUENCE and a cancellation as METHOD:CANCEL, on the same UID', async () => {
    const house = await member('house', 'Farah House');
    const actor = await member('actor', 'Ritu Deshmukh');
    const { callId, applications } = await callWithApplicants(house, [actor]);
    const [mine] = applications as [number];
    expect((await shortlist(house, mine)).statusCode).toBe(200);
    const created = await send('POST', `${USER}/me/casting-calls/${callId}/callback-slots`, house, slot());
    const slotId = created.json().data.id as number;
    await send('POST', `${USER}/me/casting-calls/${callId}/callback-offers`, house, {
      application_ids: [mine],
      slot_ids: [slotId],
    });
    expect(
      (await send('POST', `${USER}/applications/${mine}/callback-slot`, actor, { slot_id: slotId })).statusCode,
    ).toBe(200);
    const address = await emailOf(actor);
    const uid = `callback-${mine}-${slotId}@cineverse.in`;

    const before = smtp.received.length;
    expect((await send('PUT', `${USER}/callback-slots/${slotId}`, actor, slot({ start: '16:00' }))).statusCode).toBe(
      404,
    );
    const changed = await send('PUT', `${USER}/callback-slots/${slotId}`, house, slot({ start: '16:00' }));
    expect(changed.statusCode, changed.body).toBe(200);
    const changeMail = await mailTo(address, 'Subject: Your callback has changed', before);
    const change = parse(calendars(changeMail)[0]!.text);
    expect(change.method).toBe('REQUEST');
    expect(change.events).toEqual([
      expect.objectContaining({
        uid,
        sequence: 2,
        status: 'CONFIRMED',
        start: new Date(`${inDays(10)}T10:30:00Z`).toISOString(),
      }),
    ]);

    const cancelled = await send('DELETE', `${USER}/callback-slots/${slotId}`, house);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.cancelled).toBe(true);
    const cancelMail = await mailTo(address, 'Subject: Your callback is cancelled', before);
    const [file] = calendars(cancelMail);
    expect(file!.method).toBe('CANCEL');
    const cancel = parse(file!.text);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events).toEqual([expect.objectContaining({ uid, sequence: 3, status: 'CANCELLED' })]);
    const [row] = await testApp.app.db.select().from(castingApplications).where(eq(castingApplications.id, mine));
    expect([row!.callbackAt, row!.callbackAnswer]).toEqual([null, null]);
    expect((await send('GET', `${USER}/me/callbacks`, actor)).json().data).toEqual([]);
  });

  it('reminds the actor the day before, once, with the map link; and tells the poster of a request for another time', async () => {
    const house = await member('house', 'Farah House');
    const actor = await member('actor', 'Kavya Rao');
    const { callId, applications } = await callWithApplicants(house, [actor]);
    const [mine] = applications as [number];
    expect((await shortlist(house, mine)).statusCode).toBe(200);
    const created = await send(
      'POST',
      `${USER}/me/casting-calls/${callId}/callback-slots`,
      house,
      slot({ date: inDays(12) }),
    );
    const slotId = created.json().data.id as number;
    await send('POST', `${USER}/me/casting-calls/${callId}/callback-offers`, house, {
      application_ids: [mine],
      slot_ids: [slotId],
    });

    const asked = await send('POST', `${USER}/applications/${mine}/callback-request`, actor, {
      note: 'I am shooting in Nashik that week; any day after the 20th suits me.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().data.asked_another_time).toContain('Nashik');
    const centre = await send('GET', `${USER}/notifications`, house);
    expect(centre.json().data[0]).toMatchObject({
      title: 'An applicant asks for another callback time',
      link: `/me/casting-calls/${callId}/callbacks`,
    });
    const schedule = (await send('GET', `${USER}/me/casting-calls/${callId}/callback-slots`, house)).json().data;
    expect(schedule.requests).toEqual([expect.objectContaining({ application_id: mine, name: 'Kavya Rao' })]);

    await send('POST', `${USER}/applications/${mine}/callback-slot`, actor, { slot_id: slotId });
    // Its own day: the other tests' callbacks are two days before it.
    const start = new Date(`${inDays(12)}T11:00:00+05:30`).getTime();
    const remind = (now: Date) =>
      testApp.app.db.transaction((tx) => testApp.app.callbackRepository.remindCallbacks(tx, now));
    expect(await remind(new Date(start - 5 * 86_400_000))).toBe(0);
    expect(await remind(new Date(start - 20 * 3_600_000))).toBe(1);
    expect(await remind(new Date(start - 19 * 3_600_000))).toBe(0);
    const reminder = await mailTo(await emailOf(actor), 'Subject: Your callback is tomorrow');
    expect(mailText(reminder)).toContain('https://www.google.com/maps/search/?api=1&query=Red%20Kite%20Films');
    const [line] = await testApp.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.title, 'Your callback is tomorrow'));
    expect(line!.body).toContain('(India time)');

    // The member's data holds the slots offered to them and what they answered.
    const exported = (await testApp.app.memberData.exportAll(actor.id)) as {
      callback_offers: { application_id: number; confirmed_at: string | null; slot: { place: string } }[];
      callback_requests: { application_id: number; note: string }[];
    };
    expect(exported.callback_offers).toEqual([
      expect.objectContaining({
        application_id: mine,
        confirmed_at: expect.anything(),
        slot: expect.objectContaining({ place: 'Red Kite Films, Andheri West, Mumbai' }),
      }),
    ]);
    expect(exported.callback_requests).toEqual([]);
  });

  it('frees a withdrawn applicant’s slot: their calendar drops it, the schedule stops naming them, and who waits is told', async () => {
    const house = await member('house', 'Farah House');
    const leaver = await member('actor', 'Isha Naik');
    const loser = await member('actor', 'Gauri Pawar');
    const asker = await member('actor', 'Rhea Sawant');
    const { callId, applications } = await callWithApplicants(house, [leaver, loser, asker]);
    const [left, lost, asked] = applications as [number, number, number];
    for (const id of applications) expect((await shortlist(house, id)).statusCode).toBe(200);
    const slots = `${USER}/me/casting-calls/${callId}/callback-slots`;
    const first = (await send('POST', slots, house, slot({ date: inDays(14) }))).json().data.id as number;
    const second = (await send('POST', slots, house, slot({ date: inDays(14), start: '12:00' }))).json().data
      .id as number;
    const offers = `${USER}/me/casting-calls/${callId}/callback-offers`;
    await send('POST', offers, house, { application_ids: [left, lost], slot_ids: [first] });
    await send('POST', offers, house, { application_ids: [asked], slot_ids: [second] });
    const pick = (who: Shopper, id: number, slotId: number) =>
      send('POST', `${USER}/applications/${id}/callback-slot`, who, { slot_id: slotId });
    expect((await pick(leaver, left, first)).statusCode).toBe(200);
    const raced = await pick(loser, lost, first);
    expect([raced.statusCode, raced.json().field]).toEqual([409, 'slot_id']);
    const note = { note: 'Any morning after the 20th, please.' };
    expect((await send('POST', `${USER}/applications/${asked}/callback-request`, asker, note)).statusCode).toBe(200);

    const before = smtp.received.length;
    const withdrawn = await send('POST', `${USER}/applications/${left}/withdraw`, leaver);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);

    // The one who left: the confirmed entry cancelled on its UID, one SEQUENCE up.
    const gone = await mailTo(await emailOf(leaver), 'Subject: Your callback is off the calendar', before);
    const [file] = calendars(gone);
    expect(file!.method).toBe('CANCEL');
    const cancel = parse(file!.text);
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events).toEqual([
      expect.objectContaining({ uid: `callback-${left}-${first}@cineverse.in`, sequence: 2, status: 'CANCELLED' }),
    ]);

    // The poster's schedule: the slot is free and names nobody who left.
    const schedule = (await send('GET', slots, house)).json().data as {
      slots: { id: number; confirmed: unknown; offered: { application_id: number }[] }[];
    };
    const freed = schedule.slots.find((item) => item.id === first)!;
    expect(freed.confirmed).toBeNull();
    expect(freed.offered.map((item) => item.application_id).sort()).toEqual([lost, asked].sort());

    // The one whose pick lost the race, and the one who asked for another time, hear it is free, as a time to pick.
    for (const [who, id] of [
      [loser, lost],
      [asker, asked],
    ] as const) {
      const told = await mailTo(await emailOf(who), 'Subject: A callback time is free again', before);
      expect(mailText(told)).toContain('(India time)');
      const again = parse(calendars(told)[0]!.text);
      expect(again.method).toBe('PUBLISH');
      expect(again.events).toEqual([
        expect.objectContaining({ uid: `callback-${id}-${first}@cineverse.in`, status: 'TENTATIVE' }),
      ]);
    }
    expect(smtp.received.slice(before).filter((mail) => mail.raw.includes('free again'))).toHaveLength(2);
    expect((await send('GET', `${USER}/me/callbacks`, loser)).json().data[0].slots).toEqual([
      expect.objectContaining({ id: first, taken: false }),
    ]);
    expect((await pick(loser, lost, first)).statusCode).toBe(200);
  });

  it('frees the slot of an applicant told "not selected", and of an account deleted', async () => {
    const house = await member('house', 'Farah House');
    const dropped = await member('actor', 'Nisha Kale');
    const deleted = await member('actor', 'Tara Joshi');
    const { callId, applications } = await callWithApplicants(house, [dropped, deleted]);
    const [no, gone] = applications as [number, number];
    for (const id of applications) expect((await shortlist(house, id)).statusCode).toBe(200);
    const slots = `${USER}/me/casting-calls/${callId}/callback-slots`;
    const one = (await send('POST', slots, house, slot({ date: inDays(15) }))).json().data.id as number;
    const two = (await send('POST', slots, house, slot({ date: inDays(15), start: '12:00' }))).json().data.id as number;
    await send('POST', `${USER}/me/casting-calls/${callId}/callback-offers`, house, {
      application_ids: [no, gone],
      slot_ids: [one, two],
    });
    const pick = (who: Shopper, id: number, slotId: number) =>
      send('POST', `${USER}/applications/${id}/callback-slot`, who, { slot_id: slotId });
    expect((await pick(dropped, no, one)).statusCode).toBe(200);
    expect((await pick(deleted, gone, two)).statusCode).toBe(200);
    const confirmedNames = async () =>
      ((await send('GET', slots, house)).json().data.slots as { confirmed: { name: string } | null }[]).map(
        (item) => item.confirmed?.name ?? null,
      );
    expect(await confirmedNames()).toEqual(['Nisha Kale', 'Tara Joshi']);

    // "Not selected" is told once its time to undo has passed; then the time is given up.
    const before = smtp.received.length;
    const moved = await send('POST', `${USER}/applications/${no}/transition`, house, { to: 'not_selected' });
    expect(moved.statusCode, moved.body).toBe(200);
    await testApp.app.db.transaction((tx) =>
      testApp.app.applicationRepository.tellDecisions(tx, new Date(Date.now() + 60_000)),
    );
    const off = await mailTo(await emailOf(dropped), 'Subject: Your callback is off the calendar', before);
    const cancel = parse(calendars(off).find((file) => file.method === 'CANCEL')!.text);
    expect(cancel.events.map((event) => [event.uid, event.status])).toEqual([
      [`callback-${no}-${one}@cineverse.in`, 'CANCELLED'],
      [`callback-${no}-${two}@cineverse.in`, 'CANCELLED'],
    ]);
    expect(await confirmedNames()).toEqual([null, 'Tara Joshi']);

    await testApp.app.memberData.deleteAccount(deleted.id);
    expect(await confirmedNames()).toEqual([null, null]);
  });
});
