import type { FastifyPluginAsync } from 'fastify';
import { limitAnonymous } from '../plugins/ip-limit.ts';
import { siteRoutes } from './site/index.ts';
import { sessionRoutes } from './session/index.ts';
import { signedInSessionRoutes } from './session/signed-in.ts';
import { accountRoutes } from './account/index.ts';
import { realNameRoutes } from './account/real-name.ts';
import { verificationCallbackRoutes, verificationSandboxRoutes } from './account/verification-sandbox.ts';
import { devRoutes } from './dev/index.ts';
import { purchaseRoutes } from './purchase-area.ts';
import { ordersPublicRoutes, ordersRoutes } from './orders-area.ts';
import { paymentsPublicRoutes, paymentsRoutes } from './payments-area.ts';
import { cfdnsRoutes } from './cfdns/index.ts';
import { dnsRoutes } from './dns/index.ts';
import { toolsRoutes } from './tools-area.ts';
import { renewalRoutes } from './renewal/index.ts';
import { myAccountRoutes } from './account/my-account.ts';
import { recordActivities } from '../plugins/activity-log.ts';
import { apiKeyRoutes } from './account/api-keys.ts';
import { eabKeyRoutes } from './acme/eab.ts';
import { securityRoutes } from './account/security.ts';
import { wechatSandboxRoutes } from './account/wechat-sandbox.ts';
import { discoveryRoutes } from './discovery/index.ts';
import { ctRoutes } from './ct/index.ts';
import { wechatProviderFor } from '../adapters/wechat/provider.ts';
import { siteMsgRoutes } from './messages/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { domainRoutes } from './domains/index.ts';
import { registrySandboxRoutes } from './domains/dev.ts';
import { invitationRoutes, teamRoutes } from './team/index.ts';
import { billingPublicRoutes, billingRoutes } from './billing/index.ts';
import { operatorRoutes } from './operator/index.ts';

/** Calls open to visitors. Each area adds its plugin here. */
export const publicRoutes: FastifyPluginAsync = async (app) => {
  // Every call open to visitors is counted per client address (plugins/ip-limit.ts).
  limitAnonymous(app);
  await app.register(siteRoutes);
  await app.register(sessionRoutes);
  await app.register(ordersPublicRoutes);
  await app.register(ctRoutes);
  // Only when switched on (never in production, see config.ts): otherwise the path does not exist (404).
  if (app.config.DEV_OUTBOX === 'on') await app.register(devRoutes);
  if (app.config.DEV_OUTBOX === 'on') await app.register(registrySandboxRoutes);
  await app.register(paymentsPublicRoutes);
  await app.register(verificationSandboxRoutes);
  await app.register(verificationCallbackRoutes);
  await app.register(invitationRoutes);
  // The sandbox WeChat provider exists only where it is the provider (never in production).
  if (wechatProviderFor(app.config, app.db)?.sandbox) await app.register(wechatSandboxRoutes);
  // The invoice mail's download link: its token is the permission.
  await app.register(billingPublicRoutes);
  // The operator area: guarded by its own secret, not by a customer session.
  await app.register(operatorRoutes);
};

/** Calls that need a session: every route registered here is guarded by requireSession. */
export const signedInRoutes: FastifyPluginAsync = async (app) => {
  // What the account did, for /account/log: every call below that changes a setting (plugins/activity-log.ts).
  recordActivities(app);
  await app.register(signedInSessionRoutes);
  await app.register(accountRoutes);
  await app.register(myAccountRoutes);
  await app.register(securityRoutes);
  await app.register(realNameRoutes);
  await app.register(apiKeyRoutes);
  await app.register(eabKeyRoutes);
  await app.register(purchaseRoutes);
  await app.register(ordersRoutes);
  await app.register(paymentsRoutes);
  await app.register(cfdnsRoutes);
  await app.register(toolsRoutes);
  await app.register(renewalRoutes);
  await app.register(siteMsgRoutes);
  await app.register(dashboardRoutes);
  await app.register(domainRoutes);
  await app.register(dnsRoutes);
  await app.register(teamRoutes);
  await app.register(billingRoutes);
  await app.register(discoveryRoutes);
};
