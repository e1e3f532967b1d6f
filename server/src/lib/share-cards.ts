import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import satori from 'satori';
import sharp from 'sharp';
import type { ProjectType } from '../../../src/contract/casting.js';
import type { Craft } from '../../../src/contract/profiles.js';
import { uploadVariantName } from '../../../src/contract/uploads.js';
import type { Database } from '../db/client.js';
import { castingCalls, castingRoles, profilePhotos, profiles, shareCards } from '../db/schema.js';
import { canSeeProfile } from '../plugins/profile-repository.js';
import type { CardSubject } from './jobs.js';
import type { Language } from './language.js';
import { formatIndianDate, formatRupees } from './money.js';
import type { Storage } from './storage.js';
import { imageWork } from './images.js';

/** The size WhatsApp, Facebook, LinkedIn and X show a large link preview at (Open Graph's 1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;
/** The store's folder of the cards (served by plugins/share-cards.ts, never by the uploads route). */
export const CARDS_FOLDER = 'cards';
/** Where the cards are served: `<prefix><name>`. */
export const CARDS_PREFIX = '/backend/cards/';
/** Raised when the cards' look changes: every card is then made again on its next job. */
const LAYOUT_VERSION = 1;
const CARD_LANGUAGES: Language[] = ['en', 'hi'];

/** The card words in each language; the call's and the profile's own words stay as their members wrote them. */
const words = {
  en: {
    castingCall: 'CASTING CALL',
    roles: 'Roles',
    unpaid: 'Unpaid',
    applyBy: (date: string) => `Apply by ${date}`,
    closed: 'Applications closed',
    remote: 'Remote',
    verified: 'Verified',
    more: (count: number) => `+${count} more`,
    projects: {
      feature: 'Feature film',
      web_series: 'Web series',
      short: 'Short film',
      ad: 'Ad film',
      theatre: 'Theatre',
      tv: 'TV',
      music_video: 'Music video',
    } satisfies Record<ProjectType, string>,
    crafts: {
      actor: 'Actor',
      writer: 'Writer',
      director: 'Director',
      dop: 'DOP',
      editor: 'Editor',
      music: 'Music',
      dancer: 'Dancer',
      voice_artist: 'Voice artist',
      makeup: 'Make-up',
      costume: 'Costume',
      art: 'Art',
      stunts: 'Stunts',
      casting: 'Casting',
      other: 'Other',
    } satisfies Record<Craft, string>,
  },
  hi: {
    castingCall: 'कास्टिंग कॉल',
    roles: 'किरदार',
    unpaid: 'बिना पेमेंट',
    applyBy: (date: string) => `आवेदन की आख़िरी तारीख़ ${date}`,
    closed: 'आवेदन बंद हो चुके हैं',
    remote: 'रिमोट',
    verified: 'सत्यापित',
    more: (count: number) => `+${count} और`,
    projects: {
      feature: 'फ़ीचर फ़िल्म',
      web_series: 'वेब सीरीज़',
      short: 'शॉर्ट फ़िल्म',
      ad: 'विज्ञापन फ़िल्म',
      theatre: 'थिएटर',
      tv: 'टीवी',
      music_video: 'म्यूज़िक वीडियो',
    } satisfies Record<ProjectType, string>,
    crafts: {
      actor: 'अभिनेता/अभिनेत्री',
      writer: 'लेखक',
      director: 'निर्देशक',
      dop: 'सिनेमैटोग्राफ़र (DOP)',
      editor: 'एडिटर',
      music: 'संगीत',
      dancer: 'डांसर',
      voice_artist: 'वॉइस आर्टिस्ट',
      makeup: 'मेकअप',
      costume: 'कॉस्ट्यूम',
      art: 'आर्ट',
      stunts: 'स्टंट',
      casting: 'कास्टिंग',
      other: 'अन्य',
    } satisfies Record<Craft, string>,
  },
};

/** What a call's card shows, in one language: also what its hash is made of. */
interface CallCardText {
  kind: 'call';
  label: string;
  title: string;
  project: string;
  roles: string;
  pay: string;
  deadline: string;
  poster: string;
  verified: string | null;
}

interface ProfileCardText {
  kind: 'profile';
  name: string;
  crafts: string;
  place: string;
  headline: string;
  verified: string | null;
  /** The stored photo's name (the hash changes with it), and its pixels as a data address. */
  photo: string | null;
}

type CardText = CallCardText | ProfileCardText;

