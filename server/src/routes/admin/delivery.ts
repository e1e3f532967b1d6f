import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  deliverySettingsResponseSchema,
  deliverySettingsSchema,
  type DeliverySettings,
} from '../../../../src/contract/pins.js';
import { recordAudit } from '../../lib/audit.js';
import { getDeliverySettings, updateDeliverySettings } from '../../lib/delivery-settings.js';
import { findPin, UNKNOWN_PIN } from '../../lib/pin-directory.js';
import { HttpError } from '../../plugins/error-handler.js';
import { adminErrorResponses, adminRouteSchema } from './admin-route-helpers.js';

/** The dispatch PIN's city (district) and state, beside the settings. */
function withDispatchPlace(settings: DeliverySettings) {
  const dispatch = findPin(settings.dispatch_pincode);
  return { ...settings, dispatch_city: dispatch?.district ?? '', dispatch_state: dispatch?.state.name ?? '' };
}

/** Where parcels leave from, transit days per zone and the cash on delivery rules, for shop managers. */
const deliverySettingsRoutes: FastifyPluginAsyncZod = async (fastify) => {
  const managers = { onRequest: fastify.allowRoles('shop_manager') };

  fastify.get(
    '/deliverySettings',
    {
      ...managers,
      schema: {
        ...adminRouteSchema(
          'delivery',
          'The dispatch PIN, transit days per zone and cash on delivery rules',
          'shop managers',
        ),
        response: { 200: deliverySettingsResponseSchema, ...adminErrorResponses },
      },
    },
    async () => ({ data: withDispatchPlace(await getDeliverySettings(fastify.db)) }),
  );

  fastify.put(
    '/deliverySettings',
    {
      ...managers,
      schema: {
        ...adminRouteSchema('delivery', 'Change the delivery settings', 'shop managers', true),
        body: deliverySettingsSchema,
        response: { 200: deliverySettingsResponseSchema, ...adminErrorResponses, 422: adminErrorResponses[400] },
      },
    },
    async (request, reply) => {
      if (!findPin(request.body.dispatch_pincode)) {
        throw new HttpError(422, UNKNOWN_PIN, 'dispatch_pincode');
      }
      return fastify.runIdempotent(request, reply, async (tx) => {
        const { before, after } = await updateDeliverySettings(tx, request.body);
        await recordAudit(tx, request, { action: 'update', entity: 'delivery_settings', before, after });
        return { data: withDispatchPlace(after) };
      });
    },
  );
};

export default deliverySettingsRoutes;
