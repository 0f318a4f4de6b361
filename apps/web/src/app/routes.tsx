/**
 * The route table: every route of documents 01 and 02. Pages load lazily, one chunk per page;
 * screens not built yet show the shared "not available yet" page with their own title.
 * Routes inside `signedIn` need a stored token: guarded here, by declaration.
 */
import type { ComponentType } from 'react';
import { createRootRoute, createRoute, lazyRouteComponent, redirect, type AnyRoute, type AsyncRouteComponent } from '@tanstack/react-router';
import { withChunkTimeout } from '../lib/chunk.ts';
import { getToken } from '../lib/session.ts';
import { loadSiteConfig } from '../lib/api/get-site-config.ts';
import { calls } from '../lib/api/calls.ts';
import { RouteError } from '../components/route-error.tsx';
import { toolPages } from '../features/tools/routes.ts';
import { firstOrdersPageCall } from '../features/orders/api/orders-call.ts';
import { RootShell } from './root-shell.tsx';
import { applySiteConfig } from './site-config-effects.ts';

type Page = AsyncRouteComponent<object>;
// The importer rides along: the build reads which module it loads (scripts/route-preloads.ts), so the server can name
// a route's files in its page.
const lazy = (importer: () => Promise<{ default: ComponentType }>): Page => Object.assign(lazyRouteComponent(withChunkTimeout(importer)), { importer });

const SignIn = lazy(() => import('../features/auth/components/sign-in-page.tsx'));
const SignUp = lazy(() => import('../features/auth/components/sign-up-page.tsx'));
const SecValidation = lazy(() => import('../features/auth/components/sec-validation-page.tsx'));
const PasswordReset = lazy(() => import('../features/auth/components/password-reset-page.tsx'));
const Invitation = lazy(() => import('../features/auth/components/invitation-page.tsx'));
const ManageWithTeam = lazy(() => import('./compose/manage-with-team.tsx'));
const Audit = lazy(() => import('../features/team/pages/audit-page.tsx'));
const NotFound = lazy(() => import('../features/errors/components/not-found-page.tsx'));
const ServerError = lazy(() => import('../features/errors/components/server-error-page.tsx'));
const Dashboard = lazy(() => import('../features/dashboard/components/dashboard-page.tsx'));
const Notification = lazy(() => import('../features/messages/pages/notification-page.tsx'));
const HelpOverview = lazy(() => import('../features/help/pages/help-overview-page.tsx'));
const HelpArticle = lazy(() => import('../features/help/pages/help-article-page.tsx'));
const Secure = lazy(() => import('../features/account/components/secure-page.tsx'));
const accountPage = (name: keyof typeof import('../features/account/routes.ts').accountPages) =>
  lazy(() => import('../features/account/routes.ts').then((m) => m.accountPages[name]()));
const RealName = lazy(() => import('../features/account/components/real-name-page.tsx'));
const Invite = lazy(() => import('../features/account/components/invite-page.tsx'));
const VerifyTest = lazy(() => import('../features/account/components/verify-test-page.tsx'));
const WechatTest = lazy(() => import('../features/account/components/wechat-test-page.tsx'));
const discoveryPage = (name: keyof typeof import('../features/discovery/routes.ts').discoveryPages) =>
  lazy(() => import('../features/discovery/routes.ts').then((m) => m.discoveryPages[name]()));
const Layout = lazy(() => import('./layouts/signed-in-layout.tsx'));
// The purchase area's pages come through one small chunk: their preload lists stay out of the first page.
const purchasePage = (name: keyof typeof import('../features/purchase/routes.ts').purchasePages) =>
  lazy(() => import('../features/purchase/routes.ts').then((m) => m.purchasePages[name]()));
// The domain area's pages come through one small chunk, as the purchase area's do.
const domainPage = (name: keyof typeof import('../features/domains/routes.ts').domainPages) =>
  lazy(() => import('../features/domains/routes.ts').then((m) => m.domainPages[name]()));
