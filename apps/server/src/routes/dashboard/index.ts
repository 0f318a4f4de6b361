import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@cc/contracts/envelope';
import { dashboardAnswer } from '@cc/contracts/dashboard';
import { ok } from '../../lib/envelope.ts';
import { deptScopeOf, permissionDefault } from '../../plugins/permissions.ts';
import { dashboardOf } from '../../services/dashboard/dashboard.ts';

/** The console's home: what needs action, the renewal calendar, spending. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  permissionDefault(app, 'orders.read');
  app.get('/v1/dashboard', {
    schema: {
      tags: ['dashboard'],
      summary: 'What needs action (orders awaiting payment or validation, certificates expiring, failed renewals), the renewal calendar and spending',
      response: { 200: envelope(dashboardAnswer) },
    },
  }, async (request) => ok(await dashboardOf(app.db, await deptScopeOf(request), app.clock.now())));
};
