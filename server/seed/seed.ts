import { and, eq, inArray, isNull, like, ne, sql } from 'drizzle-orm';
import fs from 'node:fs/promises';
import path from 'node:path';
import { projectRoot } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import { folderStorage, type Storage } from '../src/lib/storage.js';
import type { OrderStatus } from '../../src/contract/order-statuses.js';
import { PERSON_CATEGORY } from '../../src/contract/profiles.js';
import { FREE_SHIPPING_FROM, SHIPPING_FEE } from '../../src/contract/orders.js';
import { INDIA_OFFSET } from '../../src/contract/casting.js';
import { indiaToday } from '../../src/contract/delivery.js';
import {
  addresses,
  banners,
  castingApplications,
  castingCalls,
  castingRoles,
  notifications,
  categories,
  coupons,
  directoryEntries,
  insiders,
  orderItems,
  orderEvents,
  profiles,
  profilePhotos,
  orders,
  products,
  productVariants,
  sectionItems,
  siteSettings,
  users,
  wishlistItems,
} from '../src/db/schema.js';
import { applicantKeys } from '../src/lib/applicant-keys.js';
import { hashPassword } from '../src/lib/passwords.js';
import { fillSearchKeys } from '../src/lib/search-keys.js';
import { avatarSvg, posterSvg } from './artwork.js';
import { demoOrganisations, demoPeople } from './network-content.js';
import { demoActor, demoCalls, demoCastingDirector, demoCastingPassword } from './casting-content.js';
import {
  demoBanners,
  demoCategories,
  demoDirectory,
  demoInsiders,
  demoSections,
  demoSiteSettings,
} from './demo-content.js';
import {
  couponWindow,
  demoAddress,
  demoCoupons,
  demoOrders,
  demoProducts,
  demoProductTax,
  demoShopper,
  demoStaff,
  demoStaffPassword,
} from './shop-content.js';

const seedImagesDir = path.join(projectRoot, 'server/seed/images');

/** Where the seed's files go: the store, or (scripts and the bench) an uploads folder on disk. */
export type SeedUploads = Storage | string;

const storageOf = (uploads: SeedUploads): Storage => (typeof uploads === 'string' ? folderStorage(uploads) : uploads);

/** How many files the seed writes at once: a bucket answers each in a few milliseconds, one after another slowly. */
const SEED_WRITES_AT_ONCE = 16;

/** Writes each file that is not in the store yet, keeping any an editor has already replaced. */
async function putMissing(storage: Storage, files: { key: string; content: () => Promise<Buffer> }[]): Promise<void> {
  for (let from = 0; from < files.length; from += SEED_WRITES_AT_ONCE) {
    await Promise.all(
      files.slice(from, from + SEED_WRITES_AT_ONCE).map(async (file) => {
        if (!(await storage.exists(file.key))) await storage.put(file.key, await file.content());
      }),
    );
  }
}

