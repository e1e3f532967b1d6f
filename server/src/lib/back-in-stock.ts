import { and, eq, gt, notExists } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { notifications, wishlistItems } from '../db/schema.js';
import { notifyMany } from './notice-fan-out.js';
import { backInStockNotice } from './templates.js';

interface Buyable {
  stock: number;
  active: boolean;
}

/** Whether a product that could not be ordered (none left, or hidden) can be now. */
export function cameBack(before: Buyable, after: Buyable): boolean {
  return (before.stock <= 0 || !before.active) && after.stock > 0 && after.active;
}

/**
 * A keeper told that a product is back is not told again about it for this long (24 hours): a last one that sells
 * and comes back through a cancellation, again and again in one day, is news once.
 */
export const BACK_IN_STOCK_QUIET_MS = 24 * 60 * 60 * 1000;

/**
 * Tells everyone who keeps `product` in their wishlist that it can be ordered again, in the centre and by mail, in
 * the transaction `tx` that brought it back: the notice goes only if that commits (to many keepers, by a job).
 * Keepers told about it in the last `BACK_IN_STOCK_QUIET_MS` are left out. With `variant`, the news is of that size
 * or colour (named with the product, linked to the product page with it picked), told apart from the others'.
 */
export async function tellWishlisters(
  tx: Database,
  product: { id: number; name: string },
  publicUrl: string,
  variant: { id: number; label: string } | null = null,
): Promise<void> {
  const link = variant ? `/shop/${product.id}?variant=${variant.id}` : `/shop/${product.id}`;
  const name = variant ? `${product.name} (${variant.label})` : product.name;
  const toldLately = tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, wishlistItems.userId),
        eq(notifications.kind, 'wishlist'),
        eq(notifications.link, link),
        gt(notifications.createdAt, new Date(Date.now() - BACK_IN_STOCK_QUIET_MS)),
      ),
    );
  const keepers = await tx
    .select({ userId: wishlistItems.userId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.productId, product.id), notExists(toldLately)));
  await notifyMany(
    tx,
    keepers.map(({ userId }) => ({
      userId,
      kind: 'wishlist' as const,
      words: backInStockNotice(name),
      link,
      mail: { site: publicUrl },
    })),
  );
}
