import type { FastifyRequest } from 'fastify';

/** This site's origin as the payer sees it: PUBLIC_URL, else the request's own scheme and host. */
export function siteOrigin(request: FastifyRequest): string {
  const configured = request.server.config.PUBLIC_URL;
  return configured ? configured.replace(/\/+$/, '') : `${request.protocol}://${request.host}`;
}
