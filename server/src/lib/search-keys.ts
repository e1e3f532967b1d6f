import { and, asc, gt, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client.js';
import { castingCalls, profiles } from '../db/schema.js';
import { cityKey, cityKeys, foldedForms, nameKey } from './either-script.js';
import { likePattern } from './like-pattern.js';

/** The keys a profile row stores beside its name and city, written with them. */
export function profileKeys(row: { displayName: string; city: string }) {
  return { nameKey: nameKey(row.displayName), cityKey: cityKey(row.city) };
}

/** The key a casting call stores beside its city. */
export function callKeys(row: { city: string }) {
  return { cityKey: cityKey(row.city) };
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
 * Writes the keys of every profile and casting call that has none yet (rows of a database made before the keys
 * existed, or written by SQL of its own: the bench's, a restore's), in batches of 2,000 rows. The migration cannot:
 * the keys are made in JavaScript. Run after the migrations on every start and by `npm run db:migrate`; a database
 * with every key written costs one scan of each table (0.2 s for 20,000 profiles on a loaded machine). Returns how many rows it wrote.
 */
export async function fillSearchKeys(db: Database): Promise<number> {
  let written = 0;
  // Batch after batch in the order of ids, each from where the last one ended.
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: profiles.id, displayName: profiles.displayName, city: profiles.city })
      .from(profiles)
      .where(and(gt(profiles.id, after), or(isNull(profiles.nameKey), isNull(profiles.cityKey))))
      .orderBy(asc(profiles.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const values = rows.map((row) => {
      const keys = profileKeys(row);
      return sql`(${row.id}::int, ${keys.nameKey}::text, ${keys.cityKey}::text)`;
    });
    await db.execute(sql`update profiles set name_key = v.name_key, city_key = v.city_key
      from (values ${sql.join(values, sql`, `)}) as v(id, name_key, city_key) where profiles.id = v.id`);
    written += rows.length;
    after = rows.at(-1)!.id;
  }
  for (let after = 0; ;) {
    const rows = await db
      .select({ id: castingCalls.id, city: castingCalls.city })
      .from(castingCalls)
      .where(and(gt(castingCalls.id, after), isNull(castingCalls.cityKey)))
      .orderBy(asc(castingCalls.id))
      .limit(BATCH);
    if (rows.length === 0) break;
    const values = rows.map((row) => sql`(${row.id}::int, ${callKeys(row).cityKey}::text)`);
    await db.execute(sql`update casting_calls set city_key = v.city_key
      from (values ${sql.join(values, sql`, `)}) as v(id, city_key) where casting_calls.id = v.id`);
    written += rows.length;
    after = rows.at(-1)!.id;
  }
  return written;
}
