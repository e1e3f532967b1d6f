import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../server/src/db/client.js';
import { castingCalls, castingRoles, products, profiles } from '../../server/src/db/schema.js';

/**
 * What the load on a cluster needs, written straight into its database: members signed in (each session a token
 * `<label>-<n>`, stored hashed as the server stores it), actors with a profile and a main photo, stocked products, a
 * published call with several roles. Made by the database itself (generate_series): thousands in a second.
 */

/** A signed-in member: the bearer token the load sends. */
export interface Member {
  userId: number;
  token: string;
}

/** `count` members with confirmed addresses, each signed in; with `actor`, each also has a profile and main photo. */
export async function addMembers(db: Database, label: string, count: number, actor = false): Promise<Member[]> {
  const rows = await db.execute(sql`
    with accounts as (
      insert into users (name, email, password_hash, email_confirmed_at)
      select ${label} || ' ' || g, ${label} || '-' || g || '@cluster.invalid', 'cluster-member-without-login', now()
      from generate_series(1, ${count}::int) as g
      returning id, substring(email from '-([0-9]+)@')::int as n
    ), sessions as (
      insert into auth_tokens (user_id, token_hash)
      select id, encode(sha256((${label} || '-' || n)::bytea), 'hex') from accounts
    )
    select id, n from accounts order by n`);
  const members = rowsOf<{ id: number; n: number }>(rows).map((row) => ({
    userId: Number(row.id),
    token: `${label}-${row.n}`,
  }));
  if (actor) {
    await db.execute(sql`
      with people as (
        insert into profiles (user_id, kind, handle, display_name, category, crafts, headline, city, languages,
          playing_age_min, playing_age_max, gender)
        select u.id, 'person', ${label} || '-' || u.n, ${label} || ' ' || u.n, 'Artist', '["actor"]'::jsonb, 'Actor',
          'Mumbai', '[{"language": "Hindi", "level": "native"}]'::jsonb, 20, 35, 'female'
        from (select id, substring(email from '-([0-9]+)@')::int as n from users
          where email like ${`${label}-%@cluster.invalid`}) u
        returning id, handle
      )
      insert into profile_photos (profile_id, name, main, sort_order)
      select id, handle || '.webp', true, 1 from people`);
  }
  return members;
}

/** `count` products in stock, each `stock` units, priced ₹499. */
export async function addProducts(db: Database, label: string, count: number, stock: number): Promise<number[]> {
  const added = await db
    .insert(products)
    .values(
      Array.from({ length: count }, (_, index) => ({
        name: `${label} poster ${index + 1}`,
        slug: `${label}-poster-${index + 1}`,
        mrp: 59_900,
        price: 49_900,
        stock,
        category: 'Posters',
      })),
    )
    .returning({ id: products.id });
  return added.map((row) => row.id);
}

/** A published call of the demo casting director, open for 60 days, with `roleCount` roles anyone may apply to. */
export async function addCastingCall(
  db: Database,
  roleCount: number,
): Promise<{ callId: number; roleIds: number[]; posterUserId: number }> {
  const [poster] = await db.select().from(profiles).where(eq(profiles.handle, 'neha-kapoor-casting'));
  if (!poster) throw new Error('The demo casting director is missing');
  const [call] = await db
    .insert(castingCalls)
    .values({
      posterId: poster.id,
      title: 'Open auditions: Coastal Stories',
      projectType: 'web_series',
      description: 'Several roles, auditions in Mumbai.',
      city: 'Mumbai',
      contentNote: { nudity: false, intimacy: false, violence: false, details: '' },
      deadline: new Date(Date.now() + 60 * 24 * 60 * 60 * 1000),
      status: 'published',
    })
    .returning();
  const roles = await db
    .insert(castingRoles)
    .values(
      Array.from({ length: roleCount }, (_, index) => ({
        callId: call!.id,
        position: index + 1,
        name: `Role ${index + 1}`,
        ageMin: 18,
        ageMax: 60,
        languages: ['Hindi'],
        paid: true,
        payInr: 20_000,
        requires: { photo: true, reel: false, self_tape: false },
      })),
    )
    .returning({ id: castingRoles.id });
  return { callId: call!.id, roleIds: roles.map((role) => role.id), posterUserId: poster.userId };
}

/** A signed-in member with a staff role (`admin` unless given). */
export async function addStaff(db: Database, label: string, role = 'admin'): Promise<Member> {
  const [member] = await addMembers(db, label, 1);
  await db.execute(sql`update users set role = ${role} where id = ${member!.userId}`);
  return member!;
}
