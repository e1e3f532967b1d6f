import { adminKeys } from '@/lib/admin-api';
import { siteKeys } from '@/lib/site-query-keys';

export const siteSettingsKeys = {
  admin: adminKeys.area('settings'),
  publicSite: siteKeys.homeData(),
};
