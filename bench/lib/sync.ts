import type { Browser } from 'playwright-core';
import type { Product } from '../../src/contract/catalog.js';
import type { CartAction } from '../../src/features/cart/api/cart-outbox.js';
import type { WishlistAction } from '../../src/features/wishlist/api/wishlist-outbox.js';
import { ownerOfUser, type OutboxEntry } from '../../src/offline/outbox-types.js';

type OutboxAction = CartAction | WishlistAction;
import type { Shopper } from './shop-api.js';
import { getCart, getWishlist } from './shop-api.js';

export interface SyncFigures {
  edits: number;
  /** From the `online` event until the last edit is acknowledged and gone from the device's outbox. */
  syncMs: number;
  /** The server's cart and wishlist match the 100 edits applied in order. */
  serverStateMatches: boolean;
}

/** 100 edits over the given products, in rounds: add to cart, wishlist, set quantity 2, unwishlist, set 3. */
export function plannedEdits(products: Product[], count: number): OutboxAction[] {
  const rounds: ((productId: number) => OutboxAction)[] = [
    (productId) => ({ kind: 'cart.add', productId, quantity: 1, wasPresent: false }),
    (productId) => ({ kind: 'wishlist.add', productId, wasPresent: false }),
    (productId) => ({ kind: 'cart.set', productId, quantity: 2 }),
    (productId) => ({ kind: 'wishlist.remove', productId }),
    (productId) => ({ kind: 'cart.set', productId, quantity: 3 }),
  ];
  if (products.length * rounds.length < count) throw new Error(`${count} edits need more products`);
  return Array.from({ length: count }, (_, index) => {
    const product = products[index % products.length]!;
    return rounds[Math.floor(index / products.length)]!(product.id);
  });
}

/** What the server must hold once every edit is applied in order. */
function expectedState(actions: OutboxAction[]): { cart: Map<number, number>; wishlist: Set<number> } {
  const cart = new Map<number, number>();
  const wishlist = new Set<number>();
  for (const action of actions) {
    if (action.kind === 'cart.add') cart.set(action.productId, (cart.get(action.productId) ?? 0) + action.quantity);
    if (action.kind === 'cart.set') cart.set(action.productId, action.quantity);
    if (action.kind === 'cart.remove') cart.delete(action.productId);
    if (action.kind === 'wishlist.add') wishlist.add(action.productId);
    if (action.kind === 'wishlist.remove') wishlist.delete(action.productId);
  }
  return { cart, wishlist };
}

/**
 * The installed app of a signed-in shopper goes offline, 100 cart and wishlist edits wait in its outbox (written
 * as the app writes them), then the network returns: the time until the outbox is empty, each edit acknowledged.
 */
export async function measureSync(
  browser: Browser,
  baseUrl: string,
  shopper: Shopper,
  products: Product[],
  count: number,
): Promise<SyncFigures> {
  const actions = plannedEdits(products, count);
  const byId = new Map(products.map((product) => [product.id, product]));
  const now = Date.now();
  const owner = ownerOfUser(shopper.userId);
  // As the app queues them (src/features/cart/api/cart-outbox.ts, wishlist-outbox.ts).
  const entries: OutboxEntry[] = actions.map((action, index) => ({
    kind: action.kind.startsWith('cart') ? 'cart' : 'wishlist',
    owner,
    lane: `product:${action.productId}`,
    payload: { action, product: byId.get(action.productId)! },
    idempotencyKey: `bench-${now}-${index}`,
    createdAt: now + index,
    attempts: 0,
    nextAttemptAt: 0,
  }));

  const context = await browser.newContext();
  await context.addInitScript((token: string) => {
    localStorage.setItem('useAccessToken', token);
    localStorage.setItem('role', 'customer');
  }, shopper.token);
  const page = await context.newPage();
  const profileLoaded = page.waitForResponse((response) => response.url().includes('/profile') && response.ok());
  await page.goto(baseUrl + '/shop');
  await profileLoaded;
  await page.waitForLoadState('networkidle');

  await context.setOffline(true);
  await page.evaluate(
    async ({ entries, owner }) => {
      const open = indexedDB.open('cineverse');
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      const tx = db.transaction('entries', 'readwrite');
      for (const entry of entries) tx.objectStore('entries').add(entry);
      await new Promise((resolve, reject) => {
        tx.oncomplete = resolve;
        tx.onerror = () => reject(tx.error);
      });
      // The clock starts just before the network comes back (a few milliseconds early, never late).
      const w = window as unknown as { __startSyncClock: () => Promise<number> };
      // No named inner functions here: the page has no `__name` helper that the TypeScript loader would call.
      w.__startSyncClock = async () => {
        const started = performance.now();
        for (;;) {
          const left = await new Promise<number>((resolve, reject) => {
            const count = db.transaction('entries').objectStore('entries').index('owner').count(owner);
            count.onsuccess = () => resolve(count.result);
            count.onerror = () => reject(count.error);
          });
          if (left === 0) return performance.now() - started;
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
      };
    },
    { entries, owner },
  );
  const clock = page.evaluate(() =>
    (window as unknown as { __startSyncClock: () => Promise<number> }).__startSyncClock(),
  );
  await context.setOffline(false);
  const syncMs = await clock;
  await context.close();

  const expected = expectedState(actions);
  const [cart, wishlist] = await Promise.all([getCart(baseUrl, shopper), getWishlist(baseUrl, shopper)]);
  const cartMatches =
    cart.data.length === expected.cart.size &&
    cart.data.every((line) => expected.cart.get(line.product_id) === line.quantity);
  const wishlistMatches =
    wishlist.data.length === expected.wishlist.size &&
    wishlist.data.every((item) => expected.wishlist.has(item.product_id));
  return { edits: count, syncMs, serverStateMatches: cartMatches && wishlistMatches };
}
