import { z } from 'zod/mini';

/**
 * India's states and union territories by their official names, with the two-digit state code of GST (the first two
 * characters of a GSTIN; CBIC's list). Dadra and Nagar Haveli and Daman and Diu are one union territory since 26 Jan
 * 2020 (code 26; 25, Daman and Diu's, is no longer given); Ladakh one since 31 Oct 2019 (code 38).
 */
export const INDIAN_STATES = [
  { code: '01', name: 'Jammu and Kashmir', ut: true },
  { code: '02', name: 'Himachal Pradesh', ut: false },
  { code: '03', name: 'Punjab', ut: false },
  { code: '04', name: 'Chandigarh', ut: true },
  { code: '05', name: 'Uttarakhand', ut: false },
  { code: '06', name: 'Haryana', ut: false },
  { code: '07', name: 'Delhi', ut: true },
  { code: '08', name: 'Rajasthan', ut: false },
  { code: '09', name: 'Uttar Pradesh', ut: false },
  { code: '10', name: 'Bihar', ut: false },
  { code: '11', name: 'Sikkim', ut: false },
  { code: '12', name: 'Arunachal Pradesh', ut: false },
  { code: '13', name: 'Nagaland', ut: false },
  { code: '14', name: 'Manipur', ut: false },
  { code: '15', name: 'Mizoram', ut: false },
  { code: '16', name: 'Tripura', ut: false },
  { code: '17', name: 'Meghalaya', ut: false },
  { code: '18', name: 'Assam', ut: false },
  { code: '19', name: 'West Bengal', ut: false },
  { code: '20', name: 'Jharkhand', ut: false },
  { code: '21', name: 'Odisha', ut: false },
  { code: '22', name: 'Chhattisgarh', ut: false },
  { code: '23', name: 'Madhya Pradesh', ut: false },
  { code: '24', name: 'Gujarat', ut: false },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu', ut: true },
  { code: '27', name: 'Maharashtra', ut: false },
  { code: '29', name: 'Karnataka', ut: false },
  { code: '30', name: 'Goa', ut: false },
  { code: '31', name: 'Lakshadweep', ut: true },
  { code: '32', name: 'Kerala', ut: false },
  { code: '33', name: 'Tamil Nadu', ut: false },
  { code: '34', name: 'Puducherry', ut: true },
  { code: '35', name: 'Andaman and Nicobar Islands', ut: true },
  { code: '36', name: 'Telangana', ut: false },
  { code: '37', name: 'Andhra Pradesh', ut: false },
  { code: '38', name: 'Ladakh', ut: true },
] as const;

export type IndianState = (typeof INDIAN_STATES)[number];
export type StateCode = IndianState['code'];

const byCode = new Map<string, IndianState>(INDIAN_STATES.map((state) => [state.code, state]));

export function stateByCode(code: string): IndianState | undefined {
  return byCode.get(code);
}

/** Other ways people (and older lists) write a state's name, lower-cased, without punctuation. */
const STATE_ALIASES: Record<string, StateCode> = {
  'jammu kashmir': '01',
  jk: '01',
  'nct of delhi': '07',
  'new delhi': '07',
  'national capital territory of delhi': '07',
  orissa: '21',
  chattisgarh: '22',
  'dadra nagar haveli': '26',
  'dadra and nagar haveli': '26',
  'daman diu': '26',
  'daman and diu': '26',
  'dadra nagar haveli daman diu': '26',
  dnhdd: '26',
  pondicherry: '34',
  'andaman nicobar': '35',
  'andaman and nicobar': '35',
  'andaman nicobar islands': '35',
  uttaranchal: '05',
};

const squeeze = (name: string) =>
  name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const byName = new Map<string, StateCode>([
  ...INDIAN_STATES.map((state) => [squeeze(state.name), state.code] as [string, StateCode]),
  ...Object.entries(STATE_ALIASES).map(([alias, code]) => [alias, code] as [string, StateCode]),
  ...Object.entries(STATE_ALIASES).map(
    ([alias, code]) => [squeeze(alias.replace(/ /g, ' and ')), code] as [string, StateCode],
  ),
]);

/** The state or union territory a typed name means (official name, an older name, any case, `&` for `and`). */
export function stateByName(name: string): IndianState | undefined {
  const squeezed = squeeze(name);
  const code = byName.get(squeezed) ?? byName.get(squeezed.replace(/ and /g, ' '));
  return code ? byCode.get(code) : undefined;
}

