import type { FastifyPluginAsync } from 'fastify';
import auditRoutes from './audit.js';
import contentRoutes from './content.js';
import couponRoutes from './coupons.js';
import invoiceRoutes from './invoices.js';
import dashboardRoutes from './dashboard.js';
import deliverySettingsRoutes from './delivery.js';
import mailRoutes from './mail.js';
import messageRoutes from './messages.js';
import moderationRoutes from './moderation.js';
import orderRoutes from './orders.js';
import productRoutes from './products.js';
import returnAdminRoutes from './returns.js';
import settingsRoutes from './settings.js';
import uploadRoutes from './uploads.js';
import userRoutes from './users.js';

/** The back office's API: one file per area, each route saying which roles may call it (`allowRoles`). */
const adminRoutes: FastifyPluginAsync = async (fastify) => {
  await fastify.register(dashboardRoutes);
  await fastify.register(settingsRoutes);
  await fastify.register(contentRoutes);
  await fastify.register(userRoutes);
  await fastify.register(productRoutes);
  await fastify.register(couponRoutes);
  await fastify.register(orderRoutes);
  await fastify.register(invoiceRoutes);
  await fastify.register(returnAdminRoutes);
  await fastify.register(messageRoutes);
  await fastify.register(mailRoutes);
  await fastify.register(auditRoutes);
  await fastify.register(moderationRoutes);
  await fastify.register(uploadRoutes);
  await fastify.register(deliverySettingsRoutes);
};

export default adminRoutes;
