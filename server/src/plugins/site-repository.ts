import { asc, count, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import {
  sectionTypes,
  type Banner,
  type CategorySummary,
  type HomeData,
  type Insider,
  type Section,
  type SiteSettings,
} from '../../../src/contract/site.js';
import type { Database } from '../db/client.js';
import { banners, categories, insiders, listedProfile, profiles, sectionItems, siteSettings } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    siteRepository: {
      getSiteSettings(): Promise<SiteSettings>;
      /** Writes the settings in `tx` (the one row, made if missing); answers them as they were and as they are. */
      updateSiteSettings(tx: Database, input: SiteSettings): Promise<{ before: SiteSettings; after: SiteSettings }>;
      getCategoryList(): Promise<Record<string, CategorySummary>>;
      getBannerList(): Promise<Banner[]>;
      getInsiderList(): Promise<Insider[]>;
      getSectionList(): Promise<Section[]>;
      getHomeData(): Promise<HomeData>;
    };
  }
}

const emptySettings: SiteSettings = {
  site_name: '',
  site_description: '',
  site_logo: '',
  site_favicon: '',
  site_phone: '',
  site_whatsapp: '',
  site_address: '',
  facebook: '',
  instagram: '',
  youtube: '',
  linkedin: '',
};

export default fp(
  async (fastify) => {
    const { db } = fastify;

    async function getSiteSettings(from: Database = db): Promise<SiteSettings> {
      const [row] = await from.select().from(siteSettings).limit(1);
      if (!row) return emptySettings;
      return {
        site_name: row.siteName,
        site_description: row.siteDescription,
        site_logo: row.siteLogo,
        site_favicon: row.siteFavicon,
        site_phone: row.sitePhone,
        site_whatsapp: row.siteWhatsapp,
        site_address: row.siteAddress,
        facebook: row.facebook,
        instagram: row.instagram,
        youtube: row.youtube,
        linkedin: row.linkedin,
      };
    }

    async function getCategoryList(): Promise<Record<string, CategorySummary>> {
      const [rows, counts] = await Promise.all([
        db
          .select({ id: categories.id, name: categories.name, description: categories.description })
          .from(categories)
          .orderBy(asc(categories.sortOrder), asc(categories.name)),
        // The tiles' counts: the public profiles listed in each category.
        db
          .select({ category: sql<string>`lower(${profiles.category})`, count: count() })
          .from(profiles)
          .where(listedProfile)
          .groupBy(sql`lower(${profiles.category})`),
      ]);
      const countOf = new Map(counts.map((row) => [row.category, row.count]));
      return Object.fromEntries(
        rows.map((row) => [row.name, { ...row, count: countOf.get(row.name.toLowerCase()) ?? 0 }]),
      );
    }

    async function getBannerList(): Promise<Banner[]> {
      const rows = await db.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id));
      return rows.map((row) => ({ id: row.id, image: row.image, link: row.link, alt: row.altText }));
    }

    async function getInsiderList(): Promise<Insider[]> {
      const rows = await db.select().from(insiders).orderBy(asc(insiders.sortOrder), asc(insiders.id));
      return rows.map((row) => ({
        id: row.id,
        title: row.title,
        thumbnail: row.thumbnail,
        video_link: row.videoLink,
        link: row.link,
      }));
    }

    /** One entry per section type that has items, in the home page's order; unknown types are left out. */
    async function getSectionList(): Promise<Section[]> {
      const rows = await db.select().from(sectionItems).orderBy(asc(sectionItems.sortOrder), asc(sectionItems.id));
      return sectionTypes
        .map((type) => ({
          type,
          data: rows
            .filter((row) => row.type === type)
            .map((row) => ({
              id: row.id,
              title: row.title,
              image: row.image,
              link: row.link,
              description: row.description,
            })),
        }))
        .filter((section) => section.data.length > 0);
    }

    fastify.decorate('siteRepository', {
      getSiteSettings: () => getSiteSettings(),
      async updateSiteSettings(tx, input) {
        const before = await getSiteSettings(tx);
        const values = {
          siteName: input.site_name,
          siteDescription: input.site_description,
          siteLogo: input.site_logo,
          siteFavicon: input.site_favicon,
          sitePhone: input.site_phone,
          siteWhatsapp: input.site_whatsapp,
          siteAddress: input.site_address,
          facebook: input.facebook,
          instagram: input.instagram,
          youtube: input.youtube,
          linkedin: input.linkedin,
          updatedAt: sql`now()`,
        };
        await tx
          .insert(siteSettings)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: siteSettings.id, set: values });
        return { before, after: await getSiteSettings(tx) };
      },
      getCategoryList,
      getBannerList,
      getInsiderList,
      getSectionList,
      async getHomeData() {
        const [settings, categoryList, bannerList, insiderList, sectionList] = await Promise.all([
          getSiteSettings(),
          getCategoryList(),
          getBannerList(),
          getInsiderList(),
          getSectionList(),
        ]);
        return { site_settings: settings, categoryList, bannerList, insiderList, sectionList };
      },
    });
  },
  { name: 'site-repository', dependencies: ['database'] },
);
