import { asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import fp from 'fastify-plugin';
import type { BannerInput, InsiderInput, SectionItemInput } from '../../../src/contract/admin.js';
import type { Banner, Insider, SectionItem, SectionType } from '../../../src/contract/site.js';
import { youtubeVideoId } from '../../../src/contract/youtube.js';
import type { Database } from '../db/client.js';
import { banners, insiders, sectionItems } from '../db/schema.js';
import { assertUploaded } from '../lib/uploads.js';
import { HttpError } from './error-handler.js';

/** An item as staff see it: with its place in its list, from 1. */
export type Positioned<T> = T & { position: number };

/** One list staff edit: add, change (moving it to `position`), remove, each answering the item before and after. */
export interface PositionedList<Item, Input> {
  list(executor?: Database): Promise<Positioned<Item>[]>;
  create(tx: Database, input: Input): Promise<Positioned<Item>>;
  update(tx: Database, id: number, input: Input): Promise<{ before: Positioned<Item>; after: Positioned<Item> }>;
  remove(tx: Database, id: number): Promise<Positioned<Item>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The home page's content as editors change it; every list keeps positions 1..n. */
    contentRepository: {
      banners: PositionedList<Banner, BannerInput>;
      insiders: PositionedList<Insider, InsiderInput>;
      section(type: SectionType): PositionedList<SectionItem, SectionItemInput>;
      /** The entries of the category named `category` (any case, or its slug); 404 when there is none. */
    };
  }
}

/** A table with an id and a sort order, as every positioned list has. */
type SortableTable = PgTable & { id: PgColumn; sortOrder: PgColumn };

/** How one kind of item is read and written; `scope` narrows the table to one list (a section, a category). */
interface ListSpec<Row, Item, Input> {
  table: SortableTable;
  scope?: SQL;
  /** "banner", in "No such banner". */
  noun: string;
  toItem(row: Row): Item;
  /** The row's values from the input (checked first), without its sort order. */
  values(input: Input): Record<string, unknown>;
  /** Refuses an input (an image named in content must be a file of its upload folder in the store). */
  check?(input: Input): Promise<void>;
}

/**
 * A positioned list over `spec.table`: every write locks the list's rows first, so two reorderings take turns, and
 * writes the places back as 1..n with no gaps.
 */
function positionedList<Row, Item extends { id: number }, Input extends { position?: number }>(
  db: Database,
  spec: ListSpec<Row, Item, Input>,
): PositionedList<Item, Input> {
  const { table } = spec;

  async function list(executor: Database = db): Promise<Positioned<Item>[]> {
    const rows = (await executor
      .select()
      .from(table)
      .where(spec.scope)
      .orderBy(asc(table.sortOrder), asc(table.id))) as Row[];
    return rows.map((row, index) => ({ ...spec.toItem(row), position: index + 1 }));
  }

  async function itemOf(tx: Database, id: number): Promise<Positioned<Item>> {
    const found = (await list(tx)).find((item) => item.id === id);
    if (!found) throw new HttpError(404, `No such ${spec.noun}`);
    return found;
  }

  async function lockedIds(tx: Database): Promise<number[]> {
    const rows = (await tx
      .select({ id: table.id })
      .from(table)
      .where(spec.scope)
      .orderBy(asc(table.sortOrder), asc(table.id))
      .for('update')) as { id: number }[];
    return rows.map((row) => row.id);
  }

  /** Puts `id` at `position` (clamped to the list; absent keeps its place) and writes every item's place. */
  async function writePositions(tx: Database, ids: number[], id: number | null, position: number | undefined) {
    const order = ids.filter((item) => item !== id);
    if (id !== null) {
      const index = position === undefined ? ids.indexOf(id) : Math.min(Math.max(position, 1), ids.length) - 1;
      order.splice(index < 0 ? order.length : index, 0, id);
    }
    if (order.length === 0) return;
    await tx
      .update(table)
      .set({
        sortOrder: sql`case ${sql.join(
          order.map((item, index) => sql`when ${table.id} = ${item} then ${index + 1}::integer`),
          sql` `,
        )} end`,
      } as never)
      .where(inArray(table.id, order));
  }

  return {
    list,
    async create(tx, input) {
      await spec.check?.(input);
      const ids = await lockedIds(tx);
      const [row] = (await tx
        .insert(table)
        .values({ ...spec.values(input), sortOrder: ids.length + 1 } as never)
        .returning({ id: table.id })) as { id: number }[];
      await writePositions(tx, [...ids, row!.id], row!.id, input.position ?? ids.length + 1);
      return itemOf(tx, row!.id);
    },
    async update(tx, id, input) {
      const ids = await lockedIds(tx);
      const before = await itemOf(tx, id);
      await spec.check?.(input);
      await tx
        .update(table)
        .set(spec.values(input) as never)
        .where(eq(table.id, id));
      await writePositions(tx, ids, id, input.position);
      return { before, after: await itemOf(tx, id) };
    },
    async remove(tx, id) {
      const ids = await lockedIds(tx);
      const before = await itemOf(tx, id);
      await tx.delete(table).where(eq(table.id, id));
      await writePositions(
        tx,
        ids.filter((item) => item !== id),
        null,
        undefined,
      );
      return before;
    },
  };
}

export default fp(
  async (fastify) => {
    const { db } = fastify;
    const requireUpload = async (folder: string, image: string, field: string) => {
      if (image) await assertUploaded(fastify.storage, folder, image, field);
    };

    const bannerList = positionedList(db, {
      table: banners,
      noun: 'banner',
      toItem: (row: typeof banners.$inferSelect): Banner => ({
        id: row.id,
        image: row.image,
        link: row.link,
        alt: row.altText,
      }),
      check: (input: BannerInput) => requireUpload('banner', input.image, 'image'),
      values: (input: BannerInput) => ({ image: input.image, link: input.link ?? '', altText: input.alt ?? '' }),
    });

    const insiderList = positionedList(db, {
      table: insiders,
      noun: 'insider video',
      toItem: (row: typeof insiders.$inferSelect): Insider => ({
        id: row.id,
        title: row.title,
        thumbnail: row.thumbnail,
        video_link: row.videoLink,
        link: row.link,
      }),
      check: async (input: InsiderInput) => {
        await requireUpload('inside', input.thumbnail, 'thumbnail');
        if (!youtubeVideoId(input.video_link)) {
          throw new HttpError(400, 'Enter the address of a YouTube video', 'video_link');
        }
      },
      values: (input: InsiderInput) => ({
        title: input.title,
        thumbnail: input.thumbnail,
        videoLink: input.video_link,
        link: input.link ?? '',
      }),
    });

    const sectionLists = new Map<SectionType, PositionedList<SectionItem, SectionItemInput>>();
    const section = (type: SectionType) => {
      let found = sectionLists.get(type);
      if (!found) {
        found = positionedList(db, {
          table: sectionItems,
          scope: eq(sectionItems.type, type),
          noun: 'section item',
          toItem: (row: typeof sectionItems.$inferSelect): SectionItem => ({
            id: row.id,
            title: row.title,
            image: row.image,
            link: row.link,
            description: row.description,
          }),
          check: (input: SectionItemInput) => requireUpload('section', input.image ?? '', 'image'),
          values: (input: SectionItemInput) => ({
            type,
            title: input.title,
            image: input.image ?? '',
            link: input.link ?? '',
            description: input.description ?? '',
          }),
        });
        sectionLists.set(type, found);
      }
      return found;
    };

    fastify.decorate('contentRepository', { banners: bannerList, insiders: insiderList, section });
  },
  { name: 'content-repository', dependencies: ['database', 'storage'] },
);
