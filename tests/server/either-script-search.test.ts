import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { castingCalls, profilePhotos, profiles } from '../../server/src/db/schema.js';
import { createShopper, type Shopper } from './shop-helpers.js';
import { createTestApp, type TestApp } from './test-app.js';

const USER = '/backend/api/api/user/v1';
const PUBLIC = '/backend/api/api/v1';

let testApp: TestApp;
let app: FastifyInstance;

/** Members written in Hindi, in English, and in both; each handle names who they are. */
const members = [
  { handle: 'priya-latin', display_name: 'Priya Sharma', city: 'Mumbai' },
  { handle: 'priya-hindi', display_name: 'प्रिया शर्मा', city: 'मुंबई' },
  { handle: 'shreya-latin', display_name: 'Shreya Chaudhary', city: 'Calcutta' },
  { handle: 'kshitij-hindi', display_name: 'क्षितिज चौधरी', city: 'बेंगलुरु' },
  { handle: 'jnanesh-hindi', display_name: 'ज्ञानेश अय्यर', city: 'Madras' },
  // ज़ and ख़ as a Hindi keyboard types them: the letter, then the nukta sign.
  { handle: 'zoya-hindi', display_name: 'ज\u093Cोया ख\u093Cान', city: 'कोलकाता' },
  { handle: 'aishwarya-hindi', display_name: 'ऐश्वर्या राजकुमार', city: 'दिल्ली' },
  // Verified and the last to be saved: first in the list's own order, but only partly the name searched below.
  { handle: 'priya-kapoor', display_name: 'Priya Sharma Kapoor', city: 'Bombay', verified: true },
];

