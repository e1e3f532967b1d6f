import { asc, eq, inArray, sql } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { BannerInput } from '../../../src/contract/admin.js';
import type { Banner } from '../../../src/contract/site.js';
import type { Database } from '../db/client.js';
import { banners } from '../db/schema.js';
import { assertUploaded } from '../lib/uploads.js';
import { HttpError } from './error-handler.js';

/** A banner as staff see it: with its place in the carousel, from 1. */
export type StaffBanner = Banner & { position: number };

declare module 'fastify' {
  interface FastifyInstance {
    /** The home page's content as staff edit it: banners now (insider videos, sections and the directory next). */
    contentRepository: {
      listBanners(executor?: Database): Promise<StaffBanner[]>;
      createBanner(tx: Database, input: BannerInput): Promise<StaffBanner>;
      updateBanner(tx: Database, id: number, input: BannerInput): Promise<{ before: StaffBanner; after: StaffBanner }>;
      deleteBanner(tx: Database, id: number): Promise<StaffBanner>;
    };
  }
}

export interface ContentRepositoryOptions {
  /** The uploads folder: an image named in content must be a file of its folder there. */
  uploadsDir: string;
}

/**
 * Puts `id` at `position` (from 1, clamped to the list) in `ids` and writes every item's place as its sort order,
 * so the positions are always 1..n with no gaps.
 */
async function writePositions(tx: Database, ids: number[], id: number | null, position: number | undefined) {
  const order = ids.filter((item) => item !== id);
  if (id !== null) {
    const index = position === undefined ? ids.indexOf(id) : Math.min(Math.max(position, 1), ids.length) - 1;
    order.splice(index < 0 ? order.length : index, 0, id);
  }
  if (order.length === 0) return;
  await tx
    .update(banners)
    .set({
      sortOrder: sql`case ${sql.join(
        order.map((item, index) => sql`when ${banners.id} = ${item} then ${index + 1}::integer`),
        sql` `,
      )} end`,
    })
    .where(inArray(banners.id, order));
}

export default fp<ContentRepositoryOptions>(
  async (fastify, options) => {
    const { db } = fastify;

    const requireUpload = (folder: string, image: string) => assertUploaded(options.uploadsDir, folder, image);

    async function listBanners(executor: Database = db): Promise<StaffBanner[]> {
      const rows = await executor.select().from(banners).orderBy(asc(banners.sortOrder), asc(banners.id));
      return rows.map((row, index) => ({
        id: row.id,
        image: row.image,
        link: row.link,
        alt: row.altText,
        position: index + 1,
      }));
    }

    async function bannerOf(tx: Database, id: number): Promise<StaffBanner> {
      const found = (await listBanners(tx)).find((banner) => banner.id === id);
      if (!found) throw new HttpError(404, 'No such banner');
      return found;
    }

    /** The banners' ids in carousel order, locked: two reorderings at once take turns. */
    async function lockedIds(tx: Database): Promise<number[]> {
      const rows = await tx
        .select({ id: banners.id })
        .from(banners)
        .orderBy(asc(banners.sortOrder), asc(banners.id))
        .for('update');
      return rows.map((row) => row.id);
    }

    fastify.decorate('contentRepository', {
      listBanners,

      async createBanner(tx, input) {
        requireUpload('banner', input.image);
        const ids = await lockedIds(tx);
        const [row] = await tx
          .insert(banners)
          .values({ image: input.image, link: input.link ?? '', altText: input.alt ?? '', sortOrder: ids.length + 1 })
          .returning({ id: banners.id });
        await writePositions(tx, [...ids, row!.id], row!.id, input.position ?? ids.length + 1);
        return bannerOf(tx, row!.id);
      },

      async updateBanner(tx, id, input) {
        const ids = await lockedIds(tx);
        const before = await bannerOf(tx, id);
        requireUpload('banner', input.image);
        await tx
          .update(banners)
          .set({ image: input.image, link: input.link ?? '', altText: input.alt ?? '' })
          .where(eq(banners.id, id));
        await writePositions(tx, ids, id, input.position);
        return { before, after: await bannerOf(tx, id) };
      },

      async deleteBanner(tx, id) {
        const ids = await lockedIds(tx);
        const before = await bannerOf(tx, id);
        await tx.delete(banners).where(eq(banners.id, id));
        await writePositions(
          tx,
          ids.filter((item) => item !== id),
          null,
          undefined,
        );
        return before;
      },
    });
  },
  { name: 'content-repository', dependencies: ['database'] },
);
