import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { DirectoryPage, DirectoryQuery } from '../../../src/contract/directory.js';
import { categories, listedProfile, profiles } from '../db/schema.js';
import { PROFILE_COUNT_LIMIT } from '../../../src/contract/profiles.js';
import { countListed, profilePhotoUrl } from './profile-repository.js';
import { cityMatch, profileSearch, profileSearchRank } from '../lib/search-keys.js';

declare module 'fastify' {
  interface FastifyInstance {
    directoryRepository: {
      /** A page of a category's entries, or null when no category has that name (any case). */
      listEntries(categoryName: string, query: DirectoryQuery): Promise<DirectoryPage | null>;
    };
  }
}

export default fp(
  async (fastify) => {
    const { db } = fastify;

    fastify.decorate('directoryRepository', {
      async listEntries(categoryName, query) {
        const [category] = await db
          .select({ id: categories.id, name: categories.name, description: categories.description })
          .from(categories)
          .where(sql`lower(${categories.name}) = lower(${categoryName})`)
          .limit(1);
        if (!category) return null;

        // The network's public profiles of the category (the entries staff once wrote are gone from here).
        const filters: SQL[] = [listedProfile, sql`lower(${profiles.category}) = lower(${category.name})`];
        const listed = and(...filters);
        if (query.search) filters.push(profileSearch(query.search));
        if (query.city) filters.push(cityMatch(profiles.cityKey, query.city));
        const where = and(...filters);

        const [cityRows, totalRows, rows] = await Promise.all([
          db.selectDistinct({ city: profiles.city }).from(profiles).where(listed).orderBy(asc(profiles.city)),
          countListed(db, where),
          db
            .select({
              id: profiles.id,
              handle: profiles.handle,
              name: profiles.displayName,
              city: profiles.city,
              description: profiles.headline,
              phone: profiles.phone,
              email: profiles.email,
              website: profiles.website,
              show: profiles.show,
              photo: sql<string | null>`(${sql.raw(
                'select p.name from profile_photos p where p.profile_id = "profiles"."id" order by p.main desc, p.sort_order, p.id limit 1',
              )})`,
            })
            .from(profiles)
            .where(where)
            .orderBy(
              // A name that is the search comes first, in either script.
              ...(query.search ? [asc(profileSearchRank(query.search))] : []),
              desc(profiles.verified),
              desc(profiles.updatedAt),
              asc(profiles.id),
            )
            .limit(query.pageSize)
            .offset((query.page - 1) * query.pageSize),
        ]);
        const total = Math.min(totalRows, PROFILE_COUNT_LIMIT);
        return {
          category,
          cities: [...new Set(cityRows.map((row) => row.city))],
          entries: rows.map(({ show, photo, phone, email, ...row }) => ({
            ...row,
            // A detail its member has not shown stays out, as on the profile's page.
            phone: show.phone ? phone : '',
            email: show.email ? email : '',
            photo: '',
            photo_url: photo ? profilePhotoUrl(photo) : '',
          })),
          page: query.page,
          pageSize: query.pageSize,
          total,
          totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
        };
      },
    });
  },
  { name: 'directory-repository', dependencies: ['database'] },
);
