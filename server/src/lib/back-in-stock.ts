import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { wishlistItems } from '../db/schema.js';
import { notify } from './notify.js';

interface Buyable {
  stock: number;
  active: boolean;
}

/** Whether a product that could not be ordered (none left, or hidden) can be now. */
export function cameBack(before: Buyable, after: Buyable): boolean {
  return (before.stock <= 0 || !before.active) && after.stock > 0 && after.active;
}

/**
 * Tells everyone who keeps `product` in their wishlist that it can be ordered again, in the centre and by mail, in
 * the transaction `tx` that brought it back: the notice goes only if that commits.
 */
export async function tellWishlisters(
  tx: Database,
  product: { id: number; name: string },
  publicUrl: string,
): Promise<void> {
  const keepers = await tx
    .select({ userId: wishlistItems.userId })
    .from(wishlistItems)
    .where(eq(wishlistItems.productId, product.id));
  await notify(
    tx,
    keepers.map(({ userId }) => ({
      userId,
      kind: 'wishlist' as const,
      title: `${product.name} is back in stock`,
      body: 'It is in your wishlist: order it before it runs out again',
      link: `/shop/${product.id}`,
      mail: true,
    })),
    publicUrl,
  );
}