const clip = (text: string, length: number) =>
  text.length > length ? `${text.slice(0, length - 1).trimEnd()}…` : text;

/** The pay of a call's roles: one amount, a range, or unpaid. */
export function payOf(roles: { paid: boolean; payInr: number }[], language: Language): string {
  const paid = roles.filter((role) => role.paid).map((role) => role.payInr);
  if (paid.length === 0) return words[language].unpaid;
  const low = Math.min(...paid);
  const high = Math.max(...paid);
  const rupees = (amount: number) => formatRupees(amount * 100, language);
  return low === high ? rupees(low) : `${rupees(low)} – ${rupees(high)}`;
}

/** A call's role names, the first four, then how many more. */
export function roleNames(names: string[], language: Language): string {
  const shown = names.slice(0, 4).join(', ');
  return names.length > 4 ? `${shown} ${words[language].more(names.length - 4)}` : shown;
}

type CallRow = typeof castingCalls.$inferSelect;
type ProfileRow = typeof profiles.$inferSelect;

/** Whether the public sees the call (its page, and so its card): published or closed, by a poster not hidden or held. */
export function isPublicCall(
  call: Pick<CallRow, 'status'>,
  poster: Pick<ProfileRow, 'hiddenByStaffAt' | 'heldReason'>,
) {
  return (
    (call.status === 'published' || call.status === 'closed') &&
    poster.hiddenByStaffAt === null &&
    poster.heldReason === null
  );
}

async function callText(db: Database, id: number, language: Language): Promise<CallCardText | null> {
  const [found] = await db
    .select({ call: castingCalls, poster: profiles })
    .from(castingCalls)
    .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
    .where(eq(castingCalls.id, id));
  if (!found || !isPublicCall(found.call, found.poster)) return null;
  const { call, poster } = found;
  const roles = await db
    .select({ name: castingRoles.name, paid: castingRoles.paid, payInr: castingRoles.payInr })
    .from(castingRoles)
    .where(eq(castingRoles.callId, id))
    .orderBy(asc(castingRoles.position));
  const said = words[language];
  const place = call.remote ? said.remote : (call.city ?? '');
  return {
    kind: 'call',
    label: said.castingCall,
    title: clip(call.title, 90),
    project: [said.projects[call.projectType as ProjectType], place].filter(Boolean).join(' · '),
    roles: clip(
      `${said.roles}: ${roleNames(
        roles.map((role) => role.name),
        language,
      )}`,
      110,
    ),
    pay: payOf(roles, language),
    deadline: call.status === 'closed' ? said.closed : said.applyBy(formatIndianDate(call.deadline, language)),
    poster: clip(poster.displayName, 60),
    verified: poster.verified ? said.verified : null,
  };
}

async function profileText(db: Database, row: ProfileRow, language: Language): Promise<ProfileCardText> {
  const [photo] = await db
    .select({ name: profilePhotos.name })
    .from(profilePhotos)
    .where(eq(profilePhotos.profileId, row.id))
    .orderBy(desc(profilePhotos.main), asc(profilePhotos.sortOrder), asc(profilePhotos.id))
    .limit(1);
  const said = words[language];
  return {
    kind: 'profile',
    name: clip(row.displayName, 60),
    crafts: clip(
      row.kind === 'person'
        ? row.crafts.map((craft) => said.crafts[craft as Craft] ?? craft).join(' · ')
        : row.category,
      90,
    ),
    place: row.city,
    headline: clip(row.headline, 120),
    verified: row.verified ? said.verified : null,
    photo: photo?.name ?? null,
  };
}

/** The fonts the cards are drawn in: Noto Sans Devanagari's Latin and Devanagari halves (one family, read once). */
let fonts: Promise<Parameters<typeof satori>[1]['fonts']> | undefined;
function cardFonts() {
  const require = createRequire(import.meta.url);
  const file = (subset: string, weight: number) =>
    fs.readFile(
      require.resolve(`@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-${subset}-${weight}-normal.woff`),
    );
  fonts ??= Promise.all(
    ['latin', 'devanagari'].flatMap((subset) =>
      ([400, 700] as const).map(async (weight) => ({
        // satori looks for a missing glyph in the other fonts only when they are named apart.
        name: `Noto ${subset}`,
        data: await file(subset, weight),
        weight,
        style: 'normal' as const,
      })),
    ),
  );
  return fonts;
}