const DcvEmails = purchasePage('dcvEmails');
const Contacts = purchasePage('contacts');
const Organizations = purchasePage('organizations');
// Payment's pages through a small chunk the same way.
const paymentPage = (name: keyof typeof import('../features/payment/routes.ts').paymentPages) =>
  lazy(() => import('../features/payment/routes.ts').then((m) => m.paymentPages[name]()));
// Pages that combine features (src/app/compose): the order screen and the orders area, the console's busiest pages,
// load straight from here. A small chunk in between (as above) would cost a phone one more round trip before their
// code is even asked for; their preload lists in the first page are a few hundred bytes.
const PriceList = purchasePage('products');
const PurchaseWithPayment = lazy(() => import('./compose/purchase-with-payment.tsx'));
const OrdersList = lazy(() => import('./compose/orders-with-payment.tsx').then((m) => ({ default: m.OrdersListWithPayment })));
const ExpiringOrders = lazy(() => import('./compose/orders-with-payment.tsx').then((m) => ({ default: m.ExpiringOrdersWithPayment })));
const OrderDetails = lazy(() => import('./compose/order-details-with-payment.tsx').then((m) => ({ default: m.OrderDetailsWithPayment })));
const dnsPage = (name: keyof typeof import('../features/dns/routes.ts').dnsPages) =>
  lazy(() => import('../features/dns/routes.ts').then((m) => m.dnsPages[name]()));
const orderPage = (name: keyof typeof import('../features/orders/routes.ts').orderPages) =>
  lazy(() => import('../features/orders/routes.ts').then((m) => m.orderPages[name]()));

const billingPage = (name: keyof typeof import('../features/billing/routes.ts').billingPages) =>
  lazy(() => import('../features/billing/routes.ts').then((m) => m.billingPages[name]()));
const MyPrices = billingPage('myPrices');
const CreditRecords = billingPage('creditRecords');
const Transactions = billingPage('transactions');
const InvoiceApply = billingPage('invoice');
const InvoiceOrgs = billingPage('invoiceOrgs');
const InvoiceContacts = billingPage('invoiceContacts');
// Bought through the payment dialog: pages that combine features (src/app/compose).
const CertPackage = lazy(() => import('./compose/cert-package-with-payment.tsx'));
const DomainCart = lazy(() => import('./compose/domain-cart-with-payment.tsx'));
const Operator = billingPage('operator');

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

export const rootRoute = createRootRoute({
  component: RootShell,
  errorComponent: RouteError,
  staticData: { calls: [calls.siteConfig] },
  // Site configuration first: title, favicon, scripts, default language and sign-in type depend on it.
  beforeLoad: async () => {
    await applySiteConfig(await loadSiteConfig());
  },
});

// ---- outside the signed-in layout
const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-in',
  staticData: { titleKey: 'route.signIn' },
  validateSearch: (s: Record<string, unknown>): { redirect?: string; reset?: string } => ({ redirect: str(s.redirect), reset: str(s.reset) }),
  component: SignIn,
});
const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sign-up',
  staticData: { titleKey: 'route.signUp' },
  validateSearch: (s: Record<string, unknown>): { inviteCode?: string } => ({ inviteCode: str(s.inviteCode) }),
  component: SignUp,
});
/** Referral links: /signup/{code} opens sign-up with the invite code filled in. */
const signUpInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'signup/$code',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/sign-up', search: { inviteCode: params.code }, replace: true });
  },
});
const secValidationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'sec-validation',
  staticData: { titleKey: 'route.secValidation' },
  validateSearch: (s: Record<string, unknown>): { secToken?: string; authType?: string; authTypes?: string; contact?: string; telContact?: string; emailContact?: string; redirect?: string } => ({
    secToken: str(s.secToken),
    authType: str(s.authType),
    authTypes: Array.isArray(s.authTypes) ? s.authTypes.map(String).join(',') : str(s.authTypes),
    contact: str(s.contact),
    telContact: str(s.telContact),
    emailContact: str(s.emailContact),
    redirect: str(s.redirect),
  }),
  component: SecValidation,
});
// The platform's sandbox back office: not a customer page, guarded by the operator secret (not by a session).
const operatorRoute = createRoute({ getParentRoute: () => rootRoute, path: 'operator', staticData: { titleKey: 'route.operator' }, component: Operator });
const passwordResetRoute = createRoute({ getParentRoute: () => rootRoute, path: 'password-reset', staticData: { titleKey: 'route.passwordReset' }, component: PasswordReset });
// A member invited by e-mail or SMS sets its password here (the link carries the token).
const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'invitation',
  staticData: { titleKey: 'route.invitation' },
  validateSearch: (s: Record<string, unknown>): { token?: string } => ({ token: str(s.token) }),
  component: Invitation,
});
const notFoundRoute = createRoute({ getParentRoute: () => rootRoute, path: '404', staticData: { titleKey: 'route.notFound' }, component: NotFound });
const serverErrorRoute = createRoute({ getParentRoute: () => rootRoute, path: '500', staticData: { titleKey: 'route.serverError' }, component: ServerError });
const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ to: '/404', replace: true });
  },
});

