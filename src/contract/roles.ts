import { z } from 'zod/mini';

/**
 * What an account may do. Everyone who registers is a `customer`; staff run the site from the back office:
 * `editor` site content, `shop_manager` products, coupons, orders and messages, `moderator` the member network,
 * `admin` everything, staff accounts included.
 */
export const roles = ['customer', 'editor', 'shop_manager', 'moderator', 'admin'] as const;
export type Role = (typeof roles)[number];
export const roleSchema = z.enum(roles);

/** The roles that see the back office. */
export const staffRoles: readonly Role[] = ['editor', 'shop_manager', 'moderator', 'admin'];

export function isStaff(role: string | null | undefined): boolean {
  return staffRoles.includes(role as Role);
}
