import { and, asc, gt, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { castingApplications, castingCalls, profiles } from '../db/schema.js';
import { cityKey, cityKeys, foldedForms, nameKey } from './either-script.js';
import { likePattern } from './like-pattern.js';

/**
 * The version of the rules that make the keys (lib/either-script.ts: the folding, CITY_NAMES, NAME_SPELLINGS). Raise
 * it with any change to them: every row's `keys_of` then names older rules, and the upkeep makes its keys again.
 */
export const SEARCH_KEYS_VERSION = 1;

/** What a profile's keys are made from (`profiles.keys_of`); `profileKeysOf` says it in SQL. */
const profileSource = (row: { displayName: string; city: string }) =>
  `${SEARCH_KEYS_VERSION}:${row.displayName}\n${row.city}`;
const profileKeysOf = sql`${String(SEARCH_KEYS_VERSION)} || ':' || ${profiles.displayName} || chr(10) || ${profiles.city}`;
const callSource = (row: { city: string }) => `${SEARCH_KEYS_VERSION}:${row.city}`;
const callKeysOf = sql`${String(SEARCH_KEYS_VERSION)} || ':' || ${castingCalls.city}`;

/** The keys a profile row stores beside its name and city, written with them, and what they were made from. */
export function profileKeys(row: { displayName: string; city: string }) {
  return { nameKey: nameKey(row.displayName), cityKey: cityKey(row.city), keysOf: profileSource(row) };
}

/** The key a casting call stores beside its city, and what it was made from. */
export function callKeys(row: { city: string }) {
  return { cityKey: cityKey(row.city), keysOf: callSource(row) };
}

/**
 * A profile search: the typed text in the name, headline or skills as typed (`search_text`), or the name in either
 * script: a folded form of the text at the start of a word of the name's key, through its trigram index. A search
 * with no Latin letter or digit (all Devanagari) is looked for in the key alone: pg_trgm splits Devanagari at every
 * vowel sign and virama (they are not letters to it), so such a search gives only trigrams of single letters, found
 * in most rows, and `search_text like '%प्रि%'` rechecks most of the table: seconds on 100,000 profiles
 * (docs/decisions/2026-11-28-either-script-search.md).
 */
export function profileSearch(search: string): SQL {
  const typed = like(profiles.searchText, likePattern(search.toLowerCase()));
  const keyed = foldedForms(search, { partial: true }).map((form) =>
    like(profiles.nameKey, form.length < 3 ? `% ${form}%` : `%${form}%`),
  );
  if (keyed.length === 0) return typed;
  return /[a-z0-9]/i.test(search) ? or(typed, ...keyed)! : or(...keyed)!;
}

/**
 * Order first: 0 for a profile whose name is the search (in either script, any case), 1 for the rest, so that
 * "प्रिया शर्मा" finds Priya Sharma before Priya Sharmaji.
 */
export function profileSearchRank(search: string): SQL {
  // A key holds its forms each after a space, joined by " ~": wrapped in "~" it holds "~ form ~" for an exact one.
  const exact = [
    sql`lower(${profiles.displayName}) = ${search.toLowerCase()}`,
    ...foldedForms(search).map((form) => sql`('~' || ${profiles.nameKey} || ' ~') like ${`%~ ${form} ~%`}`),
  ];
  return sql`case when ${sql.join(exact, sql` or `)} then 0 else 1 end`;
}

/** A city in either script or under another of its names: the rows whose city key is one of the city's. */
export function cityMatch(column: AnyPgColumn, city: string): SQL {
  const keys = cityKeys(city);
  if (keys.length === 0) return sql`false`;
  return keys.length === 1
    ? sql`${column} = ${keys[0]}`
    : sql`${column} in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})`;
}

const BATCH = 2_000;

/**
 * Makes again the keys of every profile and casting call whose keys are missing or stale, in batches of 2,000 rows:
 * rows whose `keys_of` is not what their name and city under today's rules are. That is a row written by a process
 * of an earlier release during a rolling deploy (a name changed without its key, a row without keys, keys of older
 * rules: a trigger clears `keys_of` when keys change without it), by SQL of its own (the bench's, a restore's, a data
 * fix), or made before SEARCH_KEYS_VERSION was raised. The keys are made in JavaScript, so no trigger or migration can
 * make them. Then copies each profile's city key to its applications, for the posters' filter. Run after the
 * migrations on every start, by `npm run db:migrate`, and by the hourly upkeep; with every key right it costs a scan
 * of each table. Returns how many rows it wrote.
 */
export async function fillSearchKeys(db: Database): Promise<number> {
  let written = 0;
  // Batch after batch in the order of ids, each from where the last one ended.
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: profiles.id, displayName: profiles.displayName, city: profiles.city })
      .from(profiles)
      .where(and(gt(profiles.id, after), sql`${profiles.keysOf} is distinct from ${profileKeysOf}`))
      .orderBy(asc(profiles.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const values = rows.map((row) => {
      const keys = profileKeys(row);
      return sql`(${row.id}::int, ${keys.nameKey}::text, ${keys.cityKey}::text, ${keys.keysOf}::text)`;
    });
    // Only where the name and city are still those the keys were made from: a rename meanwhile keeps its own.
    await db.execute(sql`update profiles set name_key = v.name_key, city_key = v.city_key, keys_of = v.keys_of
      from (values ${sql.join(values, sql`, `)}) as v(id, name_key, city_key, keys_of)
      where profiles.id = v.id and ${profileKeysOf} = v.keys_of`);
    written += rows.length;
    after = rows.at(-1)!.id;
  }
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: castingCalls.id, city: castingCalls.city })
      .from(castingCalls)
      .where(and(gt(castingCalls.id, after), sql`${castingCalls.keysOf} is distinct from ${callKeysOf}`))
      .orderBy(asc(castingCalls.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const values = rows.map((row) => {
      const keys = callKeys(row);
      return sql`(${row.id}::int, ${keys.cityKey}::text, ${keys.keysOf}::text)`;
    });
    await db.execute(sql`update casting_calls set city_key = v.city_key, keys_of = v.keys_of
      from (values ${sql.join(values, sql`, `)}) as v(id, city_key, keys_of)
      where casting_calls.id = v.id and ${callKeysOf} = v.keys_of`);
    written += rows.length;
    after = rows.at(-1)!.id;
  }
  // An application keeps its applicant's city key (lib/applicant-keys.ts); one written by an earlier release kept
  // the city in lower case instead.
  await db.execute(sql`update ${castingApplications} set applicant_city = ${profiles.cityKey} from ${profiles}
    where ${profiles.id} = ${castingApplications.profileId} and ${profiles.cityKey} is not null
      and ${castingApplications.applicantCity} is distinct from ${profiles.cityKey}`);
  return written;
}