/** Copies the demo images into the store, keeping any file an editor has already replaced. */
async function copySeedImages(uploads: SeedUploads): Promise<void> {
  const folders = await fs.readdir(seedImagesDir, { withFileTypes: true });
  const files = [];
  for (const folder of folders.filter((entry) => entry.isDirectory())) {
    for (const file of await fs.readdir(path.join(seedImagesDir, folder.name))) {
      files.push({
        key: `${folder.name}/${file}`,
        content: () => fs.readFile(path.join(seedImagesDir, folder.name, file)),
      });
    }
  }
  await putMissing(storageOf(uploads), files);
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** A believable, unique mobile number per entry: +91 98XXX XXXXX. */
function demoPhone(index: number): string {
  const digits = `98${String(21_000_000 + index * 135_791).slice(-8)}`;
  return `+91 ${digits.slice(0, 5)} ${digits.slice(5)}`;
}

interface SeedFile {
  folder: string;
  name: string;
  content: string;
}

/** Rows and artwork of the demo home page and directory, built together so file names always match. */
function buildDemoContent() {
  const files: SeedFile[] = [];
  const bannerRows = demoBanners.map((banner, index) => {
    const name = `banner-${index + 1}.svg`;
    files.push({
      folder: 'banner',
      name,
      content: posterSvg({ width: 1600, height: 600, title: banner.title, kicker: banner.kicker, paletteIndex: index }),
    });
    return { image: name, link: banner.link, altText: banner.alt, sortOrder: index };
  });
  const insiderRows = demoInsiders.map((insider, index) => {
    const name = `insider-${index + 1}.svg`;
    files.push({
      folder: 'inside',
      name,
      content: posterSvg({
        width: 640,
        height: 360,
        title: insider.title,
        kicker: 'Insider',
        paletteIndex: index + 3,
        play: true,
      }),
    });
    return {
      title: insider.title,
      thumbnail: name,
      videoLink: insider.videoLink,
      // The demo videos have no page of their own: no "More" link to somewhere unrelated.
      link: '',
      sortOrder: index,
    };
  });
  const sectionRows = Object.entries(demoSections).flatMap(([type, section], sectionIndex) =>
    section.items.map((item, index) => {
      const name = `${section.slug}-${index + 1}.svg`;
      files.push({
        folder: 'section',
        name,
        content:
          type === 'Testimonial'
            ? avatarSvg(item.title.split(',')[0] ?? item.title, sectionIndex + index)
            : posterSvg({
                width: 640,
                height: 400,
                title: item.title,
                kicker: type,
                paletteIndex: sectionIndex + index,
                play: type === 'Cine Trailer',
              }),
      });
      return {
        type,
        title: item.title,
        image: name,
        link: item.link ?? '',
        description: item.description,
        sortOrder: index,
      };
    }),
  );
  let entryIndex = 0;
  const directoryRows = (categoryIds: Map<string, number>) =>
    Object.entries(demoDirectory).flatMap(([categoryName, entries]) =>
      entries.map(([name, city, description], index) => {
        entryIndex += 1;
        const photo = `${slugify(categoryName)}-${index + 1}.svg`;
        files.push({ folder: 'directory', name: photo, content: avatarSvg(name, entryIndex) });
        const categoryId = categoryIds.get(categoryName);
        if (categoryId === undefined) throw new Error(`Demo entry ${name} names an unknown category`);
        return {
          categoryId,
          name,
          city,
          description,
          photo,
          phone: demoPhone(entryIndex),
          email: `contact@${slugify(name).replace(/-/g, '')}.in`,
          website: '',
          sortOrder: index,
        };
      }),
    );
  return { files, bannerRows, insiderRows, sectionRows, directoryRows };
}

/** Writes the drawn artwork, keeping any file an editor has already replaced. */
async function writeSeedFiles(uploads: SeedUploads, files: SeedFile[]): Promise<void> {
  await putMissing(
    storageOf(uploads),
    files.map((file) => ({ key: `${file.folder}/${file.name}`, content: async () => Buffer.from(file.content) })),
  );
}

/**
 * Seeds demo content when the database is empty (no site settings row). Returns whether it seeded, so that a
 * database an editor has filled is never overwritten.
 */
export async function seedDemoContent(db: Database, uploads: SeedUploads): Promise<boolean> {
  await copySeedImages(uploads);
  const content = buildDemoContent();
  const seeded = await db.transaction(async (tx) => {
    const existing = await tx.select({ id: siteSettings.id }).from(siteSettings).limit(1);
    if (existing.length > 0) return false;
    await tx.insert(siteSettings).values({ id: 1, ...demoSiteSettings });
    const categoryRows = await tx
      .insert(categories)
      .values(demoCategories.map((category, index) => ({ ...category, sortOrder: index })))
      .returning({ id: categories.id, name: categories.name });
    await tx.insert(banners).values(content.bannerRows);
    await tx.insert(insiders).values(content.insiderRows);
    await tx.insert(sectionItems).values(content.sectionRows);
    await tx
      .insert(directoryEntries)
      .values(content.directoryRows(new Map(categoryRows.map((row) => [row.name, row.id]))));
    return true;
  });
  // Artwork is written for a seeded database only, after its rows: it is never a stray file in an editor's folder.
  if (seeded) await writeSeedFiles(uploads, content.files);
  const shopSeeded = await seedShopContent(db, uploads);
  const networkSeeded = await seedNetworkContent(db, uploads);
  const castingSeeded = await seedCastingContent(db, uploads);
  // The members and calls above are written as rows: their search keys are written after them.
  await fillSearchKeys(db);
  return seeded || shopSeeded || networkSeeded || castingSeeded;
}

/**
 * Seeds the member network (60 people, 30 organisations, a quarter to a half of them verified) when there are no
 * profiles yet. Their accounts cannot log in: they are the network's showcase, not demo logins.
 */
export async function seedNetworkContent(db: Database, uploads: SeedUploads): Promise<boolean> {
  const files: SeedFile[] = [];
  const seeded = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: profiles.id }).from(profiles).limit(1);
    if (existing) return false;
    const members = [
      ...demoPeople.map((person) => ({ handle: person.handle, name: person.name })),
      ...demoOrganisations.map((organisation) => ({ handle: organisation.handle, name: organisation.name })),
    ];
    const accounts = await tx
      .insert(users)
      .values(
        members.map((member) => ({
          name: member.name,
          email: `${member.handle}@members.cineverse.in`,
          passwordHash: 'seeded-member-without-login',
          emailConfirmedAt: new Date(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    const idOf = new Map(accounts.map((account) => [account.email!.split('@')[0]!, account.id]));
    const verifiedReason = 'Identity and credits checked by CineVerse';
    const rows = [
      ...demoPeople.map((person, index) => ({
        userId: idOf.get(person.handle)!,
        kind: 'person' as const,
        handle: person.handle,
        displayName: person.name,
        category: PERSON_CATEGORY,
        crafts: person.crafts,
        headline: person.headline,
        bio: `${person.name} works from ${person.city}. ${person.headline}.`,
        city: person.city,
        languages: person.languages,
        skills: person.skills,
        playingAgeMin: person.crafts.includes('actor') ? person.playingAge[0] : null,
        playingAgeMax: person.crafts.includes('actor') ? person.playingAge[1] : null,
        gender: person.gender,
        credits: [
          {
            title: `Short film ${index + 1}`,
            year: 2020 + (index % 6),
            role: person.headline.split(',')[0]!,
            type: 'short',
          },
        ],
        verified: person.verified,
        verifiedReason: person.verified ? verifiedReason : null,
        verificationStatus: person.verified ? ('verified' as const) : ('none' as const),
      })),
      ...demoOrganisations.map((organisation) => ({
        userId: idOf.get(organisation.handle)!,
        kind: 'organisation' as const,
        handle: organisation.handle,
        displayName: organisation.name,
        category: organisation.category,
        headline: organisation.description.replace(/\.$/, ''),
        bio: `${organisation.name}, ${organisation.city}. ${organisation.description}`,
        city: organisation.city,
        services: organisation.services,
        verified: organisation.verified,
        verifiedReason: organisation.verified ? verifiedReason : null,
        verificationStatus: organisation.verified ? ('verified' as const) : ('none' as const),
      })),
    ].filter((row) => row.userId !== undefined);
    const inserted = await tx
      .insert(profiles)
      .values(rows)
      .returning({ id: profiles.id, handle: profiles.handle, name: profiles.displayName, kind: profiles.kind });
    // A drawn portrait for each person, a poster for each organisation: the main photo of its card and page.
    const photoRows = inserted.map((profile, index) => {
      const name = `${profile.handle}.svg`;
      files.push({
        folder: 'profile',
        name,
        content:
          profile.kind === 'person'
            ? avatarSvg(profile.name, index)
            : posterSvg({ width: 800, height: 800, title: profile.name, kicker: 'CineVerse', paletteIndex: index }),
      });
      return { profileId: profile.id, name, main: true, sortOrder: 1 };
    });
    await tx.insert(profilePhotos).values(photoRows);
    return true;
  });
  if (seeded) await writeSeedFiles(uploads, files);
  return seeded;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `time` (`HH:MM`, India's) on the day in India `days` after `now`: deadlines and callbacks at hours people keep. */
function indiaDayAt(now: number, days: number, time: string): Date {
  return new Date(`${indiaToday(new Date(now + days * DAY_MS))}T${time}:00${INDIA_OFFSET}`);
}

type ApplicationSeed = { status: (typeof castingApplications.$inferInsert)['status']; callback?: 'open' | 'accepted' };

/** The applications of the demo calls, by call title and role name: every status appears. */
const demoApplications: Record<string, Record<string, ApplicationSeed[]>> = {
  'Monsoon Letters': {
    'Sarita (lead)': [
      { status: 'submitted' },
      { status: 'viewed' },
      { status: 'shortlisted' },
      { status: 'callback', callback: 'open' },
      { status: 'withdrawn' },
    ],
    'Young Vinayak': [
      { status: 'submitted' },
      { status: 'callback', callback: 'accepted' },
      { status: 'not_selected' },
    ],
    'Vinayak, the postman': [{ status: 'selected' }],
  },
  'Paper Boats': { 'Elder brother': [{ status: 'selected' }, { status: 'not_selected' }, { status: 'not_selected' }] },
  'Saat Pheras': { Dolly: [{ status: 'selected' }, { status: 'not_selected' }] },
};

/**
 * Seeds the casting calls (docs: server/seed/casting-content.ts), their applications from the demo network, the
 * casting director's and the actor's logins, and points the home page's Auditions items at their calls; when there
 * are no calls yet.
 */
export async function seedCastingContent(db: Database, uploads: SeedUploads): Promise<boolean> {
  const [anyCall] = await db.select({ id: castingCalls.id }).from(castingCalls).limit(1);
  if (anyCall) return false;
  const passwordHash = await hashPassword(demoCastingPassword);
  const files: SeedFile[] = [];
  const now = Date.now();
  const seeded = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: castingCalls.id }).from(castingCalls).limit(1);
    if (existing) return false;
    const logins = await tx
      .insert(users)
      .values(
        [demoCastingDirector, demoActor].map((person) => ({
          name: person.name,
          email: person.email,
          passwordHash,
          emailConfirmedAt: new Date(),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (logins.length < 2) return false;
    const idOf = (email: string) => logins.find((login) => login.email === email)!.id;
    const [director, actor] = await tx
      .insert(profiles)
      .values([
        {
          userId: idOf(demoCastingDirector.email),
          kind: 'person' as const,
          handle: demoCastingDirector.handle,
          displayName: demoCastingDirector.name,
          category: PERSON_CATEGORY,
          crafts: ['casting', 'director'],
          headline: demoCastingDirector.headline,
          bio: 'Fifteen years of casting for Marathi and Hindi cinema. Every applicant hears back from my office.',
          city: 'Mumbai',
          languages: [
            { language: 'Hindi', level: 'native' },
            { language: 'Marathi', level: 'fluent' },
            { language: 'English', level: 'fluent' },
          ],
          verified: true,
          verifiedReason: 'Identity and credits checked by CineVerse',
          verificationStatus: 'verified' as const,
        },
        {
          userId: idOf(demoActor.email),
          kind: 'person' as const,
          handle: demoActor.handle,
          displayName: demoActor.name,
          category: PERSON_CATEGORY,
          crafts: ['actor'],
          headline: demoActor.headline,
          bio: 'Trained at Rangmanch Acting Studio; four plays and two short films.',
          city: 'Mumbai',
          languages: [
            { language: 'Hindi', level: 'native' },
            { language: 'Marathi', level: 'fluent' },
            { language: 'English', level: 'fluent' },
          ],
          skills: ['improvisation', 'horse riding'],
          playingAgeMin: 22,
          playingAgeMax: 30,
          gender: 'male',
          reels: ['https://www.youtube.com/watch?v=Xq3v7LmP2aB'],
        },
      ])
      .returning({ id: profiles.id, handle: profiles.handle, name: profiles.displayName });
    for (const [index, profile] of [director!, actor!].entries()) {
      files.push({ folder: 'profile', name: `${profile.handle}.svg`, content: avatarSvg(profile.name, index + 3) });
      await tx.insert(profilePhotos).values({ profileId: profile.id, name: `${profile.handle}.svg`, main: true });
    }
    const posters = await tx
      .select({ id: profiles.id, handle: profiles.handle })
      .from(profiles)
      .where(inArray(profiles.handle, [...new Set(demoCalls.map((call) => call.poster))]));
    const posterId = (handle: string) =>
      handle === 'director' ? director!.id : posters.find((poster) => poster.handle === handle)?.id;
    const callIds = new Map<string, number>();
    const roleIds = new Map<string, number>();
    for (const [index, call] of demoCalls.entries()) {
      const poster = posterId(call.poster);
      if (poster === undefined) continue;
      const [row] = await tx
        .insert(castingCalls)
        .values({
          posterId: poster,
          title: call.title,
          projectType: call.type,
          description: call.description,
          city: call.city,
          remote: call.remote ?? false,
          shootStart: new Date(now + (call.days + 20) * DAY_MS).toISOString().slice(0, 10),
          shootEnd: new Date(now + (call.days + 45) * DAY_MS).toISOString().slice(0, 10),
          contentNote: { nudity: false, intimacy: false, violence: !!call.violence, details: call.violence ?? '' },
          deadline: indiaDayAt(now, call.days, '23:59'),
          status: call.status,
          createdAt: new Date(now - (index + 1) * 3 * 60 * 60 * 1000),
        })
        .returning({ id: castingCalls.id });
      callIds.set(call.title, row!.id);
      const roles = await tx
        .insert(castingRoles)
        .values(
          call.roles.map((role, position) => ({
            callId: row!.id,
            position: position + 1,
            name: role.name,
            description: role.description ?? '',
            genders: role.genders ?? [],
            ageMin: role.age_min,
            ageMax: role.age_max,
            languages: role.languages ?? [],
            paid: role.paid,
            payInr: role.pay_inr ?? 0,
            requires: { photo: true, reel: false, self_tape: false, ...role.requires },
            selfTapeInstructions: role.self_tape_instructions ?? '',
            openings: role.openings ?? 1,
            status: call.status === 'closed' ? ('closed' as const) : ('open' as const),
          })),
        )
        .returning({ id: castingRoles.id, name: castingRoles.name });
      for (const role of roles) roleIds.set(`${call.title}/${role.name}`, role.id);
    }
    // Applicants: the demo network's actors, with their main photos.
    const actors = await tx
      .select({ profile: profiles, photo: profilePhotos.id })
      .from(profiles)
      .innerJoin(profilePhotos, and(eq(profilePhotos.profileId, profiles.id), eq(profilePhotos.main, true)))
      .where(and(sql`${profiles.crafts} @> '["actor"]'::jsonb`, ne(profiles.id, actor!.id)));
    const applicationRows: (typeof castingApplications.$inferInsert)[] = [];
    for (const [title, roles] of Object.entries(demoApplications)) {
      for (const [roleName, seeds] of Object.entries(roles)) {
        const roleId = roleIds.get(`${title}/${roleName}`);
        if (roleId === undefined) continue;
        const wanted = demoCalls
          .find((call) => call.title === title)
          ?.roles.find((role) => role.name === roleName)?.genders;
        const fitting = actors.filter(
          ({ profile }) => !wanted?.length || (wanted as string[]).includes(profile.gender ?? ''),
        );
        // Each applicant once per role.
        for (const [index, seed] of seeds.slice(0, fitting.length).entries()) {
          const applicant = fitting[index]!;
          applicationRows.push({
            callId: callIds.get(title)!,
            roleId,
            profileId: applicant.profile.id,
            ...applicantKeys(applicant.profile),
            status: seed.status,
            note: 'I have read the breakdown and would love to read for this part.',
            photoIds: [applicant.photo],
            ...(seed.callback
              ? {
                  callbackAt: indiaDayAt(now, 6, '11:00'),
                  callbackPlace: 'Neha Kapoor Casting, Veera Desai Road, Andheri West, Mumbai',
                  callbackAnswer: seed.callback === 'accepted' ? ('accepted' as const) : null,
                }
              : {}),
            viewedAt: seed.status === 'submitted' ? null : new Date(now - DAY_MS),
          });
        }
      }
    }
    // The demo actor has a callback to answer and an application waiting.
    const [actorProfile] = await tx.select().from(profiles).where(eq(profiles.id, actor!.id));
    const [actorPhoto] = await tx
      .select({ id: profilePhotos.id })
      .from(profilePhotos)
      .where(eq(profilePhotos.profileId, actor!.id));
    const youngVinayak = roleIds.get('Monsoon Letters/Young Vinayak');
    const bestFriend = roleIds.get('Dhol Wajda/Best friend');
    if (youngVinayak !== undefined) {
      applicationRows.push({
        callId: callIds.get('Monsoon Letters')!,
        roleId: youngVinayak,
        profileId: actor!.id,
        ...applicantKeys(actorProfile!),
        status: 'callback',
        note: 'I grew up in Thane and speak Konkani-tinged Marathi at home.',
        photoIds: [actorPhoto!.id],
        callbackAt: indiaDayAt(now, 5, '15:30'),
        callbackPlace: 'Neha Kapoor Casting, Veera Desai Road, Andheri West, Mumbai',
        viewedAt: new Date(now - 2 * DAY_MS),
      });
    }
    if (bestFriend !== undefined) {
      applicationRows.push({
        callId: callIds.get('Dhol Wajda')!,
        roleId: bestFriend,
        profileId: actor!.id,
        ...applicantKeys(actorProfile!),
        note: 'Punjabi from my grandmother; Hindi is my first language.',
        photoIds: [actorPhoto!.id],
      });
    }
    if (applicationRows.length > 0) await tx.insert(castingApplications).values(applicationRows).onConflictDoNothing();
    await tx.insert(notifications).values([
      {
        userId: idOf(demoActor.email),
        kind: 'callback' as const,
        title: 'You have a callback',
        body: 'Young Vinayak in Monsoon Letters: please accept or decline.',
        link: '/me/applications',
      },
      {
        userId: idOf(demoCastingDirector.email),
        kind: 'applicants' as const,
        title: 'New applicants for your casting call',
        body: 'Monsoon Letters has new applicants.',
        link: `/me/casting-calls/${callIds.get('Monsoon Letters')}`,
      },
    ]);
    // The home page's Auditions items and the banner lead to their calls.
    for (const call of demoCalls) {
      const id = callIds.get(call.title);
      if (!call.homeItem || id === undefined) continue;
      await tx
        .update(sectionItems)
        .set({ link: `/auditions/${id}` })
        .where(and(eq(sectionItems.type, 'Cine Audition'), eq(sectionItems.title, call.homeItem)));
    }
    const monsoon = callIds.get('Monsoon Letters');
    if (monsoon !== undefined) {
      await tx
        .update(banners)
        .set({ link: `/auditions/${monsoon}` })
        .where(like(banners.altText, 'Auditions open for Monsoon Letters%'));
    }
    return true;
  });
  if (seeded) await writeSeedFiles(uploads, files);
  return seeded;
}

/**
 * Seeds the shop (products, coupons, the demo shopper with an address, a wishlist and past orders) when it has no
 * products yet, so a database seeded before the shop existed gains it without losing anything.
 */
export async function seedShopContent(db: Database, uploads: SeedUploads): Promise<boolean> {
  const files: SeedFile[] = [];
  const now = Date.now();
  const productRows = demoProducts.map((product, index) => {
    const slug = slugify(product.name);
    const images = [`${slug}-1.svg`, `${slug}-2.svg`];
    files.push(
      {
        folder: 'product',
        name: images[0]!,
        content: posterSvg({
          width: 800,
          height: 800,
          title: product.name,
          kicker: product.category,
          paletteIndex: index,
        }),
      },
      {
        folder: 'product',
        name: images[1]!,
        content: posterSvg({
          width: 800,
          height: 800,
          title: product.name,
          kicker: 'CineVerse Store',
          paletteIndex: index + 3,
        }),
      },
    );
    return {
      name: product.name,
      slug,
      description: product.description,
      images,
      mrp: product.mrp * 100,
      price: product.price * 100,
      stock: product.stock,
      category: product.category,
      perishable: product.perishable ?? false,
      hsnCode: demoProductTax[product.name]?.hsn ?? '',
      gstRate: demoProductTax[product.name]?.rate ?? 18,
      // Listed newest first in the catalogue order of the demo list.
      createdAt: new Date(now - index * 60 * 1000),
    };
  });
  // Checked before hashing: scrypt costs 32 MiB and a few hundred milliseconds, on every start otherwise.
  const [anyProduct] = await db.select({ id: products.id }).from(products).limit(1);
  if (anyProduct) return false;
  const passwordHash = await hashPassword(demoShopper.password);
  const staffPasswordHash = await hashPassword(demoStaffPassword);

  const seeded = await db.transaction(async (tx) => {
    const existing = await tx.select({ id: products.id }).from(products).limit(1);
    if (existing.length > 0) return false;
    const inserted = await tx.insert(products).values(productRows).returning();
    const byName = new Map(inserted.map((product) => [product.name, product]));
    const sized = demoProducts.flatMap((demo) =>
      (demo.sizes ?? []).map((size, position) => ({
        productId: byName.get(demo.name)!.id,
        kind: 'size' as const,
        label: size.label,
        sku: `${byName.get(demo.name)!.slug.toUpperCase()}-${size.label}`,
        stock: size.stock,
        position,
      })),
    );
    const variantRows = sized.length > 0 ? await tx.insert(productVariants).values(sized).returning() : [];
    // A past order of a sized product was of size M.
    const sizeM = (productId: number) =>
      variantRows.find((variant) => variant.productId === productId && variant.label === 'M');
    await tx.insert(coupons).values(
      demoCoupons.map((coupon) => ({
        code: coupon.code,
        description: coupon.description,
        kind: coupon.kind,
        value: coupon.kind === 'flat' ? coupon.value * 100 : coupon.value,
        minOrder: coupon.minOrder * 100,
        maxDiscount: coupon.maxDiscount === null ? null : coupon.maxDiscount * 100,
        ...couponWindow(coupon, now),
        usageLimit: coupon.usageLimit,
        perUserLimit: coupon.perUserLimit,
        active: coupon.active,
      })),
    );
    await tx
      .insert(users)
      .values(demoStaff.map((staff) => ({ ...staff, passwordHash: staffPasswordHash, emailConfirmedAt: new Date() })))
      .onConflictDoNothing();
    const [shopper] = await tx
      .insert(users)
      .values({
        name: demoShopper.name,
        email: demoShopper.email,
        phone: demoShopper.phone,
        passwordHash,
        emailConfirmedAt: new Date(),
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!shopper) return true;
    await tx.insert(addresses).values({ ...demoAddress, userId: shopper.id });
    const wished = ['Die-cast Vintage Film Camera', 'Marquee Lights Sign'].map((name) => byName.get(name));
    await tx
      .insert(wishlistItems)
      .values(wished.flatMap((product) => (product ? [{ userId: shopper.id, productId: product.id }] : [])));
    for (const demoOrder of demoOrders) {
      const lines = demoOrder.items.map(([name, quantity]) => {
        const product = byName.get(name);
        if (!product) throw new Error(`Demo order names an unknown product ${name}`);
        return { product, quantity };
      });
      const subtotal = lines.reduce((sum, line) => sum + line.product.price * line.quantity, 0);
      const shipping = subtotal >= FREE_SHIPPING_FROM ? 0 : SHIPPING_FEE;
      const createdAt = new Date(now - demoOrder.daysAgo * DAY_MS);
      const steps = demoOrderSteps[demoOrder.status];
      const [order] = await tx
        .insert(orders)
        .values({
          userId: shopper.id,
          status: demoOrder.status,
          paymentMethod: 'cod',
          address: demoAddress,
          subtotal,
          shipping,
          total: subtotal + shipping,
          createdAt,
          cancelledAt: demoOrder.status === 'cancelled' ? new Date(createdAt.getTime() + DAY_MS) : null,
          ...(steps.includes('shipped')
            ? {
                courier: 'Blue Dart',
                trackingId: `BD${String(40_000_000 + demoOrder.daysAgo * 1_234).padStart(10, '0')}IN`,
                trackingUrl: 'https://www.bluedart.com/tracking',
              }
            : {}),
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('A demo order was not stored');
      // Its history, a day a step: the order page shows each step with its time.
      await tx.insert(orderEvents).values(
        steps.map((status, index) => ({
          orderId: order.id,
          status,
          at: new Date(Math.min(createdAt.getTime() + index * DAY_MS, now - (steps.length - index) * 60_000)),
        })),
      );
      await tx.insert(orderItems).values(
        lines.map(({ product, quantity }) => ({
          orderId: order.id,
          productId: product.id,
          name: product.name,
          image: product.images[0] ?? '',
          price: product.price,
          mrp: product.mrp,
          quantity,
          perishable: product.perishable,
          variantId: sizeM(product.id)?.id ?? null,
          variantKind: sizeM(product.id)?.kind ?? null,
          variantLabel: sizeM(product.id)?.label ?? null,
        })),
      );
    }
    return true;
  });
  if (seeded) await writeSeedFiles(uploads, files);
  return seeded;
}

/** The steps a demo order went through to reach its status. */
const demoOrderSteps: Record<(typeof demoOrders)[number]['status'], OrderStatus[]> = {
  placed: ['placed'],
  confirmed: ['placed', 'confirmed'],
  shipped: ['placed', 'confirmed', 'shipped'],
  delivered: ['placed', 'confirmed', 'shipped', 'delivered'],
  cancelled: ['placed', 'cancelled'],
};

/** Whether a demo staff account is still an enabled staff account (the server warns in production). */
export async function hasDemoStaff(db: Database): Promise<boolean> {
  const emails = demoStaff.map((staff) => staff.email);
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.email, emails), ne(users.role, 'customer'), isNull(users.disabledAt)))
    .limit(1);
  return found !== undefined;
}
