import type { Role } from '@/contract/roles';
import { useAppStore } from '@/lib/app-store';
import { getRole } from '@/lib/session';

export interface AdminArea {
  to: string;
  label: string;
  /** Who sees it besides admins. */
  roles: readonly Role[];
}

/** The back office's screens, each shown to the roles the server lets call its API. */
export const adminAreas: readonly AdminArea[] = [
  { to: '/admin', label: 'Dashboard', roles: ['editor', 'shop_manager', 'moderator'] },
  { to: '/admin/orders', label: 'Orders', roles: ['shop_manager'] },
  { to: '/admin/products', label: 'Products', roles: ['shop_manager'] },
  { to: '/admin/coupons', label: 'Coupons', roles: ['shop_manager'] },
  { to: '/admin/messages', label: 'Messages', roles: ['shop_manager'] },
  { to: '/admin/content/banners', label: 'Banners', roles: ['editor'] },
  { to: '/admin/content/insiders', label: 'Insider videos', roles: ['editor'] },
  { to: '/admin/content/sections', label: 'Home sections', roles: ['editor'] },
  { to: '/admin/settings', label: 'Site settings', roles: ['editor'] },
  { to: '/admin/moderation', label: 'Moderation', roles: ['moderator'] },
  { to: '/admin/users', label: 'Users', roles: [] },
  { to: '/admin/mail', label: 'Mail not delivered', roles: [] },
  { to: '/admin/audit', label: 'Audit log', roles: [] },
];

export function canOpen(role: string | null | undefined, area: AdminArea): boolean {
  return role === 'admin' || area.roles.includes(role as Role);
}

/** The role of the signed-in account: the profile's once loaded, else the one stored at login (spec key `role`). */
export function useStaffRole(): string | null {
  const profileRole = useAppStore((state) => state.userProfile?.role);
  return profileRole ?? getRole();
}
