import { and, asc, count, eq, ilike, sql, type SQL } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { DirectoryPage, DirectoryQuery } from '../../../src/contract/directory.js';
import { categories, directoryEntries } from '../db/schema.js';
import { likePattern } from '../lib/like-pattern.js';

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

        const filters: SQL[] = [eq(directoryEntries.categoryId, category.id)];
        if (query.search) filters.push(ilike(directoryEntries.name, likePattern(query.search)));
        if (query.city) filters.push(sql`lower(${directoryEntries.city}) = lower(${query.city})`);
        const where = and(...filters);

        const [cityRows, totalRows, entries] = await Promise.all([
          db
            .selectDistinct({ city: directoryEntries.city })
            .from(directoryEntries)
            .where(eq(directoryEntries.categoryId, category.id))
            .orderBy(asc(directoryEntries.city)),
          db.select({ total: count() }).from(directoryEntries).where(where),
          db
            .select({
              id: directoryEntries.id,
              name: directoryEntries.name,
              city: directoryEntries.city,
              description: directoryEntries.description,
              photo: directoryEntries.photo,
              phone: directoryEntries.phone,
              email: directoryEntries.email,
              website: directoryEntries.website,
            })
            .from(directoryEntries)
            .where(where)
            .orderBy(asc(directoryEntries.sortOrder), asc(directoryEntries.name), asc(directoryEntries.id))
            .limit(query.pageSize)
            .offset((query.page - 1) * query.pageSize),
        ]);
        const total = totalRows[0]?.total ?? 0;
        return {
          category,
          cities: cityRows.map((row) => row.city),
          entries,
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
