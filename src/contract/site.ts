import { z } from 'zod/mini';

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
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** The public profiles listed in it. */
  count: z.optional(z.int()),
});
export type CategorySummary = z.infer<typeof categorySummarySchema>;

/** categoryList is an object keyed by category name, in display order. */
export const categoryListSchema = z.record(z.string(), categorySummarySchema);

/** A banner carousel slide: an image in the `banner` upload folder and where the slide leads. */
export const bannerSchema = z.object({
  id: z.int(),
  image: z.string(),
  link: z.string(),
  /** What the banner shows, for people who cannot see it; empty when the banner is decorative. */
  alt: z.string(),
});
export type Banner = z.infer<typeof bannerSchema>;

/** An insider video: a thumbnail in the `inside` folder, the video to play and an optional page link. */
export const insiderSchema = z.object({
  id: z.int(),
  title: z.string(),
  thumbnail: z.string(),
  video_link: z.string(),
  link: z.string(),
});
export type Insider = z.infer<typeof insiderSchema>;

/** The home page content sections, in the order the home page shows them. */
export const sectionTypes = [
  'Cine News',
  'Cine Fashion',
  'Cine Course',
  'Cine Audition',
  'Testimonial',
  'Cine Trailer',
  'Cine Awards',
  'Magazine',
] as const;
export type SectionType = (typeof sectionTypes)[number];

/** An item of a content section; its image is in the `section` folder. */
export const sectionItemSchema = z.object({
  id: z.int(),
  title: z.string(),
  image: z.string(),
  link: z.string(),
  description: z.string(),
});
export type SectionItem = z.infer<typeof sectionItemSchema>;

export const sectionSchema = z.object({
  type: z.enum(sectionTypes),
  data: z.array(sectionItemSchema),
});
export type Section = z.infer<typeof sectionSchema>;

export const homeDataSchema = z.object({
  site_settings: siteSettingsSchema,
  categoryList: categoryListSchema,
  bannerList: z.array(bannerSchema),
  insiderList: z.array(insiderSchema),
  sectionList: z.array(sectionSchema),
  /** Whether members may register and log in with a phone number and a code by SMS (the server can send codes). */
  phone_sign_in: z.optional(z.boolean()),
});
export type HomeData = z.infer<typeof homeDataSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});
