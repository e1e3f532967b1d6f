/**
 * Query keys of the signed-in user's shop data. They live here, not in one feature, because a move between cart and
 * wishlist, an order or a logout changes several features' data at once. Everything under `account` belongs to the
 * user and is removed on logout.
 */
export const accountKeys = {
  all: () => ['account'] as const,
  profile: () => [...accountKeys.all(), 'profile'] as const,
  cart: () => [...accountKeys.all(), 'cart'] as const,
  wishlist: () => [...accountKeys.all(), 'wishlist'] as const,
  coupons: () => [...accountKeys.all(), 'coupons'] as const,
  appliedCoupon: (code: string, subtotal: number) => [...accountKeys.coupons(), 'applied', code, subtotal] as const,
  orders: () => [...accountKeys.all(), 'orders'] as const,
  orderList: (page: number, status: string | undefined) =>
    [...accountKeys.orders(), 'list', page, status ?? 'all'] as const,
  order: (orderId: number) => [...accountKeys.orders(), 'detail', orderId] as const,
  /** The notification centre, which an order placed adds to. */
  notifications: () => [...accountKeys.all(), 'notifications'] as const,
};