/** An element for satori (its React-like shape, without JSX on the server). */
interface Node {
  type: string;
  props: { style?: Record<string, unknown>; children?: Node | string | (Node | string | null)[]; src?: string };
}
const box = (style: Record<string, unknown>, ...children: (Node | string | null)[]): Node => ({
  type: 'div',
  props: { style: { display: 'flex', ...style }, children: children.filter((child) => child !== null) },
});

const INK = '#14111c';
const PAPER = '#fff8e1';
const SAFFRON = '#ffab09';
const MUTED = '#d9cfb8';

const badge = (text: string | null) =>
  text
    ? box(
        {
          marginLeft: 16,
          padding: '4px 16px',
          borderRadius: 999,
          background: '#0b7a66',
          color: '#ffffff',
          fontSize: 26,
          fontWeight: 700,
        },
        text,
      )
    : null;

const brand = (label: string | null) =>
  box(
    { alignItems: 'center', justifyContent: 'space-between', width: '100%' },
    box({ fontSize: 40, fontWeight: 700, color: SAFFRON, letterSpacing: 1 }, 'CineVerse'),
    label
      ? box(
          { fontSize: 26, fontWeight: 700, color: INK, background: SAFFRON, padding: '6px 18px', borderRadius: 8 },
          label,
        )
      : null,
  );

function callCard(text: CallCardText): Node {
  const fact = (value: string, size: number, color = PAPER) =>
    box({ fontSize: size, color, marginTop: 14, lineHeight: 1.3 }, value);
  return box(
    {
      // The size inside the padding and the border: satori adds them to the box's own.
      width: CARD_WIDTH - 2 * 64,
      height: CARD_HEIGHT - 2 * 48 - 14,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '48px 64px',
      background: INK,
      color: PAPER,
      fontFamily: 'Noto latin, Noto devanagari',
      borderBottom: `14px solid ${SAFFRON}`,
    },
    brand(text.label),
    box(
      { flexDirection: 'column' },
      box({ fontSize: 60, fontWeight: 700, lineHeight: 1.2, maxHeight: 150, overflow: 'hidden' }, text.title),
      fact(text.project, 28, MUTED),
      fact(text.roles, 34),
      box(
        { marginTop: 18, alignItems: 'center', flexWrap: 'wrap' },
        box({ fontSize: 38, fontWeight: 700, color: SAFFRON, marginRight: 32 }, text.pay),
        box({ fontSize: 32, color: PAPER }, text.deadline),
      ),
    ),
    box(
      { alignItems: 'center', fontSize: 30, color: MUTED },
      box({ fontWeight: 700, color: PAPER }, text.poster),
      badge(text.verified),
    ),
  );
}

function profileCard(text: ProfileCardText, photo: string | null): Node {
  const initials = text.name
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.slice(0, 1))
    .join('');
  const picture: Node = photo
    ? { type: 'img', props: { src: photo, style: { width: 360, height: 360, borderRadius: 24, objectFit: 'cover' } } }
    : box(
        {
          width: 360,
          height: 360,
          borderRadius: 24,
          background: '#2a2436',
          alignItems: 'center',
          justifyContent: 'center',
          fontSize: 140,
          fontWeight: 700,
          color: SAFFRON,
        },
        initials,
      );
  return box(
    {
      // The size inside the padding and the border: satori adds them to the box's own.
      width: CARD_WIDTH - 2 * 64,
      height: CARD_HEIGHT - 2 * 48 - 14,
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '48px 64px',
      background: INK,
      color: PAPER,
      fontFamily: 'Noto latin, Noto devanagari',
      borderBottom: `14px solid ${SAFFRON}`,
    },
    brand(null),
    box(
      { alignItems: 'center' },
      picture,
      box(
        { flexDirection: 'column', marginLeft: 56, flex: 1 },
        box(
          { alignItems: 'center', flexWrap: 'wrap' },
          box({ fontSize: 58, fontWeight: 700, lineHeight: 1.2 }, text.name),
        ),
        text.verified ? box({ marginTop: 12 }, badge(text.verified)) : null,
        box({ fontSize: 34, color: SAFFRON, marginTop: 18, fontWeight: 700 }, text.crafts),
        box({ fontSize: 30, color: MUTED, marginTop: 12 }, text.place),
        text.headline ? box({ fontSize: 30, marginTop: 18, lineHeight: 1.3 }, text.headline) : null,
      ),
    ),
    box({}),
  );
}

