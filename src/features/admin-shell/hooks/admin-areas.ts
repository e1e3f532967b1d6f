import type { Role } from '@/contract/roles';
import { useAppStore } from '@/lib/app-store';
import { getRole } from '@/lib/session';
import { admin_area_audit } from '@/paraglide/messages/admin_area_audit.js';
import { admin_area_banners } from '@/paraglide/messages/admin_area_banners.js';
import { admin_area_coupons } from '@/paraglide/messages/admin_area_coupons.js';
import { admin_area_dashboard } from '@/paraglide/messages/admin_area_dashboard.js';
import { admin_area_insiders } from '@/paraglide/messages/admin_area_insiders.js';
import { admin_area_mail } from '@/paraglide/messages/admin_area_mail.js';
import { admin_area_messages } from '@/paraglide/messages/admin_area_messages.js';
import { admin_area_moderation } from '@/paraglide/messages/admin_area_moderation.js';
import { admin_area_orders } from '@/paraglide/messages/admin_area_orders.js';
import { admin_area_products } from '@/paraglide/messages/admin_area_products.js';
import { admin_area_sections } from '@/paraglide/messages/admin_area_sections.js';
import { admin_area_settings } from '@/paraglide/messages/admin_area_settings.js';
import { admin_area_users } from '@/paraglide/messages/admin_area_users.js';
import { grv_area } from '@/paraglide/messages/grv_area.js';
import { pin_admin_area } from '@/paraglide/messages/pin_admin_area.js';

export interface AdminArea {
  to: string;
  /** Its name in the page's language, read when shown. */
  label: () => string;
  /** Who sees it besides admins. */
  roles: readonly Role[];
}

// Each word is read when shown, through a function: its module may be in the route's chunk, which runs after this one.
/** The back office's screens, each shown to the roles the server lets call its API. */
export const adminAreas: readonly AdminArea[] = [
  { to: '/admin', label: () => admin_area_dashboard(), roles: ['editor', 'shop_manager', 'moderator'] },
  { to: '/admin/orders', label: () => admin_area_orders(), roles: ['shop_manager'] },
  { to: '/admin/products', label: () => admin_area_products(), roles: ['shop_manager'] },
  { to: '/admin/coupons', label: () => admin_area_coupons(), roles: ['shop_manager'] },
  { to: '/admin/delivery', label: () => pin_admin_area(), roles: ['shop_manager'] },
  { to: '/admin/messages', label: () => admin_area_messages(), roles: ['shop_manager'] },
  { to: '/admin/grievances', label: () => grv_area(), roles: ['shop_manager'] },
  { to: '/admin/content/banners', label: () => admin_area_banners(), roles: ['editor'] },
  { to: '/admin/content/insiders', label: () => admin_area_insiders(), roles: ['editor'] },
  { to: '/admin/content/sections', label: () => admin_area_sections(), roles: ['editor'] },
  { to: '/admin/settings', label: () => admin_area_settings(), roles: ['editor'] },
  { to: '/admin/moderation', label: () => admin_area_moderation(), roles: ['moderator'] },
  { to: '/admin/users', label: () => admin_area_users(), roles: [] },
  { to: '/admin/mail', label: () => admin_area_mail(), roles: [] },
  { to: '/admin/audit', label: () => admin_area_audit(), roles: [] },
];

export function canOpen(role: string | null | undefined, area: AdminArea): boolean {
  return role === 'admin' || area.roles.includes(role as Role);
}

/** The role of the signed-in account: the profile's once loaded, else the one stored at login (spec key `role`). */
export function useStaffRole(): string | null {
  const profileRole = useAppStore((state) => state.userProfile?.role);
  return profileRole ?? getRole();
}
