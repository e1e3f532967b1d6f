import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  anotherTimeSchema,
  myCallbackResponseSchema,
  myCallbacksResponseSchema,
  offerInputSchema,
  offerResponseSchema,
  pickSlotSchema,
  scheduleResponseSchema,
  slotInputSchema,
  slotResponseSchema,
} from '../../../../src/contract/callbacks.js';
import { callParamsSchema } from '../../../../src/contract/casting.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { shopErrorResponses, signedInUser, userRouteSchema } from '../shop/route-helpers.js';

/** Callback slots: the poster's schedule and offers, the applicant's pick or request for another time. */
export const callbackRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { callbackRepository } = fastify;
  const auth = { onRequest: fastify.authenticate };

  fastify.get(
    '/me/casting-calls/:id/callback-slots',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The callback slots of the caller’s call by time, its shortlist, and requests'),
        params: callParamsSchema,
        response: { 200: scheduleResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => ({
      data: await callbackRepository.schedule(signedInUser(request).id, request.params.id),
    }),
  );

  fastify.post(
    '/me/casting-calls/:id/callback-slots',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Add a callback slot to the caller’s call: a date and start in India time, a length, a place or a video-call link, a contact and instructions',
          true,
        ),
        params: callParamsSchema,
        body: slotInputSchema,
        response: { 201: slotResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return fastify.runIdempotent(request, reply, async (tx) => ({
        data: await callbackRepository.createSlot(tx, signedInUser(request).id, request.params.id, request.body),
      }));
    },
  );

  fastify.put(
    '/callback-slots/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Change a callback slot: everyone it is offered to is mailed the change with a calendar file (SEQUENCE raised)',
          true,
        ),
        params: idParamsSchema,
        body: slotInputSchema,
        response: { 200: slotResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await callbackRepository.changeSlot(tx, signedInUser(request).id, request.params.id, request.body),
      })),
  );

  fastify.delete(
    '/callback-slots/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Cancel a callback slot: everyone it was offered to is mailed a calendar cancellation',
          true,
        ),
        params: idParamsSchema,
        response: { 200: slotResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await callbackRepository.cancelSlot(tx, signedInUser(request).id, request.params.id),
      })),
  );

  fastify.post(
    '/me/casting-calls/:id/callback-offers',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'Offer callback slots to shortlisted applicants of the caller’s call: each moves to the callback and is mailed the slots with a calendar file',
          true,
        ),
        params: callParamsSchema,
        body: offerInputSchema,
        response: { 200: offerResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await callbackRepository.offer(tx, signedInUser(request).id, request.params.id, request.body),
      })),
  );

  fastify.get(
    '/me/callbacks',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The callback slots offered to the caller, by application'),
        response: { 200: myCallbacksResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await callbackRepository.mine(signedInUser(request).id) }),
  );

  fastify.post(
    '/applications/:id/callback-slot',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'casting',
          'The applicant picks one of the callback slots offered: mailed a confirmation with a calendar file',
          true,
        ),
        params: idParamsSchema,
        body: pickSlotSchema,
        response: { 200: myCallbackResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await callbackRepository.pick(tx, signedInUser(request).id, request.params.id, request.body.slot_id),
      })),
  );

  fastify.post(
    '/applications/:id/callback-request',
    {
      ...auth,
      schema: {
        ...userRouteSchema('casting', 'The applicant asks the poster for another callback time', true),
        params: idParamsSchema,
        body: anotherTimeSchema,
        response: { 200: myCallbackResponseSchema, ...shopErrorResponses },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, async (tx) => ({
        data: await callbackRepository.askAnotherTime(
          tx,
          signedInUser(request).id,
          request.params.id,
          request.body.note,
        ),
      })),
  );
};