// ---- the signed-in layout
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  staticData: { calls: [calls.verifyToken, calls.account, calls.exRate, calls.siteMsgSummary, calls.me] },
  beforeLoad: ({ location }) => {
    if (!getToken()) throw redirect({ to: '/sign-in', search: { redirect: location.href }, replace: true });
  },
  component: Layout,
});
const L = () => signedInRoute;

const indexRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ to: '/dashboard', replace: true });
  },
});
const dashboardRoute = createRoute({ getParentRoute: L, path: 'dashboard', staticData: { titleKey: 'route.dashboard', calls: [calls.dashboard] }, component: Dashboard });
const notificationRoute = createRoute({ getParentRoute: L, path: 'notification', staticData: { titleKey: 'route.notification' }, component: Notification });

// /ssl
const sslRoute = createRoute({ getParentRoute: L, path: 'ssl' });
const S = () => sslRoute;
const sslIndex = createRoute({ getParentRoute: S, path: '/', beforeLoad: () => { throw redirect({ to: '/ssl/certificates', replace: true }); } });
const sslCertificates = createRoute({ getParentRoute: S, path: 'certificates', staticData: { titleKey: 'route.ssl.certificates', calls: [calls.products, calls.frontConf] }, component: PurchaseWithPayment });
const sslCertificate = createRoute({ getParentRoute: S, path: 'certificate/$id', staticData: { titleKey: 'route.ssl.certificate' }, component: OrderDetails });
// The purchase area's price list (list prices); the account's own prices are on /account/products.
const sslProducts = createRoute({ getParentRoute: S, path: 'products', staticData: { titleKey: 'route.ssl.products' }, component: PriceList });
const sslDcvEmail = createRoute({ getParentRoute: S, path: 'dcv/email', staticData: { titleKey: 'route.ssl.dcvEmail' }, component: DcvEmails });

