import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addToCartRequestSchema,
  addToWishlistRequestSchema,
  cartAndWishlistSchema,
  cartSchema,
  moveToCartRequestSchema,
  setCartQuantityRequestSchema,
  wishlistSchema,
} from '../../../../src/contract/cart.js';
import { idParamsSchema } from '../../../../src/contract/catalog.js';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { shopErrorResponses as errors, signedInUser, userRouteSchema } from './route-helpers.js';

/** Cart and wishlist: the spec's calls plus setting a line's quantity and moving between the two. */
const cartRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const { cartRepository, db } = fastify;
  const auth = { onRequest: fastify.authenticate };

  fastify.get(
    '/getCartItems',
    {
      ...auth,
      schema: {
        ...userRouteSchema('cart', 'The cart, with line totals and subtotal'),
        response: { 200: cartSchema, 401: errorResponseSchema },
      },
    },
    async (request) => cartRepository.getCart(db, signedInUser(request).id),
  );

  fastify.post(
    '/addToCart',
    {
      ...auth,
      schema: {
        ...userRouteSchema('cart', 'Add a product; adding again adds to the quantity', true),
        body: addToCartRequestSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(
        request,
        reply,
        cartRepository.addToCart(
          signedInUser(request).id,
          request.body.product_id,
          request.body.quantity,
          request.body.variant_id ?? null,
        ),
      ),
  );

  fastify.put(
    '/cart/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('cart', "Set a cart line's quantity", true),
        params: idParamsSchema,
        body: setCartQuantityRequestSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(
        request,
        reply,
        cartRepository.setQuantity(signedInUser(request).id, request.params.id, request.body.quantity),
      ),
  );

  fastify.delete(
    '/removeFromCart/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('cart', 'Remove a cart line', true),
        params: idParamsSchema,
        response: { 200: cartSchema, ...errors },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, (tx) =>
        cartRepository.removeFromCart(tx, signedInUser(request).id, request.params.id),
      ),
  );

  fastify.post(
    '/cart/:id/move-to-wishlist',
    {
      ...auth,
      schema: {
        ...userRouteSchema('cart', 'Move a cart line to the wishlist', true),
        params: idParamsSchema,
        response: { 200: cartAndWishlistSchema, ...errors },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, (tx) =>
        cartRepository.moveToWishlist(tx, signedInUser(request).id, request.params.id),
      ),
  );

  fastify.get(
    '/getWishlistItems',
    {
      ...auth,
      schema: {
        ...userRouteSchema('wishlist', 'The wishlist'),
        response: { 200: wishlistSchema, 401: errorResponseSchema },
      },
    },
    async (request) => cartRepository.getWishlist(db, signedInUser(request).id),
  );

  fastify.post(
    '/addToWishlist',
    {
      ...auth,
      schema: {
        ...userRouteSchema('wishlist', 'Add a product; adding twice keeps one', true),
        body: addToWishlistRequestSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, (tx) =>
        cartRepository.addToWishlist(tx, signedInUser(request).id, request.body.product_id),
      ),
  );

  fastify.delete(
    '/removeFromWishlist/:id',
    {
      ...auth,
      schema: {
        ...userRouteSchema('wishlist', 'Remove a wishlist item', true),
        params: idParamsSchema,
        response: { 200: wishlistSchema, ...errors },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, (tx) =>
        cartRepository.removeFromWishlist(tx, signedInUser(request).id, request.params.id),
      ),
  );

  fastify.post(
    '/wishlist/:id/move-to-cart',
    {
      ...auth,
      schema: {
        ...userRouteSchema(
          'wishlist',
          'Move a wishlist item to the cart (a product with variants: the one picked)',
          true,
        ),
        params: idParamsSchema,
        body: moveToCartRequestSchema,
        response: { 200: cartAndWishlistSchema, ...errors },
      },
    },
    async (request, reply) =>
      fastify.runIdempotent(request, reply, (tx) =>
        cartRepository.moveToCart(tx, signedInUser(request).id, request.params.id, request.body?.variant_id ?? null),
      ),
  );
};

export default cartRoutes;
