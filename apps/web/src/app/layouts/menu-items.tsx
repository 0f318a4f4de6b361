import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import AccountBookOutlined from '@ant-design/icons/AccountBookOutlined';
import GlobalOutlined from '@ant-design/icons/GlobalOutlined';
import ToolOutlined from '@ant-design/icons/ToolOutlined';
import RadarChartOutlined from '@ant-design/icons/RadarChartOutlined';
import QuestionCircleOutlined from '@ant-design/icons/QuestionCircleOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import type { Permission } from '@cc/contracts/team';
import { toolPages } from '../../features/tools/routes.ts';

export interface MenuNode {
  key: string;
  titleKey: string;
  icon?: React.ReactNode;
  children?: MenuNode[];
  /** What the member's role must hold for the item to show (the server refuses the calls behind it anyway). */
  needs?: Permission;
}

const leaf = (key: string, titleKey: string, needs?: Permission): MenuNode => ({ key, titleKey, ...(needs ? { needs } : {}) });

/** The sidebar: every area of the console. Keys are the paths the items open. */
export const menuTree: MenuNode[] = [
  { key: '/dashboard', titleKey: 'route.dashboard', icon: <DashboardOutlined /> },
  {
    key: 'ssl',
    titleKey: 'route.buySsl',
    icon: <SafetyCertificateOutlined />,
    children: [leaf('/ssl/certificates', 'route.ssl.certificates', 'orders.manage'), leaf('/ssl/products', 'route.ssl.products', 'orders.read'), leaf('/ssl/dcv/email', 'route.ssl.dcvEmail', 'orders.manage')],
  },
  {
    key: 'orders',
    titleKey: 'route.orders.root',
    icon: <ProfileOutlined />,
    children: [leaf('/orders/list', 'route.orders.list', 'orders.read'), leaf('/orders/expiring', 'route.orders.expiring', 'orders.read'), leaf('/orders/org', 'route.orders.org', 'orders.read'), leaf('/orders/contact', 'route.orders.contact', 'orders.read')],
  },
  {
    key: 'account',
    titleKey: 'route.account.root',
    icon: <UserOutlined />,
    children: [
      leaf('/account/center', 'route.account.center'),
      leaf('/account/info', 'route.account.info', 'account.owner'),
      leaf('/account/secure', 'route.account.secure'),
      leaf('/account/manage', 'route.account.manage', 'members.manage'),
      leaf('/account/verify', 'route.account.verify', 'account.owner'),
      leaf('/account/invite', 'route.account.invite', 'account.owner'),
      leaf('/account/products', 'route.account.products', 'orders.read'),
      leaf('/account/log', 'route.account.log', 'audit.read'),
      leaf('/account/audit', 'route.account.audit', 'audit.read'),
      leaf('/account/invoice', 'route.account.invoice', 'billing.read'),
      leaf('/account/invoice/invoice-template', 'route.account.invoiceTemplate', 'billing.read'),
      leaf('/account/invoice/mailling-template', 'route.account.maillingTemplate', 'billing.read'),
      leaf('/account/credit-records', 'route.account.creditRecords', 'billing.read'),
      leaf('/account/transaction', 'route.account.transaction', 'billing.read'),
      leaf('/account/developer', 'route.account.developer', 'keys.manage'),
      leaf('/account/notify', 'route.account.notify', 'account.owner'),
      leaf('/account/cert-package', 'route.account.certPackage', 'orders.read'),
    ],
  },
  {
    key: 'billing',
    titleKey: 'route.billing.root',
    icon: <AccountBookOutlined />,
    children: [
      leaf('/deposit', 'route.deposit.root', 'billing.manage'),
      leaf('/payment/batch', 'route.payment.batch', 'orders.pay'),
      leaf('/billing/invoice', 'route.billing.invoice', 'billing.read'),
      leaf('/billing/invoice/invoice-template', 'route.billing.invoiceTemplate', 'billing.read'),
      leaf('/billing/invoice/mailling-template', 'route.billing.maillingTemplate', 'billing.read'),
      leaf('/billing/transaction', 'route.billing.transaction', 'billing.read'),
    ],
  },
  {
    key: 'domain',
    titleKey: 'route.domain.root',
    icon: <GlobalOutlined />,
    needs: 'domains.manage',
    children: [
      leaf('/domain/search', 'route.domain.search'),
      leaf('/domain/manage', 'route.domain.manage'),
      leaf('/domain/renew', 'route.domain.renew'),
      leaf('/domain/batch', 'route.domain.batch'),
      leaf('/domain/transfer', 'route.domain.transfer'),
      leaf('/domain/dns', 'route.domain.dns'),
      leaf('/domain/group', 'route.domain.group'),
      leaf('/domain/contact', 'route.domain.contact'),
      leaf('/domain/cart', 'route.domain.cart'),
      leaf('/domain/price', 'route.domain.price'),
    ],
  },
  {
    key: 'tools',
    titleKey: 'route.tools.root',
    icon: <ToolOutlined />,
    needs: 'tools.use',
    children: Object.keys(toolPages)
      .filter((p) => !p.includes('$'))
      .map((p) => leaf(`/certhub/tools/${p}`, `route.tools.${p}`)),
  },
  {
    key: 'discovery',
    titleKey: 'route.discovery.root',
    icon: <RadarChartOutlined />,
    needs: 'tools.use',
    children: [
      leaf('/certhub/discovery/dashboard', 'route.discovery.dashboard'),
      leaf('/certhub/discovery/manage', 'route.discovery.manage'),
      leaf('/certhub/discovery/certs', 'route.discovery.certs'),
      leaf('/certhub/discovery/log', 'route.discovery.log'),
      leaf('/certhub/discovery/profile', 'route.discovery.profile'),
    ],
  },
  { key: '/help/overview', titleKey: 'route.help.root', icon: <QuestionCircleOutlined /> },
  { key: '/notification', titleKey: 'route.notification', icon: <BellOutlined /> },
];

/** The item a path belongs to: the longest item path it starts with. */
export function selectedMenu(pathname: string): { selected?: string; parent?: string } {
  let best: { selected?: string; parent?: string } = {};
  let bestLength = 0;
  const visit = (nodes: MenuNode[], parent?: string) => {
    for (const n of nodes) {
      if (n.children) visit(n.children, n.key);
      else if ((pathname === n.key || pathname.startsWith(`${n.key}/`)) && n.key.length > bestLength) {
        best = { selected: n.key, parent };
        bestLength = n.key.length;
      }
    }
  };
  visit(menuTree);
  return best;
}

/** The items a member may use: those it lacks the permission for are left out, and so are groups left empty. */
export function menuFor(nodes: MenuNode[], can: (p: Permission) => boolean): MenuNode[] {
  return nodes.flatMap((n) => {
    if (n.needs && !can(n.needs)) return [];
    if (!n.children) return [n];
    const children = menuFor(n.children, can);
    return children.length ? [{ ...n, children }] : [];
  });
}