/**
 * Delivery zones, from the shop's dispatch PIN: within its city (both PINs in the same metro area), within its state,
 * between two metro areas, a special region (the North-East, Jammu and Kashmir, Ladakh, the islands), or the rest of
 * India. Checked in that order, so a PIN in the dispatch state is never special.
 */
export const deliveryZones = ['city', 'state', 'metro', 'special', 'rest'] as const;
export type DeliveryZone = (typeof deliveryZones)[number];

/** The North-East's eight states, Jammu and Kashmir, Ladakh, Andaman and Nicobar Islands, Lakshadweep. */
export const SPECIAL_STATES: readonly StateCode[] = [
  '11',
  '12',
  '13',
  '14',
  '15',
  '16',
  '17',
  '18',
  '01',
  '38',
  '35',
  '31',
];

/**
 * The metro areas, by their India Post districts (as the directory names them). A PIN of one of these districts is in
 * that metro; "within city" means the same metro as the dispatch PIN.
 */
export const METRO_AREAS = [
  { id: 1, name: 'Mumbai', state: '27', districts: ['Mumbai', 'Thane'] },
  {
    id: 2,
    name: 'Delhi',
    state: '07',
    districts: [
      'Central Delhi',
      'New Delhi',
      'South Delhi',
      'North Delhi',
      'North West Delhi',
      'South West Delhi',
      'West Delhi',
      'East Delhi',
      'North East Delhi',
    ],
  },
  { id: 3, name: 'Kolkata', state: '19', districts: ['Kolkata', 'Howrah'] },
  { id: 4, name: 'Chennai', state: '33', districts: ['Chennai'] },
  { id: 5, name: 'Bengaluru', state: '29', districts: ['Bengaluru', 'Bengaluru Rural'] },
  { id: 6, name: 'Hyderabad', state: '36', districts: ['Hyderabad', 'Rangareddy'] },
  { id: 7, name: 'Ahmedabad', state: '24', districts: ['Ahmedabad'] },
  { id: 8, name: 'Pune', state: '27', districts: ['Pune'] },
] as const;

/** Where a PIN is, as far as zones go: its state's GST code and its metro area's id (0: none). */
export interface PinPlace {
  state: string;
  metro: number;
}

export function zoneBetween(from: PinPlace, to: PinPlace): DeliveryZone {
  if (to.metro !== 0 && to.metro === from.metro) return 'city';
  if (to.state === from.state) return 'state';
  if ((SPECIAL_STATES as readonly string[]).includes(to.state)) return 'special';
  if (to.metro !== 0 && from.metro !== 0) return 'metro';
  return 'rest';
}

export const pincodeSchema = z
  .string()
  .check(z.regex(/^[1-9]\d{5}$/, 'PIN code must be 6 digits and cannot start with 0'));

const transitSchema = z
  .object({
    min: z.int().check(z.gte(1, 'Transit days must be 1 or more'), z.lte(30, 'Transit days must be at most 30')),
    max: z.int().check(z.gte(1, 'Transit days must be 1 or more'), z.lte(30, 'Transit days must be at most 30')),
  })
  .check(
    z.refine((days) => days.min <= days.max, {
      message: 'The fewest transit days cannot be more than the most',
      path: ['max'],
    }),
  );

/**
 * What staff set for delivery: the PIN parcels leave from, the courier's working days in transit per zone, and where
 * cash on delivery is offered (per zone, and up to an order total in paise).
 */
export const deliverySettingsSchema = z.object({
  dispatch_pincode: pincodeSchema,
  transit: z.object({
    city: transitSchema,
    state: transitSchema,
    metro: transitSchema,
    special: transitSchema,
    rest: transitSchema,
  }),
  cod_zones: z.object({
    city: z.boolean(),
    state: z.boolean(),
    metro: z.boolean(),
    special: z.boolean(),
    rest: z.boolean(),
  }),
  cod_max_total: z.int().check(z.gte(0, 'The cash on delivery limit cannot be below ₹0')),
});
export type DeliverySettings = z.infer<typeof deliverySettingsSchema>;

