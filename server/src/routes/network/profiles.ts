import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import {
  handleParamsSchema,
  photoChangeSchema,
  myProfileResponseSchema,
  profileInputSchema,
  profileListQuerySchema,
  profileListResponseSchema,
  publicProfileResponseSchema,
  CONTACT_DAILY_LIMIT,
  MESSAGES_PER_DAY,
  MESSAGES_PER_HOUR,
  contactInputSchema,
  replyInputSchema,
  conversationListResponseSchema,
  reportInputSchema,
  verificationRequestSchema,
} from '../../../../src/contract/profiles.js';
import { MEMBER_UPLOADS_PER_HOUR } from '../../../../src/contract/uploads.js';
import { messageResponseSchema } from '../../../../src/contract/user.js';
import { acceptImageUploads, readImageUpload, storeImageThen } from '../../lib/image-upload.js';
import { removeImage } from '../../lib/images.js';
import { HttpError } from '../../plugins/error-handler.js';
import { jsonSerializer, sendJson } from '../../plugins/read-cache.js';
import { signedInUser, userRouteSchema } from '../shop/route-helpers.js';
import { viewerOf } from './viewer.js';

const HOUR_MS = 60 * 60 * 1000;

/** The network's public reads: the index of profiles and a profile's page. */
export const publicProfileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { profileRepository } = fastify;
  const { directory } = fastify.readCache;
  const serializeList = jsonSerializer(profileListResponseSchema, '/profiles');

  fastify.get(
    '/profiles',
    {
      schema: {
        tags: ['network'],
        summary: 'Public profiles: by category, search (name, skill, headline), craft, language, city, verified',
        description: 'Verified first, then recently updated. Hidden profiles and members under 18 are never listed.',
        querystring: profileListQuerySchema,
        response: { 200: profileListResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // Category, city and language match regardless of case: one cached answer serves every spelling.
      const { category, city, language, search, ...rest } = request.query;
      const key = JSON.stringify([
        category?.toLowerCase() ?? '',
        city?.toLowerCase() ?? '',
        language?.toLowerCase() ?? '',
        search?.toLowerCase() ?? '',
        rest,
      ]);
      return sendJson(
        reply,
        await directory.get(key, async () => serializeList(await profileRepository.list(request.query))),
      );
    },
  );

  fastify.get(
    '/profiles/:handle',
    {
      schema: {
        tags: ['network'],
        summary: 'A profile as the public sees it (its owner and staff also see it while it is hidden)',
        description: 'A detail its member hides is absent; the date of birth and guardian never appear.',
        params: handleParamsSchema,
        response: { 200: publicProfileResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerOf(fastify, request, reply);
      return { data: await profileRepository.getPublic(request.params.handle, viewer) };
    },
  );
};

/** What a signed-in member does on another's profile: write to it, or report it. */
export const profileActionRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.post(
    '/profiles/:handle/contact',
    {
      onRequest: fastify.requireConfirmedEmail,
      schema: {
        ...userRouteSchema(
          'network',
          'Write to a profile: it reaches the member (a minor’s guardian) by email and in their account',
          true,
        ),
        description:
          `At most ${CONTACT_DAILY_LIMIT} new conversations a day per sender, and ${MESSAGES_PER_HOUR} messages an hour and ` +
          `${MESSAGES_PER_DAY} a day with answers and messages to the team (429 with Retry-After). Only with a ` +
          'confirmed email (403 with code `email_not_confirmed`).',
        params: handleParamsSchema,
        body: contactInputSchema,
        response: {
          201: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => {
        await fastify.conversationRepository.contact(
          tx,
          signedInUser(request).id,
          request.params.handle,
          request.body.message,
        );
        return { message: 'Your message is sent. You will see the answer under Messages.' };
      });
    },
  );

  fastify.post(
    '/profiles/:handle/report',
    {
      onRequest: fastify.authenticate,
      schema: {
        ...userRouteSchema(
          'network',
          'Report a profile as fake, impersonation or inappropriate; a moderator looks at it',
          true,
        ),
        params: handleParamsSchema,
        body: reportInputSchema,
        response: {
          201: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => {
        await fastify.moderationRepository.report(tx, signedInUser(request).id, request.params.handle, request.body);
        return { message: 'Thank you: a moderator will look at this profile' };
      });
    },
  );
};

/** The signed-in member's own profile and photos. */
export const myProfileRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { profileRepository } = fastify;
  const auth = { onRequest: fastify.authenticate };
  const photoFolder = fastify.storage.folder('profile');
  await acceptImageUploads(fastify);

  fastify.get(
    '/me/profile',
    {
      ...auth,
      schema: {
        ...userRouteSchema('network', 'The caller’s own profile, every field; 404 before it is created'),
        response: { 200: myProfileResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const profile = await profileRepository.getMine(signedInUser(request).id);
      if (!profile) throw new HttpError(404, 'You have no profile yet');
      return { data: profile };
    },
  );

  fastify.put(
    '/me/profile',
    {
      ...auth,
      schema: {
        ...userRouteSchema('network', 'Create or replace the caller’s profile', true),
        body: profileInputSchema,
        response: {
          200: myProfileResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const result = await fastify.runIdempotent(request, reply, async (tx) => ({
        data: await profileRepository.saveMine(tx, signedInUser(request).id, request.body),
      }));
      // The home page's tiles count the listed profiles.
      fastify.readCache.contentChanged();
      return result;
    },
  );

  fastify.get(
    '/me/conversations',
    {
      ...auth,
      schema: {
        ...userRouteSchema('network', 'The caller’s conversations: with their profile, and those they started'),
        response: { 200: conversationListResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await fastify.conversationRepository.listFor(signedInUser(request).id) }),
  );

  fastify.post(
    '/me/conversations/:id/messages',
    {
      onRequest: fastify.requireConfirmedEmail,
      schema: {
        ...userRouteSchema('network', 'Answer in a conversation (the other side is told by email)', true),
        params: idParamsSchema,
        body: replyInputSchema,
        response: {
          201: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => {
        await fastify.conversationRepository.reply(
          tx,
          signedInUser(request).id,
          request.params.id,
          request.body.message,
        );
        return { message: 'Your answer is sent' };
      });
    },
  );

  fastify.post(
    '/me/verification-request',
    {
      ...auth,
      schema: {
        ...userRouteSchema('network', 'Ask a moderator to verify the caller’s profile', true),
        body: verificationRequestSchema,
        response: {
          202: messageResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      reply.code(202);
      return fastify.runIdempotent(request, reply, async (tx) => {
        await fastify.moderationRepository.requestVerification(tx, signedInUser(request).id, request.body.note);
        return { message: 'Your request is with our moderators: you will hear from us by email' };
      });
    },
  );

  fastify.post(
    '/me/profile/photos',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'network',
          `Add a photo (multipart/form-data, field \`file\`: JPEG, PNG or WebP, at most 5 MB and 40 megapixels); the first is the main one. At most ${MEMBER_UPLOADS_PER_HOUR} uploads an hour (429 with Retry-After); 503 with Retry-After while the server's image work is full`,
          true,
        ),
        response: {
          201: myProfileResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const userId = signedInUser(request).id;
      // Every upload counts, a refused one too: each may cost a decode, and a script could send thousands.
      const [uploads] = await fastify.attempts.count([`photo-upload:${userId}`], HOUR_MS);
      if (uploads && uploads.attempts > MEMBER_UPLOADS_PER_HOUR) {
        const minutes = Math.ceil(uploads.retryAfterSeconds / 60);
        throw new HttpError(
          429,
          `You can add ${MEMBER_UPLOADS_PER_HOUR} images an hour. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
          'file',
          uploads.retryAfterSeconds,
        );
      }
      const bytes = await readImageUpload(fastify, request);
      request.body = { file_sha256: createHash('sha256').update(bytes).digest('hex') };
      reply.code(201);
      // Checked before the image is processed: a member without a profile costs no decode, and writes nothing.
      if (!(await profileRepository.getMine(userId))) throw new HttpError(404, 'Create your profile first');
      const added = await storeImageThen(reply, bytes, photoFolder, (image) =>
        fastify.runIdempotent(request, reply, async (tx) => ({
          data: await profileRepository.addPhoto(tx, userId, image.name),
        })),
      );
      // The directory's cards show the main photo.
      fastify.readCache.contentChanged();
      return added;
    },
  );

  fastify.put(
    '/me/profile/photos/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('network', 'Make a photo the main one, or move it (position 1 is first)', true),
        params: idParamsSchema,
        body: photoChangeSchema,
        response: { 200: myProfileResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const changed = await fastify.runIdempotent(request, reply, async (tx) => ({
        data: await profileRepository.updatePhoto(tx, signedInUser(request).id, request.params.id, request.body),
      }));
      fastify.readCache.contentChanged();
      return changed;
    },
  );

  fastify.delete(
    '/me/profile/photos/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('network', 'Remove a photo (its files are deleted)', true),
        params: idParamsSchema,
        response: { 200: myProfileResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { profile, name } = await fastify.runIdempotent(request, reply, (tx) =>
        profileRepository.removePhoto(tx, signedInUser(request).id, request.params.id),
      );
      await removeImage(photoFolder, name);
      fastify.readCache.contentChanged();
      return { data: profile };
    },
  );
};
