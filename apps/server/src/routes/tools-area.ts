import { permissionDefault } from '../plugins/permissions.ts';
import type { FastifyPluginAsync } from 'fastify';
import { reportRoutes } from './tools/report.ts';

/** Signed-in calls of the certificate tools (the other tools run in the browser and call nothing). */
export const toolsRoutes: FastifyPluginAsync = async (app) => {
  permissionDefault(app, 'tools.use');
  await app.register(reportRoutes);
};