/** The demo shop's: parcels leave Mumbai; cash on delivery up to ₹10,000 everywhere but the special regions. */
export const DEFAULT_DELIVERY_SETTINGS: DeliverySettings = {
  dispatch_pincode: '400001',
  transit: {
    city: { min: 1, max: 2 },
    state: { min: 2, max: 4 },
    metro: { min: 3, max: 5 },
    special: { min: 7, max: 12 },
    rest: { min: 4, max: 8 },
  },
  cod_zones: { city: true, state: true, metro: true, special: false, rest: true },
  cod_max_total: 1_000_000,
};

export const deliverySettingsResponseSchema = z.object({
  data: z.extend(deliverySettingsSchema, {
    dispatch_city: z.string(),
    dispatch_state: z.string(),
  }),
});

export const pinCheckRequestSchema = z.object({
  pincode: z.pipe(
    z.pipe(
      z.string({ error: 'PIN code is required' }).check(z.trim()),
      z.transform((value: string) => value.replace(/\s+/g, '')),
    ),
    pincodeSchema,
  ),
  /** The order's total in paise, when known: cash on delivery has a limit. */
  total: z.optional(z.coerce.number().check(z.int(), z.gte(0))),
});

/** Why cash on delivery is not offered, as a machine reason the app words. */
export const codBlockReasons = ['zone', 'total'] as const;

export const pinCheckSchema = z.object({
  pincode: z.string(),
  district: z.string(),
  state: z.string(),
  state_code: z.string(),
  /** Other states some of the PIN's post offices are listed in: an address there is accepted too. */
  also: z.array(z.string()),
  zone: z.enum(deliveryZones),
  /** The first and last day the parcel is expected if ordered now (`YYYY-MM-DD`, India). */
  delivery: z.object({ earliest: z.string(), latest: z.string() }),
  cod: z.object({
    available: z.boolean(),
    reason: z.nullable(z.enum(codBlockReasons)),
    /** The largest order total cash on delivery takes, in paise. */
    max_total: z.int(),
  }),
  /** The transit days and cash on delivery per zone and the dispatch place: the device keeps them to answer offline. */
  transit: deliverySettingsSchema.shape.transit,
  cod_zones: deliverySettingsSchema.shape.cod_zones,
  dispatch: z.object({ state: z.string(), metro: z.int() }),
});
export type PinCheck = z.infer<typeof pinCheckSchema>;
export const pinCheckResponseSchema = z.object({ data: pinCheckSchema });

// ---------------------------------------------------------------------------------------------------------------
// The compact offline copy (PIN → state and metro area, see scripts/pin-directory.ts): PINs in ascending order as
// gaps, each a base-32 digit group in the alphabet below (a character of the upper half continues the number),
// then `~`, then runs of `<count>.<state index><metro>` separated by `,`, counts in base 36.

export const OFFLINE_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-_';
export const OFFLINE_FIRST_PIN = 100000;

/** Reads the offline copy into two arrays in PIN order: the PINs, and each one's place (`state index * 16 + metro`). */
export function decodeOfflinePins(text: string): { pins: Int32Array; places: Uint16Array } {
  const [gapsText = '', runsText = ''] = text.split('~');
  const pins: number[] = [];
  let previous = OFFLINE_FIRST_PIN;
  let value = 0;
  let shift = 0;
  for (const char of gapsText) {
    const digit = OFFLINE_ALPHABET.indexOf(char);
    if (digit >= 32) {
      value += (digit - 32) * 2 ** shift;
      shift += 5;
    } else {
      value += digit * 2 ** shift;
      previous += value;
      pins.push(previous);
      value = 0;
      shift = 0;
    }
  }
  const places = new Uint16Array(pins.length);
  let at = 0;
  for (const run of runsText.split(',')) {
    const [count, place] = run.split('.');
    const end = at + parseInt(count ?? '0', 36);
    places.fill(parseInt(place ?? '0', 36), at, end);
    at = end;
  }
  return { pins: Int32Array.from(pins), places };
}

/** The place of `pincode` in a decoded offline copy, by binary search; undefined for a PIN it does not hold. */
export function findOfflinePin(
  copy: { pins: Int32Array; places: Uint16Array },
  pincode: string,
): { state: IndianState; metro: number } | undefined {
  const pin = Number(pincode);
  let low = 0;
  let high = copy.pins.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = copy.pins[middle] ?? 0;
    if (found === pin) {
      const place = copy.places[middle] ?? 0;
      const state = INDIAN_STATES[place >> 4];
      return state ? { state, metro: place & 15 } : undefined;
    }
    if (found < pin) low = middle + 1;
    else high = middle - 1;
  }
  return undefined;
}