async function member(profile: (typeof members)[number]): Promise<Shopper> {
  const who = await createShopper(app, profile.display_name);
  const response = await app.inject({
    method: 'PUT',
    url: `${USER}/me/profile`,
    headers: who.headers,
    payload: {
      kind: 'person',
      category: 'Artist',
      crafts: ['actor'],
      handle: profile.handle,
      display_name: profile.display_name,
      city: profile.city,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  if (profile.verified)
    await app.db.update(profiles).set({ verified: true }).where(eq(profiles.handle, profile.handle));
  return who;
}

let house: Shopper;
/** The members above, signed in, by handle. */
const signedIn = new Map<string, Shopper>();

beforeAll(async () => {
  // Seeded: the directory's categories come with the demo content.
  testApp = await createTestApp();
  app = testApp.app;
  for (const profile of members) signedIn.set(profile.handle, await member(profile));
  house = await createShopper(app, 'Casting house');
  const response = await app.inject({
    method: 'PUT',
    url: `${USER}/me/profile`,
    headers: house.headers,
    payload: {
      kind: 'organisation',
      category: 'Production House',
      handle: 'either-script-films',
      display_name: 'Either Script Films',
      city: 'Pune',
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  await app.db.update(profiles).set({ verified: true }).where(eq(profiles.handle, 'either-script-films'));
});
afterAll(() => testApp.close());

/** Handles found by the network's index (`/profiles`), in its order. */
async function found(query: Record<string, string>): Promise<string[]> {
  const params = new URLSearchParams({ ...query, per_page: '48', category: 'Artist' });
  const response = await app.inject({ url: `${PUBLIC}/profiles?${params}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as { handle: string }[]).map((card) => card.handle);
}

/** Handles found in a category's directory (`/categories/Artist/entries`), in its order. */
async function listed(query: Record<string, string>): Promise<string[]> {
  const params = new URLSearchParams({ ...query, pageSize: '48' });
  const response = await app.inject({ url: `${PUBLIC}/categories/Artist/entries?${params}` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().entries as { handle: string }[]).map((entry) => entry.handle);
}

const ours = (handles: string[]) => handles.filter((handle) => members.some((one) => one.handle === handle));

describe.each([
  ['the network’s index', found],
  ['a category’s directory', listed],
])('%s finds names in either script', (_, search) => {
  it('finds a name written in Devanagari by its Latin spelling, and the reverse', async () => {
    expect(ours(await search({ search: 'Priya Sharma' }))).toEqual(
      expect.arrayContaining(['priya-latin', 'priya-hindi', 'priya-kapoor']),
    );
    expect(ours(await search({ search: 'प्रिया शर्मा' }))).toEqual(
      expect.arrayContaining(['priya-latin', 'priya-hindi', 'priya-kapoor']),
    );
    expect(ours(await search({ search: 'श्रेया चौधरी' }))).toEqual(['shreya-latin']);
    expect(ours(await search({ search: 'chaudhary' })).sort()).toEqual(['kshitij-hindi', 'shreya-latin']);
    expect(ours(await search({ search: 'Aishwarya Rajkummar' }))).toEqual(['aishwarya-hindi']);
  });

  it('finds the start of a word in either script, and a search mixing them', async () => {
    expect(ours(await search({ search: 'shar' })).sort()).toEqual(['priya-hindi', 'priya-kapoor', 'priya-latin']);
    expect(ours(await search({ search: 'प्रि' })).sort()).toEqual(['priya-hindi', 'priya-kapoor', 'priya-latin']);
    expect(ours(await search({ search: 'Priya शर्मा' })).sort()).toEqual(['priya-hindi', 'priya-kapoor', 'priya-latin']);
    expect(ours(await search({ search: 'प्रिया Sharma' })).sort()).toEqual([
      'priya-hindi',
      'priya-kapoor',
      'priya-latin',
    ]);
  });

  it('reads conjuncts and nuktas: क्ष, ज्ञ, ज़, ख़', async () => {
    expect(ours(await search({ search: 'Kshitij' }))).toEqual(['kshitij-hindi']);
    expect(ours(await search({ search: 'Jnanesh' }))).toEqual(['jnanesh-hindi']);
    expect(ours(await search({ search: 'Gyanesh Iyer' }))).toEqual(['jnanesh-hindi']);
    expect(ours(await search({ search: 'Zoya Khan' }))).toEqual(['zoya-hindi']);
    // Typed without the nukta, as many do.
    expect(ours(await search({ search: 'जोया' }))).toEqual(['zoya-hindi']);
  });

  it('puts a name that is the search first, in either script', async () => {
    for (const query of ['Priya Sharma', 'प्रिया शर्मा', 'priya  SHARMA']) {
      const handles = ours(await search({ search: query }));
      expect(handles.slice(0, 2).sort(), query).toEqual(['priya-hindi', 'priya-latin']);
      expect(handles[2], query).toBe('priya-kapoor');
    }
  });

  it('finds a city by any of its names, in either script', async () => {
    for (const city of ['Mumbai', 'mumbai', 'Bombay', 'मुंबई', 'मुम्बई', 'बम्बई']) {
      expect(ours(await search({ city })).sort(), city).toEqual(['priya-hindi', 'priya-kapoor', 'priya-latin']);
    }
    for (const city of ['Kolkata', 'Calcutta', 'कोलकाता']) {
      expect(ours(await search({ city })).sort(), city).toEqual(['shreya-latin', 'zoya-hindi']);
    }
    for (const city of ['Bengaluru', 'Bangalore', 'बेंगलुरु']) {
      expect(ours(await search({ city })), city).toEqual(['kshitij-hindi']);
    }
    for (const city of ['Chennai', 'Madras', 'चेन्नई']) {
      expect(ours(await search({ city })), city).toEqual(['jnanesh-hindi']);
    }
    for (const city of ['Delhi', 'New Delhi', 'दिल्ली']) {
      expect(ours(await search({ city })), city).toEqual(['aishwarya-hindi']);
    }
    expect(ours(await search({ city: 'Bombay', search: 'प्रिया' })).sort()).toEqual([
      'priya-hindi',
      'priya-kapoor',
      'priya-latin',
    ]);
    expect(await search({ city: 'Nowhere' })).toEqual([]);
  });

  it('still treats % and _ as plain characters', async () => {
    expect(await search({ search: '%' })).toEqual([]);
    expect(await search({ search: '_' })).toEqual([]);
  });
});

describe('auditions', () => {
  const post = async (city: string) => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const response = await app.inject({
      method: 'POST',
      url: `${USER}/casting-calls`,
      headers: house.headers,
      payload: {
        title: `A feature shot in ${city}`,
        project_type: 'feature',
        description: 'A family drama.',
        city,
        deadline: inDays(20),
        roles: [{ name: 'Meera', genders: ['female'], age_min: 20, age_max: 30, languages: ['Hindi'], paid: false }],
      },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json().data as { id: number }).id;
  };
  const calls = async (city: string) => {
    const response = await app.inject({
      url: `${PUBLIC}/casting-calls?${new URLSearchParams({ city, per_page: '48' })}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().data as { id: number }[]).map((call) => call.id);
  };

  it('finds calls by their city in either script, and by its other names', async () => {
    const hindi = await post('मुंबई');
    const old = await post('Bombay');
    const latin = await post('Mumbai');
    const madras = await post('Madras');
    for (const city of ['Mumbai', 'मुंबई', 'Bombay', 'bombay']) {
      const ids = await calls(city);
      expect(ids, city).toEqual(expect.arrayContaining([hindi, old, latin]));
      expect(ids, city).not.toContain(madras);
    }
    for (const city of ['Chennai', 'चेन्नई']) expect(await calls(city), city).toContain(madras);
  });
});

describe("a poster's applicant list", () => {
  it('filters applicants by a city in either script, and by its other names', async () => {
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const posted = await app.inject({
      method: 'POST',
      url: `${USER}/casting-calls`,
      headers: house.headers,
      payload: {
        title: 'A web series shot in Mumbai',
        project_type: 'web_series',
        description: 'A courtroom drama.',
        city: 'Mumbai',
        deadline: inDays(20),
        roles: [{ name: 'Advocate', genders: [], age_min: 18, age_max: 60, languages: [], paid: false }],
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const call = posted.json().data as { id: number; roles: { id: number }[] };
    for (const handle of ['priya-latin', 'priya-hindi', 'priya-kapoor', 'shreya-latin']) {
      // A main photo, which an application needs (a row: uploads are covered by profiles.test.ts).
      const [row] = await app.db.select().from(profiles).where(eq(profiles.handle, handle));
      await app.db.insert(profilePhotos).values({ profileId: row!.id, name: `${handle}.webp`, main: true });
      const applied = await app.inject({
        method: 'POST',
        url: `${USER}/casting-calls/${call.id}/roles/${call.roles[0]!.id}/applications`,
        headers: signedIn.get(handle)!.headers,
        payload: { note: 'I can be on set any day.' },
      });
      expect(applied.statusCode, applied.body).toBe(201);
    }
    const applicants = async (city: string) => {
      const response = await app.inject({
        url: `${USER}/casting-calls/${call.id}/applications?${new URLSearchParams({ city })}`,
        headers: house.headers,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { applicant: { handle: string } }[]).map((item) => item.applicant.handle).sort();
    };
    for (const city of ['Mumbai', 'mumbai', 'Bombay', 'मुंबई', 'बम्बई']) {
      expect(await applicants(city), city).toEqual(['priya-hindi', 'priya-kapoor', 'priya-latin']);
    }
    for (const city of ['Kolkata', 'Calcutta', 'कोलकाता']) {
      expect(await applicants(city), city).toEqual(['shreya-latin']);
    }
  });
});

describe('search keys', () => {
  it('are written for rows that have none when the database is migrated', async () => {
    // As a database made before the keys existed: the rows have none.
    await app.db.update(profiles).set({ nameKey: null, cityKey: null }).where(eq(profiles.handle, 'priya-hindi'));
    expect(await found({ search: 'Priya' })).not.toContain('priya-hindi');
    await testApp.database.migrate();
    expect(await found({ search: 'Priya' })).toContain('priya-hindi');
    expect(await found({ city: 'Bombay' })).toContain('priya-hindi');
  });

  it('are made again by the upkeep for rows a process of an earlier release wrote, and found in both scripts', async () => {
    const writer = await createShopper(app, 'Anita Desai');
    const saved = await app.inject({
      method: 'PUT',
      url: `${USER}/me/profile`,
      headers: writer.headers,
      payload: {
        kind: 'person',
        category: 'Artist',
        crafts: ['actor'],
        handle: 'rolling-deploy',
        display_name: 'Anita Desai',
        city: 'Pune',
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // An earlier release renames her in Hindi and moves her, writing neither key.
    await app.db
      .update(profiles)
      .set({ displayName: 'सुनीता देसाई', city: 'बम्बई' })
      .where(eq(profiles.handle, 'rolling-deploy'));
    // It saves another profile with keys made by its older rules (here: wrong ones), the name as it was.
    await app.db.update(profiles).set({ nameKey: ' zzz', cityKey: 'zzz' }).where(eq(profiles.handle, 'priya-latin'));
    // And it moves a call to another city without its key.
    const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
    const posted = await app.inject({
      method: 'POST',
      url: `${USER}/casting-calls`,
      headers: house.headers,
      payload: {
        title: 'A call moved by an earlier release',
        project_type: 'feature',
        description: 'A family drama.',
        city: 'Pune',
        deadline: inDays(20),
        roles: [{ name: 'Meera', genders: ['female'], age_min: 20, age_max: 30, languages: ['Hindi'], paid: false }],
      },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const call = posted.json().data as { id: number };
    await app.db.update(castingCalls).set({ city: 'बम्बई' }).where(eq(castingCalls.id, call.id));
    const calls = async (city: string) => {
      const response = await app.inject({
        url: `${PUBLIC}/casting-calls?${new URLSearchParams({ city, per_page: '48' })}`,
      });
      return (response.json().data as { id: number }[]).map((item) => item.id);
    };
    expect(await found({ search: 'Sunita' })).not.toContain('rolling-deploy');
    expect(await found({ search: 'प्रिया शर्मा' })).not.toContain('priya-latin');
    expect(await calls('Mumbai')).not.toContain(call.id);

    await app.runUpkeep();

    for (const search of ['Sunita Desai', 'सुनीता']) expect(await found({ search }), search).toContain('rolling-deploy');
    for (const city of ['Mumbai', 'Bombay', 'मुंबई']) {
      expect(await found({ city }), city).toContain('rolling-deploy');
      expect(await calls(city), city).toContain(call.id);
    }
    expect(await found({ search: 'Anita' })).not.toContain('rolling-deploy');
    expect(await found({ search: 'प्रिया शर्मा' })).toContain('priya-latin');
    expect(await found({ search: 'Priya Sharma' })).toContain('priya-latin');
  });
});
