import { estimateForTransit } from '@/contract/delivery';
import { decodeOfflinePins, findOfflinePin, type PinCheck, pinCheckResponseSchema, zoneBetween } from '@/contract/pins';
import { ApiError, apiPaths, apiRequest, NetworkError } from '@/lib/api-client';

/** The PIN last checked on this device, and what the shop last said of its zones (to answer offline). */
const REMEMBERED_KEY = 'cv-delivery-pin';

interface Remembered {
  pincode: string;
  rules?: Pick<PinCheck, 'transit' | 'cod_zones' | 'dispatch'> & { max_total: number };
}

export function rememberedPin(): Remembered | null {
  try {
    const value = JSON.parse(localStorage.getItem(REMEMBERED_KEY) ?? 'null') as Remembered | null;
    return value && typeof value.pincode === 'string' ? value : null;
  } catch {
    return null;
  }
}

function remember(value: Remembered) {
  try {
    localStorage.setItem(REMEMBERED_KEY, JSON.stringify(value));
  } catch {
    // Storage blocked: the next visit asks again.
  }
}

/** An answer about a PIN: the server's, or the device's own (`offline`) with what it can know. */
export type DeliveryAnswer =
  | { kind: 'found'; offline: boolean; check: Omit<PinCheck, 'delivery'> & { delivery: PinCheck['delivery'] | null } }
  | { kind: 'unknown' };

let offlineCopy: Promise<ReturnType<typeof decodeOfflinePins>> | undefined;

/** The compact copy, a chunk of its own (precached by the service worker), read once when first needed. */
function loadOfflineCopy() {
  offlineCopy ??= import('./offline-pins.gen').then(({ OFFLINE_PINS }) => decodeOfflinePins(OFFLINE_PINS));
  return offlineCopy;
}

/** Answers from the device's copy: the state and zone, and the date and COD by the rules last heard from the shop. */
export async function checkPinOffline(pincode: string, total?: number): Promise<DeliveryAnswer> {
  const found = findOfflinePin(await loadOfflineCopy(), pincode);
  if (!found) return { kind: 'unknown' };
  const rules = rememberedPin()?.rules;
  const dispatch = rules?.dispatch ?? { state: '27', metro: 1 };
  const zone = zoneBetween(dispatch, { state: found.state.code, metro: found.metro });
  const codReason = !rules
    ? null
    : !rules.cod_zones[zone]
      ? 'zone'
      : total !== undefined && total > rules.max_total
        ? 'total'
        : null;
  remember({ pincode, rules });
  return {
    kind: 'found',
    offline: true,
    check: {
      pincode,
      district: '',
      state: found.state.name,
      state_code: found.state.code,
      also: [],
      zone,
      delivery: rules ? estimateForTransit(new Date(), rules.transit[zone]) : null,
      cod: { available: rules ? codReason === null : false, reason: codReason, max_total: rules?.max_total ?? 0 },
      transit: rules?.transit ?? ({} as PinCheck['transit']),
      cod_zones: rules?.cod_zones ?? ({} as PinCheck['cod_zones']),
      dispatch,
    },
  };
}

/** Asks the shop about a PIN (with the order's total, for the COD limit); offline, the device's copy answers. */
export async function checkPin(pincode: string, total?: number, signal?: AbortSignal): Promise<DeliveryAnswer> {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return checkPinOffline(pincode, total);
  try {
    const query = new URLSearchParams({ pincode, ...(total === undefined ? {} : { total: String(total) }) });
    const { data } = await apiRequest(apiPaths.publicApi(`/checkPincode?${query}`), {
      schema: pinCheckResponseSchema,
      signal,
    });
    remember({
      pincode,
      rules: {
        transit: data.transit,
        cod_zones: data.cod_zones,
        dispatch: data.dispatch,
        max_total: data.cod.max_total,
      },
    });
    return { kind: 'found', offline: false, check: data };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { kind: 'unknown' };
    // No network, or a server that cannot answer now: the device's copy still knows the state and the zone.
    if (error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)) {
      return checkPinOffline(pincode, total);
    }
    throw error;
  }
}
