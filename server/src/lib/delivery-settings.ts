import { eq } from 'drizzle-orm';
import {
  DEFAULT_DELIVERY_SETTINGS,
  type DeliverySettings,
  deliverySettingsSchema,
} from '../../../src/contract/pins.js';
import type { Database } from '../db/client.js';
import { deliverySettings } from '../db/schema.js';
import { HttpError } from '../plugins/error-handler.js';
import { formatRupees } from './money.js';
import { codRefusal, findPin, zoneOf } from './pin-directory.js';

/**
 * The settings as last read by this process, for 5 seconds: every PIN check reads them, and a change made in
 * another process shows here within those seconds (at once in the process that made it).
 */
let cached: { settings: DeliverySettings; until: number } | null = null;
const CACHE_MS = 5_000;

/** The delivery settings staff saved, or the defaults until they have (kept 5 s: see `cached`). */
export async function getDeliverySettings(db: Database): Promise<DeliverySettings> {
  if (cached && cached.until > Date.now()) return cached.settings;
  const settings = await readDeliverySettings(db);
  cached = { settings, until: Date.now() + CACHE_MS };
  return settings;
}

async function readDeliverySettings(db: Database): Promise<DeliverySettings> {
  const [row] = await db
    .select({ settings: deliverySettings.settings })
    .from(deliverySettings)
    .where(eq(deliverySettings.id, 1));
  if (!row) return DEFAULT_DELIVERY_SETTINGS;
  // A row written by an older version may lack a newer key: the defaults fill it.
  const parsed = deliverySettingsSchema.safeParse({ ...DEFAULT_DELIVERY_SETTINGS, ...(row.settings as object) });
  return parsed.success ? parsed.data : DEFAULT_DELIVERY_SETTINGS;
}

/** Saves new settings in `tx`, returning them with the ones they replace (for the audit log). */
export async function updateDeliverySettings(
  tx: Database,
  input: DeliverySettings,
): Promise<{ before: DeliverySettings; after: DeliverySettings }> {
  const before = await readDeliverySettings(tx);
  cached = null;
  await tx
    .insert(deliverySettings)
    .values({ id: 1, settings: input })
    .onConflictDoUpdate({ target: deliverySettings.id, set: { settings: input, updatedAt: new Date() } });
  // Read again from the database after the commit: a rolled-back change is never kept here.
  cached = null;
  return { before, after: input };
}

/**
 * Refuses an order paid cash on delivery that the staff's rules do not allow: to a zone without it, or above the
 * limit. A 422 on `payment_method`, saying why, as the checkout said before the order was placed.
 */
export async function refuseCashOnDelivery(tx: Database, pincode: string, total: number): Promise<void> {
  const entry = findPin(pincode);
  if (!entry) return;
  const settings = await getDeliverySettings(tx);
  const zone = zoneOf(entry, findPin(settings.dispatch_pincode) ?? entry);
  const reason = codRefusal(settings, zone, total);
  if (reason === 'zone') {
    throw new HttpError(422, `Cash on delivery is not offered for deliveries to PIN code ${pincode}`, 'payment_method');
  }
  if (reason === 'total') {
    throw new HttpError(
      422,
      `Cash on delivery is offered for orders up to ${formatRupees(settings.cod_max_total)}`,
      'payment_method',
    );
  }
}
