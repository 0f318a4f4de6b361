import type { FastifyPluginAsync } from 'fastify';
import { contactRoutes } from './contacts/index.ts';
import { organizationRoutes } from './organizations/index.ts';
import { dcvEmailRoutes } from './purchase/dcv-emails.ts';
import { productRoutes } from './purchase/products.ts';
import { orderRoutes } from './purchase/orders.ts';
import { csrRoutes } from './purchase/csr.ts';
import { keyScopeDefault } from '../plugins/api-key-scope.ts';
import { permissionDefault } from '../plugins/permissions.ts';

/**
 * Every signed-in call of the purchase area: contacts, companies, saved validation e-mails, products, prices,
 * CSRs and order creation. Register inside the signed-in scope.
 */
export const purchaseRoutes: FastifyPluginAsync = async (app) => {
  // API keys: ordering and what it needs (contacts, companies, CSRs, validation e-mails) need the orders scope.
  keyScopeDefault(app, 'orders');
  permissionDefault(app, 'orders.read', 'orders.manage');
  await app.register(contactRoutes);
  await app.register(organizationRoutes);
  await app.register(dcvEmailRoutes);
  await app.register(productRoutes);
  await app.register(orderRoutes);
  await app.register(csrRoutes);
};