/** A profile photo from the store as a JPEG data address satori can draw (it reads no WebP), or null when missing. */
async function photoData(storage: Storage, name: string): Promise<string | null> {
  // The 800-wide copy is enough for 360 pixels; a seeded photo has only its own name.
  for (const file of [uploadVariantName(name, 800), name]) {
    const found = await storage.read(`profile/${file}`).catch(() => null);
    if (!found) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(chunk as Buffer);
    const jpeg = await sharp(Buffer.concat(chunks)).resize(360, 360, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  }
  return null;
}

/** The card drawn: satori lays it out as SVG in the bundled fonts, sharp makes it a JPEG of 1200 × 630. */
export async function drawCard(text: CardText, storage: Storage): Promise<Buffer> {
  const photo = text.kind === 'profile' && text.photo ? await photoData(storage, text.photo) : null;
  const svg = await satori(
    (text.kind === 'call' ? callCard(text) : profileCard(text, photo)) as unknown as Parameters<typeof satori>[0],
    { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: await cardFonts() },
  );
  return sharp(Buffer.from(svg)).jpeg({ quality: 86, mozjpeg: true }).toBuffer();
}

const hashOf = (text: CardText) =>
  createHash('sha256').update(JSON.stringify({ LAYOUT_VERSION, text })).digest('hex').slice(0, 20);

/** Removes every card of a subject: its files, then its rows (the route stops serving at once either way). */
async function removeCards(db: Database, storage: Storage, subject: CardSubject, id: number): Promise<void> {
  const rows = await db
    .select({ name: shareCards.name })
    .from(shareCards)
    .where(and(eq(shareCards.subject, subject), eq(shareCards.subjectId, id)));
  await db.delete(shareCards).where(and(eq(shareCards.subject, subject), eq(shareCards.subjectId, id)));
  for (const row of rows) await storage.folder(CARDS_FOLDER).delete(row.name);
}

/** Makes the cards of one subject in each language whose words changed; removes them when the public may not see it. */
async function makeCards(
  db: Database,
  storage: Storage,
  subject: CardSubject,
  id: number,
  textIn: (language: Language) => Promise<CardText | null>,
): Promise<number> {
  let made = 0;
  for (const language of CARD_LANGUAGES) {
    const text = await textIn(language);
    if (!text) {
      await removeCards(db, storage, subject, id);
      return made;
    }
    const hash = hashOf(text);
    const [existing] = await db
      .select()
      .from(shareCards)
      .where(and(eq(shareCards.subject, subject), eq(shareCards.subjectId, id), eq(shareCards.language, language)));
    if (existing?.sourceHash === hash) continue;
    // Drawn under the same limit as the uploads' images: a burst of edits queues, never starves the uploads.
    const image = await imageWork.run(() => drawCard(text, storage));
    const name = `${subject}-${id}-${language}-${hash}.jpg`;
    await storage.folder(CARDS_FOLDER).put(name, image, 'image/jpeg');
    await db
      .insert(shareCards)
      .values({ subject, subjectId: id, language, name, sourceHash: hash })
      .onConflictDoUpdate({
        target: [shareCards.subject, shareCards.subjectId, shareCards.language],
        set: { name, sourceHash: hash, madeAt: new Date() },
      });
    // The old card goes once the new one is named: a page rendered meanwhile named one that still exists.
    if (existing) await storage.folder(CARDS_FOLDER).delete(existing.name);
    made += 1;
  }
  return made;
}

/**
 * The `cards` job: makes (or, for a subject the public may not see, removes) the cards of a call or a profile. A
 * profile's job also looks at the cards of its calls, which show its name and badge. Returns how many it drew.
 */
export async function makeShareCards(db: Database, storage: Storage, subject: CardSubject, id: number) {
  if (subject === 'call') return makeCards(db, storage, 'call', id, (language) => callText(db, id, language));
  const [row] = await db.select().from(profiles).where(eq(profiles.id, id));
  // Never a card for a hidden or minor's profile, nor one held for review: `canSeeProfile` as the public sees it.
  let made = await makeCards(db, storage, 'profile', id, async (language) =>
    row && canSeeProfile(row, null) ? profileText(db, row, language) : null,
  );
  const calls = await db
    .select({ id: castingCalls.id })
    .from(castingCalls)
    .where(and(eq(castingCalls.posterId, id), inArray(castingCalls.status, ['published', 'closed', 'pending'])));
  for (const call of calls) {
    made += await makeCards(db, storage, 'call', call.id, (language) => callText(db, call.id, language));
  }
  return made;
}

/** The card of a page path (`/auditions/12`, `/profiles/asha`) in `language`, while its subject is public. */
export async function cardOfPage(db: Database, pathname: string, language: Language): Promise<string | null> {
  const call = /^\/auditions\/(\d{1,9})\/?$/.exec(pathname)?.[1];
  const handle = /^\/profiles\/([^/]+)\/?$/.exec(pathname)?.[1];
  if (call) {
    const [found] = await db
      .select({ name: shareCards.name, call: castingCalls, poster: profiles })
      .from(shareCards)
      .innerJoin(castingCalls, eq(castingCalls.id, shareCards.subjectId))
      .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
      .where(
        and(eq(shareCards.subject, 'call'), eq(shareCards.subjectId, Number(call)), eq(shareCards.language, language)),
      );
    return found && isPublicCall(found.call, found.poster) ? found.name : null;
  }
  if (handle) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(handle).toLowerCase();
    } catch {
      return null;
    }
    const [found] = await db
      .select({ name: shareCards.name, profile: profiles })
      .from(shareCards)
      .innerJoin(profiles, eq(profiles.id, shareCards.subjectId))
      .where(and(eq(shareCards.subject, 'profile'), eq(profiles.handle, decoded), eq(shareCards.language, language)));
    return found && canSeeProfile(found.profile, null) ? found.name : null;
  }
  return null;
}

