import type { DeliveryZone } from '@/contract/pins';
import { formatInr, monthName } from '@/lib/money';
import { pin_cod_not_total } from '@/paraglide/messages/pin_cod_not_total.js';
import { pin_cod_not_zone } from '@/paraglide/messages/pin_cod_not_zone.js';
import { pin_zone_city } from '@/paraglide/messages/pin_zone_city.js';
import { pin_zone_metro } from '@/paraglide/messages/pin_zone_metro.js';
import { pin_zone_rest } from '@/paraglide/messages/pin_zone_rest.js';
import { pin_zone_special } from '@/paraglide/messages/pin_zone_special.js';
import { pin_zone_state } from '@/paraglide/messages/pin_zone_state.js';

/** Read when rendered, in the page's language. */
export const zoneWords: Record<DeliveryZone, () => string> = {
  city: () => pin_zone_city(),
  state: () => pin_zone_state(),
  metro: () => pin_zone_metro(),
  special: () => pin_zone_special(),
  rest: () => pin_zone_rest(),
};

/** A day (`YYYY-MM-DD`, in India) as "4 Dec 2026". */
export function formatDay(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return `${day} ${monthName(month - 1)} ${year}`;
}

/** Why COD is not offered, in words; null when it is. */
export function codWords(cod: { available: boolean; reason: 'zone' | 'total' | null; max_total: number }) {
  if (cod.reason === 'zone') return pin_cod_not_zone();
  if (cod.reason === 'total') return pin_cod_not_total({ amount: formatInr(cod.max_total) });
  return null;
}
