import type { FastifyPluginAsync } from 'fastify';
import { batchPayRoutes } from './payments/batch.ts';
import { paymentCallbackRoutes } from './payments/callbacks.ts';
import { creditRecordRoutes } from './payments/credit-records.ts';
import { depositRoutes } from './payments/deposit.ts';
import { payRoutes } from './payments/pay.ts';
import { sandboxRoutes } from './payments/sandbox.ts';
import { keyScopeDefault } from '../plugins/api-key-scope.ts';
import { permissionDefault } from '../plugins/permissions.ts';

/** Signed-in calls of payment: pay ways, pay, PayPal capture, top-up, batch queues, balance records. */
export const paymentsRoutes: FastifyPluginAsync = async (app) => {
  // API keys: paying and topping up need the orders scope.
  keyScopeDefault(app, 'orders');
  // Paying needs orders.pay (and the role's limit, checked with the amount); top-up and balance records are finance's.
  permissionDefault(app, 'orders.read', 'orders.pay');
  await app.register(payRoutes);
  await app.register(depositRoutes);
  await app.register(batchPayRoutes);
  await app.register(creditRecordRoutes);
};

/** Public calls of payment: gateway callbacks (trusted by signature) and the sandbox gateway's hosted-page API. */
export const paymentsPublicRoutes: FastifyPluginAsync = async (app) => {
  await app.register(paymentCallbackRoutes);
  await app.register(sandboxRoutes);
};
