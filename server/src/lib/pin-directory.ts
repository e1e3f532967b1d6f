import {
  type DeliverySettings,
  type DeliveryZone,
  type IndianState,
  METRO_AREAS,
  type PinCheck,
  stateByCode,
  stateByName,
  zoneBetween,
} from '../../../src/contract/pins.js';
import { estimateForTransit } from '../../../src/contract/delivery.js';
import { HttpError } from '../plugins/error-handler.js';
import { PIN_ALSO, PIN_DISTRICTS, PIN_ENTRIES } from '../data/pin-directory.gen.js';

/** A PIN of India Post's directory: its district, its state, and the other states some of its offices are listed in. */
export interface PinEntry {
  pincode: string;
  district: string;
  state: IndianState;
  also: readonly IndianState[];
  /** Its metro area's id (METRO_AREAS), 0 when it is in none. */
  metro: number;
}

let directory: Map<string, PinEntry> | undefined;

/** The directory, read from the generated file on first use (a few milliseconds) and kept. */
function pinDirectory(): Map<string, PinEntry> {
  if (directory) return directory;
  const districts = PIN_DISTRICTS.split(';').map((key) => {
    const [name = '', code = ''] = key.split('|');
    const state = stateByCode(code);
    if (!state) throw new Error(`The PIN directory names an unknown state code ${code}`);
    const metro =
      METRO_AREAS.find((area) => area.state === code && (area.districts as readonly string[]).includes(name))?.id ?? 0;
    return { name, state, metro };
  });
  const also = new Map(
    PIN_ALSO.split(';').map((item) => {
      const [pin = '', codes = ''] = item.split(':');
      return [pin, codes.split(',').flatMap((code) => stateByCode(code) ?? [])] as const;
    }),
  );
  const entries = new Map<string, PinEntry>();
  for (let at = 0; at < PIN_ENTRIES.length; at += 8) {
    const pincode = PIN_ENTRIES.slice(at, at + 6);
    const district = districts[parseInt(PIN_ENTRIES.slice(at + 6, at + 8), 36)];
    if (!district) throw new Error(`The PIN directory's entry for ${pincode} names no district`);
    entries.set(pincode, {
      pincode,
      district: district.name,
      state: district.state,
      also: also.get(pincode) ?? [],
      metro: district.metro,
    });
  }
  directory = entries;
  return entries;
}

/** The directory's entry of a six-digit PIN, or undefined when India Post lists no such PIN. */
export function findPin(pincode: string): PinEntry | undefined {
  return pinDirectory().get(pincode);
}

/** How many PINs the directory holds. */
export function pinCount(): number {
  return pinDirectory().size;
}

/** Whether `stateName` (as typed) is a state the PIN is in: its own, or another one some of its offices are listed in. */
export function pinIsInState(entry: PinEntry, stateName: string): IndianState | undefined {
  const state = stateByName(stateName);
  if (!state) return undefined;
  return state.code === entry.state.code || entry.also.some((other) => other.code === state.code) ? state : undefined;
}

/**
 * The state a delivery address is in, by its official name and GST state code (for tax: the place of supply): the
 * state the address names when it is one its PIN is in, else the PIN's own state; undefined for an unknown PIN and
 * a state name that means nothing.
 */
export function deliveryStateOf(address: {
  state: string;
  pincode: string;
}): { name: string; code: string } | undefined {
  const entry = findPin(address.pincode);
  const state = (entry && pinIsInState(entry, address.state)) ?? entry?.state ?? stateByName(address.state);
  return state ? { name: state.name, code: state.code } : undefined;
}

/** The zone of a PIN as seen from the dispatch PIN. */
export function zoneOf(entry: PinEntry, dispatch: PinEntry): DeliveryZone {
  return zoneBetween(
    { state: dispatch.state.code, metro: dispatch.metro },
    { state: entry.state.code, metro: entry.metro },
  );
}

/** Why cash on delivery is not offered to this zone for this total, or null when it is. */
export function codRefusal(
  settings: DeliverySettings,
  zone: DeliveryZone,
  total: number | undefined,
): 'zone' | 'total' | null {
  if (!settings.cod_zones[zone]) return 'zone';
  if (total !== undefined && total > settings.cod_max_total) return 'total';
  return null;
}

/** What the shop answers about a PIN: where it is, the zone, when an order placed `now` arrives, and whether COD. */
export function checkPin(
  entry: PinEntry,
  settings: DeliverySettings,
  total: number | undefined,
  now = new Date(),
): PinCheck {
  const dispatch = findPin(settings.dispatch_pincode) ?? entry;
  const zone = zoneOf(entry, dispatch);
  const reason = codRefusal(settings, zone, total);
  return {
    pincode: entry.pincode,
    district: entry.district,
    state: entry.state.name,
    state_code: entry.state.code,
    also: entry.also.map((state) => state.name),
    zone,
    delivery: estimateForTransit(now, settings.transit[zone]),
    cod: { available: reason === null, reason, max_total: settings.cod_max_total },
    transit: settings.transit,
    cod_zones: settings.cod_zones,
    dispatch: { state: dispatch.state.code, metro: dispatch.metro },
  };
}

export const UNKNOWN_PIN = "This PIN code is not in India Post's directory";

/**
 * An address whose PIN India Post lists and whose state is one the PIN is in, with the state's official name; else
 * a 422 naming the field (`<prefix>pincode` or `<prefix>state`). The server never keeps a Maharashtra PIN with "Tamil
 * Nadu".
 */
export function checkAddressPin<T extends { state: string; pincode: string }>(address: T, prefix = ''): T {
  const entry = findPin(address.pincode);
  if (!entry) throw new HttpError(422, UNKNOWN_PIN, `${prefix}pincode`);
  const state = pinIsInState(entry, address.state);
  if (!state) {
    throw new HttpError(
      422,
      `PIN code ${entry.pincode} is in ${entry.state.name}; check the state or the PIN code`,
      `${prefix}state`,
    );
  }
  return { ...address, state: state.name };
}
