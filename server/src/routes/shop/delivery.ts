import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../../src/contract/common.js';
import { pinCheckRequestSchema, pinCheckResponseSchema } from '../../../../src/contract/pins.js';
import { getDeliverySettings } from '../../lib/delivery-settings.js';
import { checkPin, findPin, UNKNOWN_PIN } from '../../lib/pin-directory.js';
import { HttpError } from '../../plugins/error-handler.js';

/** "Check delivery to your PIN", for anyone: the shop's directory answers, no account needed. */
const deliveryRoutes: FastifyPluginAsyncZod = async (fastify) => {
  fastify.get(
    '/checkPincode',
    {
      schema: {
        tags: ['catalogue'],
        summary:
          'A PIN code\u2019s district and state, its delivery zone from the shop, when an order placed now arrives, ' +
          'and whether cash on delivery is offered (for an order of `total` paise, when given)',
        querystring: pinCheckRequestSchema,
        response: { 200: pinCheckResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const entry = findPin(request.query.pincode);
      if (!entry) throw new HttpError(404, UNKNOWN_PIN, 'pincode');
      return { data: checkPin(entry, await getDeliverySettings(fastify.db), request.query.total) };
    },
  );
};

export default deliveryRoutes;
