import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeOfflinePins, findOfflinePin, stateByName, zoneBetween } from '../../src/contract/pins';
import { estimateForTransit } from '../../src/contract/delivery';
import { OFFLINE_PINS } from '../../src/lib/delivery/offline-pins.gen';
import { deliveryStateOf, findPin, pinCount } from '../../server/src/lib/pin-directory';

describe('the PIN directory made from India Post\u2019s list', () => {
  it('holds every PIN, 19,000 and more', () => {
    expect(pinCount()).toBeGreaterThanOrEqual(19_000);
  });

  it('answers known PINs with their district and the state\u2019s official name and GST code', () => {
    const place = (pin: string) => {
      const entry = findPin(pin);
      return entry && { district: entry.district, state: entry.state.name, code: entry.state.code };
    };
    expect(place('400001')).toEqual({ district: 'Mumbai', state: 'Maharashtra', code: '27' });
    expect(place('560001')).toEqual({ district: 'Bengaluru', state: 'Karnataka', code: '29' });
    expect(place('110001')).toEqual({ district: 'Central Delhi', state: 'Delhi', code: '07' });
    expect(place('600001')).toMatchObject({ district: 'Chennai', state: 'Tamil Nadu', code: '33' });
    expect(place('500001')).toMatchObject({ state: 'Telangana', code: '36' });
    expect(place('751001')).toMatchObject({ state: 'Odisha', code: '21' });
    expect(place('190001')).toMatchObject({ district: 'Srinagar', state: 'Jammu and Kashmir', code: '01' });
    expect(findPin('999999')).toBeUndefined();
  });

  it('puts Leh and Kargil in Ladakh, a union territory', () => {
    expect(findPin('194101')).toMatchObject({ district: 'Leh', state: { name: 'Ladakh', code: '38', ut: true } });
    expect(findPin('194103')?.state.name).toBe('Ladakh');
  });

  it('has Dadra and Nagar Haveli and Daman and Diu as one union territory', () => {
    const merged = { name: 'Dadra and Nagar Haveli and Daman and Diu', code: '26' };
    // Silvassa: listed under Gujarat too, by 2 of its 28 post offices; most say the territory.
    expect(findPin('396230')?.state).toMatchObject(merged);
    expect(findPin('396230')?.also.map((state) => state.name)).toEqual(['Gujarat']);
    expect(findPin('396210')?.state).toMatchObject(merged); // Daman
    expect(findPin('362520')?.state).toMatchObject(merged); // Diu
  });

  it('names the delivery state and its GST code for an address', () => {
    expect(deliveryStateOf({ state: 'maharashtra', pincode: '400065' })).toEqual({ name: 'Maharashtra', code: '27' });
    expect(deliveryStateOf({ state: 'Pondicherry', pincode: '605007' })).toEqual({ name: 'Puducherry', code: '34' });
    expect(stateByName('Jammu & Kashmir')?.code).toBe('01');
  });
});

describe('the compact offline copy', () => {
  it('is about 20 KB and holds every PIN with its state', () => {
    const bytes = fs.statSync('src/lib/delivery/offline-pins.gen.ts').size;
    expect(bytes).toBeLessThanOrEqual(24 * 1024);
    const copy = decodeOfflinePins(OFFLINE_PINS);
    expect(copy.pins.length).toBe(pinCount());
    expect(findOfflinePin(copy, '400001')).toMatchObject({ state: { name: 'Maharashtra' }, metro: 1 });
    expect(findOfflinePin(copy, '560001')).toMatchObject({ state: { name: 'Karnataka' }, metro: 5 });
    expect(findOfflinePin(copy, '194101')?.state.name).toBe('Ladakh');
    expect(findOfflinePin(copy, '396230')?.state.code).toBe('26');
    expect(findOfflinePin(copy, '999999')).toBeUndefined();
    // Every PIN agrees with the server's directory.
    for (let index = 0; index < copy.pins.length; index += 97) {
      const pin = String(copy.pins[index]);
      expect(findOfflinePin(copy, pin)?.state.code, pin).toBe(findPin(pin)?.state.code);
    }
  });
});

describe('zones and dates', () => {
  const mumbai = { state: '27', metro: 1 };
  it('sorts a PIN into a zone from the dispatch place', () => {
    expect(zoneBetween(mumbai, { state: '27', metro: 1 })).toBe('city');
    expect(zoneBetween(mumbai, { state: '27', metro: 8 })).toBe('state');
    expect(zoneBetween(mumbai, { state: '29', metro: 5 })).toBe('metro');
    expect(zoneBetween(mumbai, { state: '38', metro: 0 })).toBe('special');
    expect(zoneBetween(mumbai, { state: '18', metro: 0 })).toBe('special');
    expect(zoneBetween(mumbai, { state: '09', metro: 0 })).toBe('rest');
  });
  it('counts transit days on the business-day calendar', () => {
    // Friday 27 Nov 2026, 10:00 India: processed by Wed 2 Dec (3 business days), then 2 working days.
    expect(estimateForTransit(new Date('2026-11-27T04:30:00Z'), { min: 1, max: 2 })).toEqual({
      earliest: '2026-12-01',
      latest: '2026-12-04',
    });
  });
});
