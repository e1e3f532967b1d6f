import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod/mini';
import {
  bannerInputSchema,
  insiderInputSchema,
  sectionItemInputSchema,
  sectionParamsSchema,
  slugOf,
  staffBannerListResponseSchema,
  staffBannerResponseSchema,
  staffInsiderListResponseSchema,
  staffInsiderResponseSchema,
  staffSectionItemListResponseSchema,
  staffSectionItemResponseSchema,
} from '../../../../src/contract/admin.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { type SectionType, sectionTypes } from '../../../../src/contract/site.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import type { Database } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import type { PositionedList } from '../../plugins/content-repository.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** The section type of an address's slug (`cine-news` is Cine News); the params schema lets only these through. */
const sectionOfSlug = new Map<string, SectionType>(sectionTypes.map((type) => [slugOf(type), type]));

interface ListArea {
  /** `/banners`, `/sections/:type/items`... */
  path: string;
  /** The documented name of one item ("banner"), and the audit log's entity. */
  noun: string;
  entity: string;
  /** A list's own address parameters (a section type, a category), besides an item's id. */
  params: z.ZodMiniObject;
  input: z.ZodMiniType;
  listResponse: z.ZodMiniType;
  itemResponse: z.ZodMiniType;
  /** The list the request addresses. */
  listOf(request: FastifyRequest, executor: Database): Promise<PositionedList<{ id: number }, never>>;
}

/**
 * The home page's content and the directory, for editors: banners, insider videos, the items of each section and
 * each category's entries, every list in an order staff set (`position`). A change shows on the public site at once
 * in this process (the read caches are cleared) and within a second in any other (plugins/change-notices.ts).
 */
const contentRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { contentRepository } = fastify;
  const editors = { onRequest: fastify.allowRoles('editor') };

  const areas: ListArea[] = [
    {
      path: '/banners',
      noun: 'banner',
      entity: 'banner',
      params: z.object({}),
      input: bannerInputSchema,
      listResponse: staffBannerListResponseSchema,
      itemResponse: staffBannerResponseSchema,
      listOf: async () => contentRepository.banners as PositionedList<{ id: number }, never>,
    },
    {
      path: '/insiders',
      noun: 'insider video',
      entity: 'insider',
      params: z.object({}),
      input: insiderInputSchema,
      listResponse: staffInsiderListResponseSchema,
      itemResponse: staffInsiderResponseSchema,
      listOf: async () => contentRepository.insiders as PositionedList<{ id: number }, never>,
    },
    {
      path: '/sections/:type/items',
      noun: 'section item',
      entity: 'section_item',
      params: sectionParamsSchema,
      input: sectionItemInputSchema,
      listResponse: staffSectionItemListResponseSchema,
      itemResponse: staffSectionItemResponseSchema,
      listOf: async (request) => {
        const { type } = request.params as { type: string };
        return contentRepository.section(sectionOfSlug.get(type)!) as PositionedList<{ id: number }, never>;
      },
    },
  ];

  for (const area of areas) {
    const itemParams = z.object({ ...area.params.shape, ...idParamsSchema.shape });
    const idOf = (request: FastifyRequest) => (request.params as { id: number }).id;
    const a = /^[aeiou]/.test(area.noun) ? 'an' : 'a';

    fastify.get(
      area.path,
      {
        ...editors,
        schema: {
          ...adminRouteSchema('content', `The ${area.noun} list, in order`, 'editors'),
          params: area.params,
          response: { 200: area.listResponse, ...adminErrorResponses, 404: errorResponseSchema },
        },
      },
      async (request) => ({ data: await (await area.listOf(request, fastify.db)).list() }),
    );

    fastify.post(
      area.path,
      {
        ...editors,
        schema: {
          ...adminRouteSchema('content', `Add ${a} ${area.noun} (last, or at \`position\`)`, 'editors', true),
          params: area.params,
          body: area.input,
          response: { 201: area.itemResponse, ...adminErrorResponses, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        reply.code(201);
        const answer = await fastify.runIdempotent(request, reply, async (tx) => {
          const item = await (await area.listOf(request, tx)).create(tx, request.body as never);
          await recordAudit(tx, request, { action: 'create', entity: area.entity, entityId: item.id, after: item });
          return { data: item };
        });
        fastify.readCache.contentChanged();
        return answer;
      },
    );

    fastify.put(
      `${area.path}/:id`,
      {
        ...editors,
        schema: {
          ...adminRouteSchema('content', `Change ${a} ${area.noun}, or move it to \`position\``, 'editors', true),
          params: itemParams,
          body: area.input,
          response: { 200: area.itemResponse, ...adminErrorResponses, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const answer = await fastify.runIdempotent(request, reply, async (tx) => {
          const list = await area.listOf(request, tx);
          const { before, after } = await list.update(tx, idOf(request), request.body as never);
          await recordAudit(tx, request, { action: 'update', entity: area.entity, entityId: after.id, before, after });
          return { data: after };
        });
        fastify.readCache.contentChanged();
        return answer;
      },
    );

    fastify.delete(
      `${area.path}/:id`,
      {
        ...editors,
        schema: {
          ...adminRouteSchema('content', `Remove ${a} ${area.noun}`, 'editors', true),
          params: itemParams,
          response: { 200: messageResponseSchema, ...adminErrorResponses, 404: errorResponseSchema },
        },
      },
      async (request, reply) => {
        const answer = await fastify.runIdempotent(request, reply, async (tx) => {
          const before = await (await area.listOf(request, tx)).remove(tx, idOf(request));
          await recordAudit(tx, request, { action: 'delete', entity: area.entity, entityId: before.id, before });
          return { message: `The ${area.noun} has been removed` };
        });
        fastify.readCache.contentChanged();
        return answer;
      },
    );
  }
};

export default contentRoutes;