// /account
const accountRoute = createRoute({ getParentRoute: L, path: 'account', staticData: { titleKey: 'route.account.root' } });
const A = () => accountRoute;
const accountIndex = createRoute({ getParentRoute: A, path: '/', beforeLoad: () => { throw redirect({ to: '/account/center', replace: true }); } });
const accountChildren = [
  createRoute({ getParentRoute: A, path: 'center', staticData: { titleKey: 'route.account.center' }, component: accountPage('center') }),
  createRoute({ getParentRoute: A, path: 'info', staticData: { titleKey: 'route.account.info' }, component: accountPage('info') }),
  createRoute({
    getParentRoute: A,
    path: 'secure',
    staticData: { titleKey: 'route.account.secure' },
    // The WeChat provider comes back here with code and state (or error).
    validateSearch: (s: Record<string, unknown>): { code?: string; state?: string; error?: string } => ({ code: str(s.code), state: str(s.state), error: str(s.error) }),
    component: Secure,
  }),
    createRoute({ getParentRoute: A, path: 'manage', staticData: { titleKey: 'route.account.manage' }, component: ManageWithTeam }),
  // Real-name verification has its own page (document 02 §2 lists no child for it; manage is the account's own management).
  createRoute({ getParentRoute: A, path: 'verify', staticData: { titleKey: 'route.account.verify' }, component: RealName }),
  createRoute({ getParentRoute: A, path: 'invite', staticData: { titleKey: 'route.account.invite' }, component: Invite }),
  createRoute({ getParentRoute: A, path: 'products', staticData: { titleKey: 'route.account.products' }, component: MyPrices }),
  createRoute({ getParentRoute: A, path: 'log', staticData: { titleKey: 'route.account.log' }, component: accountPage('log') }),
  // The team's audit log: every member's changes, with the object and the address (features/team).
  createRoute({ getParentRoute: A, path: 'audit', staticData: { titleKey: 'route.account.audit' }, component: Audit }),
  createRoute({ getParentRoute: A, path: 'invoice', staticData: { titleKey: 'route.account.invoice' }, component: InvoiceApply }),
  createRoute({ getParentRoute: A, path: 'invoice/invoice-template', staticData: { titleKey: 'route.account.invoiceTemplate' }, component: InvoiceOrgs }),
  createRoute({ getParentRoute: A, path: 'invoice/mailling-template', staticData: { titleKey: 'route.account.maillingTemplate' }, component: InvoiceContacts }),
  createRoute({ getParentRoute: A, path: 'credit-records', staticData: { titleKey: 'route.account.creditRecords' }, component: CreditRecords }),
  createRoute({ getParentRoute: A, path: 'transaction', staticData: { titleKey: 'route.account.transaction' }, component: Transactions }),
  createRoute({ getParentRoute: A, path: 'developer', staticData: { titleKey: 'route.account.developer' }, component: accountPage('developer') }),
  createRoute({ getParentRoute: A, path: 'notify', staticData: { titleKey: 'route.account.notify' }, component: accountPage('notify') }),
  createRoute({ getParentRoute: A, path: 'cert-package', staticData: { titleKey: 'route.account.certPackage' }, component: CertPackage }),
] as const;

// /payment, /deposit
const paymentRoute = createRoute({ getParentRoute: L, path: 'payment' });
const P = () => paymentRoute;
const paymentChildren = [
  createRoute({ getParentRoute: P, path: '/', staticData: { titleKey: 'route.payment.root' }, component: paymentPage('payment') }),
  createRoute({ getParentRoute: P, path: 'batch', staticData: { titleKey: 'route.payment.batch' }, component: paymentPage('batch') }),
  createRoute({ getParentRoute: P, path: 'test', staticData: { titleKey: 'route.payment.test' }, component: paymentPage('paymentTest') }),
] as const;
const depositRoute = createRoute({ getParentRoute: L, path: 'deposit' });
const D = () => depositRoute;
const depositChildren = [
  createRoute({ getParentRoute: D, path: '/', staticData: { titleKey: 'route.deposit.root' }, component: paymentPage('deposit') }),
  createRoute({ getParentRoute: D, path: 'test', staticData: { titleKey: 'route.deposit.test' }, component: paymentPage('depositTest') }),
] as const;

// /verify/test: the sandbox verifier's review page (as /payment/test is the payment sandbox's)
const verifyTestRoute = createRoute({
  getParentRoute: L,
  path: 'verify/test',
  staticData: { titleKey: 'route.verify.test' },
  validateSearch: (s: Record<string, unknown>): { id?: string } => ({ id: str(s.id) }),
  component: VerifyTest,
});

// /wechat/test: the sandbox WeChat provider's authorize page (as /verify/test is the sandbox verifier's)
const wechatTestRoute = createRoute({
  getParentRoute: L,
  path: 'wechat/test',
  staticData: { titleKey: 'route.wechat.test' },
  validateSearch: (s: Record<string, unknown>): { state?: string; redirect_uri?: string } => ({ state: str(s.state), redirect_uri: str(s.redirect_uri) }),
  component: WechatTest,
});

