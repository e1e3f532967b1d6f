import { z } from 'zod';

/** site_settings as the spec names them; image fields hold a file name in the `settings` upload folder. */
export const siteSettingsSchema = z.object({
  site_name: z.string(),
  site_description: z.string(),
  site_logo: z.string(),
  site_favicon: z.string(),
  site_phone: z.string(),
  site_whatsapp: z.string(),
  site_address: z.string(),
  facebook: z.string(),
  instagram: z.string(),
  youtube: z.string(),
  linkedin: z.string(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

export const categorySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
});
export type CategorySummary = z.infer<typeof categorySummarySchema>;

/** categoryList is an object keyed by category name, in display order. */
export const categoryListSchema = z.record(z.string(), categorySummarySchema);

export const homeDataSchema = z.object({
  site_settings: siteSettingsSchema,
  categoryList: categoryListSchema,
});
export type HomeData = z.infer<typeof homeDataSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
