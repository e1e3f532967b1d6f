import { asc } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { CategorySummary, HomeData, SiteSettings } from '../../../src/contract/site.js';
import { categories, siteSettings } from '../db/schema.js';

declare module 'fastify' {
  interface FastifyInstance {
    siteRepository: {
      getSiteSettings(): Promise<SiteSettings>;
      getCategoryList(): Promise<Record<string, CategorySummary>>;
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

    async function getSiteSettings(): Promise<SiteSettings> {
      const [row] = await db.select().from(siteSettings).limit(1);
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
      const rows = await db
        .select({ id: categories.id, name: categories.name, description: categories.description })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name));
      return Object.fromEntries(rows.map((row) => [row.name, row]));
    }

    fastify.decorate('siteRepository', {
      getSiteSettings,
      getCategoryList,
      async getHomeData() {
        const [settings, categoryList] = await Promise.all([getSiteSettings(), getCategoryList()]);
        return { site_settings: settings, categoryList };
      },
    });
  },
  { name: 'site-repository', dependencies: ['database'] },
);