// /orders
const ordersRoute = createRoute({ getParentRoute: L, path: 'orders', staticData: { titleKey: 'route.orders.root' } });
const O = () => ordersRoute;
const ordersChildren = [
  createRoute({ getParentRoute: O, path: '/', beforeLoad: () => { throw redirect({ to: '/orders/list', replace: true }); } }),
  createRoute({
    getParentRoute: O,
    path: 'list',
    staticData: { titleKey: 'route.orders.list', calls: [calls.orderCount], searchCalls: (search) => [firstOrdersPageCall(search)] },
    // The list's filters in its address, so that a link (the dashboard's figures) opens it filtered.
    validateSearch: (s: Record<string, unknown>): { status?: string; domain?: string; orderNo?: string; productNo?: string; brand?: string; dateFrom?: string; dateTo?: string; renewalFailed?: string } => ({
      status: str(s.status),
      domain: str(s.domain),
      orderNo: str(s.orderNo),
      productNo: str(s.productNo),
      brand: str(s.brand),
      dateFrom: str(s.dateFrom),
      dateTo: str(s.dateTo),
      renewalFailed: s.renewalFailed === true || s.renewalFailed === 'true' ? 'true' : undefined,
    }),
    component: OrdersList,
  }),
  createRoute({ getParentRoute: O, path: 'expiring', staticData: { titleKey: 'route.orders.expiring' }, component: ExpiringOrders }),
  createRoute({ getParentRoute: O, path: 'org', staticData: { titleKey: 'route.orders.org' }, component: Organizations }),
  createRoute({ getParentRoute: O, path: 'org/$id/domains', staticData: { titleKey: 'route.orders.orgDomains' }, component: orderPage('orgDomains') }),
  createRoute({ getParentRoute: O, path: 'contact', staticData: { titleKey: 'route.orders.contact' }, component: Contacts }),
] as const;

// /billing
const billingRoute = createRoute({ getParentRoute: L, path: 'billing', staticData: { titleKey: 'route.billing.root' } });
const B = () => billingRoute;
const billingChildren = [
  createRoute({ getParentRoute: B, path: '/', beforeLoad: () => { throw redirect({ to: '/billing/invoice', replace: true }); } }),
  // Document 02 §2: /billing/invoice is the price list; its children are the invoice titles and mailing addresses.
  createRoute({ getParentRoute: B, path: 'invoice', staticData: { titleKey: 'route.billing.invoice' }, component: MyPrices }),
  createRoute({ getParentRoute: B, path: 'invoice/invoice-template', staticData: { titleKey: 'route.billing.invoiceTemplate' }, component: InvoiceOrgs }),
  createRoute({ getParentRoute: B, path: 'invoice/mailling-template', staticData: { titleKey: 'route.billing.maillingTemplate' }, component: InvoiceContacts }),
  createRoute({ getParentRoute: B, path: 'transaction', staticData: { titleKey: 'route.billing.transaction' }, component: Transactions }),
] as const;