/** Whether the card file `name` may be served: it is a subject's current card, and the subject is public. */
export async function isServedCard(db: Database, name: string): Promise<boolean> {
  const [card] = await db.select().from(shareCards).where(eq(shareCards.name, name));
  if (!card) return false;
  if (card.subject === 'call') {
    const [found] = await db
      .select({ call: castingCalls, poster: profiles })
      .from(castingCalls)
      .innerJoin(profiles, eq(profiles.id, castingCalls.posterId))
      .where(eq(castingCalls.id, card.subjectId));
    return !!found && isPublicCall(found.call, found.poster);
  }
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, card.subjectId));
  return !!profile && canSeeProfile(profile, null);
}

/** A card file's name: what it is of, in which language, and the hash of its words. */
export const CARD_NAME = /^(?:call|profile)-\d{1,10}-(?:en|hi)-[0-9a-f]{20}\.jpg$/;

/**
 * The head tags of a page's card: the image (a whole address, as link previews need) with its size and type, and the
 * large preview X and others show.
 */
export function cardTags(name: string, publicUrl: string): string[] {
  const href = `${publicUrl.replace(/\/$/, '')}${CARDS_PREFIX}${name}`;
  return [
    `<meta property="og:image" content="${href}">`,
    `<meta property="og:image:type" content="image/jpeg">`,
    `<meta property="og:image:width" content="${CARD_WIDTH}">`,
    `<meta property="og:image:height" content="${CARD_HEIGHT}">`,
    `<meta name="twitter:card" content="summary_large_image">`,
    `<meta name="twitter:image" content="${href}">`,
  ];
}

/**
 * Public calls and profiles without a card yet, at most `limit` of each: those posted before cards existed, or by a
 * tool that queues no jobs (the seed). Drawn by jobs queued at a worker's start.
 */
export async function subjectsWithoutCards(
  db: Database,
  limit: number,
): Promise<{ subject: CardSubject; id: number }[]> {
  const hasCard = (subject: CardSubject, id: typeof castingCalls.id | typeof profiles.id) =>
    sql`not exists (select 1 from ${shareCards} where ${shareCards.subject} = ${subject} and ${shareCards.subjectId} = ${id})`;
  const calls = await db
    .select({ id: castingCalls.id })
    .from(castingCalls)
    .where(and(eq(castingCalls.status, 'published'), hasCard('call', castingCalls.id)))
    .limit(limit);
  const people = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(
      and(
        eq(profiles.visibility, 'public'),
        eq(profiles.minor, false),
        sql`${profiles.hiddenByStaffAt} is null and ${profiles.heldReason} is null`,
        hasCard('profile', profiles.id),
      ),
    )
    .limit(limit);
  const subjectOf = (subject: CardSubject) => (row: { id: number }) => ({ subject, id: row.id });
  return [...calls.map(subjectOf('call')), ...people.map(subjectOf('profile'))];
}