// /domain
const domainRoute = createRoute({ getParentRoute: L, path: 'domain', staticData: { titleKey: 'route.domain.root' } });
const DM = () => domainRoute;
const domainManage = createRoute({ getParentRoute: DM, path: 'manage', staticData: { titleKey: 'route.domain.manage' } });
const DMM = () => domainManage;
const domainRenew = createRoute({ getParentRoute: DM, path: 'renew', staticData: { titleKey: 'route.domain.renew' } });
const DMR = () => domainRenew;
const domainBatch = createRoute({ getParentRoute: DM, path: 'batch', staticData: { titleKey: 'route.domain.batch' } });
const DMB = () => domainBatch;
const domainTransfer = createRoute({ getParentRoute: DM, path: 'transfer', staticData: { titleKey: 'route.domain.transfer' } });
const DMT = () => domainTransfer;
const domainChildren = [
  createRoute({ getParentRoute: DM, path: '/', beforeLoad: () => { throw redirect({ to: '/domain/search', replace: true }); } }),
  createRoute({ getParentRoute: DM, path: 'search', staticData: { titleKey: 'route.domain.search' }, component: domainPage('search') }),
  domainManage.addChildren([
    createRoute({ getParentRoute: DMM, path: '/', beforeLoad: () => { throw redirect({ to: '/domain/manage/mine', replace: true }); } }),
    createRoute({ getParentRoute: DMM, path: 'mine', staticData: { titleKey: 'route.domain.mine' }, component: domainPage('mine') }),
    createRoute({ getParentRoute: DMM, path: 'expiring', staticData: { titleKey: 'route.domain.expiring' }, component: domainPage('expiring') }),
    createRoute({ getParentRoute: DMM, path: 'expired', staticData: { titleKey: 'route.domain.expired' }, component: domainPage('expired') }),
    createRoute({ getParentRoute: DMM, path: 'for-sale', staticData: { titleKey: 'route.domain.forSale' }, component: domainPage('forSale') }),
    createRoute({ getParentRoute: DMM, path: '$orderNo', staticData: { titleKey: 'route.domain.detail' }, component: domainPage('detail') }),
  ]),
  domainRenew.addChildren([
    createRoute({ getParentRoute: DMR, path: '/', beforeLoad: () => { throw redirect({ to: '/domain/renew/form', replace: true }); } }),
    createRoute({ getParentRoute: DMR, path: 'form', staticData: { titleKey: 'route.domain.renewForm' }, component: domainPage('renewForm') }),
    createRoute({ getParentRoute: DMR, path: 'list', staticData: { titleKey: 'route.domain.renewList' }, component: domainPage('renewList') }),
  ]),
  domainBatch.addChildren([
    createRoute({ getParentRoute: DMB, path: '/', beforeLoad: () => { throw redirect({ to: '/domain/batch/dns', replace: true }); } }),
    createRoute({ getParentRoute: DMB, path: 'dns', staticData: { titleKey: 'route.domain.batchDns' }, component: dnsPage('batch') }),
    createRoute({ getParentRoute: DMB, path: 'update-ownership', staticData: { titleKey: 'route.domain.batchUpdateOwnership' }, component: domainPage('batchOwnership') }),
    createRoute({ getParentRoute: DMB, path: 'resolution', staticData: { titleKey: 'route.domain.batchResolution' }, component: domainPage('batchResolution') }),
    createRoute({ getParentRoute: DMB, path: 'group', staticData: { titleKey: 'route.domain.batchGroup' }, component: domainPage('batchGroup') }),
    createRoute({ getParentRoute: DMB, path: 'remark', staticData: { titleKey: 'route.domain.batchRemark' }, component: domainPage('batchRemark') }),
    createRoute({ getParentRoute: DMB, path: 'search', staticData: { titleKey: 'route.domain.batchSearch' }, component: domainPage('batchSearch') }),
  ]),
  domainTransfer.addChildren([
    createRoute({ getParentRoute: DMT, path: '/', beforeLoad: () => { throw redirect({ to: '/domain/transfer/in', replace: true }); } }),
    createRoute({ getParentRoute: DMT, path: 'in', staticData: { titleKey: 'route.domain.transferIn' }, component: domainPage('transferIn') }),
    createRoute({ getParentRoute: DMT, path: 'in-list', staticData: { titleKey: 'route.domain.transferInList' }, component: domainPage('transferInList') }),
    createRoute({ getParentRoute: DMT, path: 'out', staticData: { titleKey: 'route.domain.transferOut' }, component: domainPage('transferOut') }),
    createRoute({ getParentRoute: DMT, path: 'out-list', staticData: { titleKey: 'route.domain.transferOutList' }, component: domainPage('transferOutList') }),
  ]),
  createRoute({ getParentRoute: DM, path: 'cart', staticData: { titleKey: 'route.domain.cart' }, component: DomainCart }),
  createRoute({ getParentRoute: DM, path: 'contact', staticData: { titleKey: 'route.domain.contact' }, component: domainPage('contact') }),
  createRoute({ getParentRoute: DM, path: 'group', staticData: { titleKey: 'route.domain.group' }, component: domainPage('group') }),
  createRoute({ getParentRoute: DM, path: 'dns', staticData: { titleKey: 'route.domain.dns' }, component: dnsPage('zones') }),
  createRoute({ getParentRoute: DM, path: 'dns/$domain', staticData: { titleKey: 'route.domain.dnsRecords' }, component: dnsPage('records') }),
  createRoute({ getParentRoute: DM, path: 'price', staticData: { titleKey: 'route.domain.price' }, component: domainPage('price') }),
] as const;

// /help
const helpRoute = createRoute({ getParentRoute: L, path: 'help', staticData: { titleKey: 'route.help.root' } });
const H = () => helpRoute;
const helpChildren = [
  createRoute({ getParentRoute: H, path: '/', beforeLoad: () => { throw redirect({ to: '/help/overview', replace: true }); } }),
  createRoute({
    getParentRoute: H,
    path: 'overview',
    staticData: { titleKey: 'route.help.overview' },
    validateSearch: (s: Record<string, unknown>): { q?: string; category?: string } => ({ q: str(s.q), category: str(s.category) }),
    component: HelpOverview,
  }),
  createRoute({ getParentRoute: H, path: 'article/$id', staticData: { titleKey: 'route.help.article' }, component: HelpArticle }),
] as const;

// /certhub/tools (pages owned by the tools feature) and /certhub/discovery
const toolsRoute = createRoute({ getParentRoute: L, path: 'certhub/tools', staticData: { titleKey: 'route.tools.root' } });
const T = () => toolsRoute;
const firstTool = Object.keys(toolPages)[0] ?? 'gen-csr';
const toolsIndex = createRoute({ getParentRoute: T, path: '/', beforeLoad: () => { throw redirect({ href: `/certhub/tools/${firstTool}`, replace: true }); } });
const toolChildren: AnyRoute[] = Object.entries(toolPages).map(([path, importer]) =>
  createRoute({ getParentRoute: T, path, staticData: { titleKey: `route.tools.${path}` }, component: lazy(importer) }),
);
const discoveryRoute = createRoute({ getParentRoute: L, path: 'certhub/discovery', staticData: { titleKey: 'route.discovery.root' } });
const DI = () => discoveryRoute;
const discoveryChildren = [
  createRoute({ getParentRoute: DI, path: '/', beforeLoad: () => { throw redirect({ to: '/certhub/discovery/dashboard', replace: true }); } }),
  createRoute({ getParentRoute: DI, path: 'dashboard', staticData: { titleKey: 'route.discovery.dashboard' }, component: discoveryPage('dashboard') }),
  createRoute({ getParentRoute: DI, path: 'manage', staticData: { titleKey: 'route.discovery.manage' }, component: discoveryPage('manage') }),
  createRoute({ getParentRoute: DI, path: 'profile', staticData: { titleKey: 'route.discovery.profile' }, component: discoveryPage('profile') }),
  createRoute({ getParentRoute: DI, path: 'certs', staticData: { titleKey: 'route.discovery.certs' }, component: discoveryPage('certs') }),
  createRoute({ getParentRoute: DI, path: 'certs/$id', staticData: { titleKey: 'route.discovery.cert' }, component: discoveryPage('cert') }),
  createRoute({ getParentRoute: DI, path: 'log', staticData: { titleKey: 'route.discovery.log' }, component: discoveryPage('log') }),
] as const;

export const routeTree = rootRoute.addChildren([
  indexRoute,
  signInRoute,
  signUpRoute,
  signUpInviteRoute,
  secValidationRoute,
  passwordResetRoute,
  invitationRoute,
  operatorRoute,
  notFoundRoute,
  serverErrorRoute,
  signedInRoute.addChildren([
    dashboardRoute,
    notificationRoute,
    sslRoute.addChildren([sslIndex, sslCertificates, sslCertificate, sslProducts, sslDcvEmail]),
    accountRoute.addChildren([accountIndex, ...accountChildren]),
    paymentRoute.addChildren([...paymentChildren]),
    depositRoute.addChildren([...depositChildren]),
    verifyTestRoute,
    wechatTestRoute,
    ordersRoute.addChildren([...ordersChildren]),
    billingRoute.addChildren([...billingChildren]),
    domainRoute.addChildren([...domainChildren]),
    helpRoute.addChildren([...helpChildren]),
    toolsRoute.addChildren([toolsIndex, ...toolChildren]),
    discoveryRoute.addChildren([...discoveryChildren]),
  ]),
  unknownRoute,
]);
