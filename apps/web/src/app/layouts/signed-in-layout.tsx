import { lazy, Suspense, useEffect, useState } from 'react';
import Layout from 'antd/es/layout';
import Menu from 'antd/es/menu';
import Button from 'antd/es/button';
import Breadcrumb from 'antd/es/breadcrumb';
import theme from 'antd/es/theme';
import MenuFoldOutlined from '@ant-design/icons/MenuFoldOutlined';
import MenuUnfoldOutlined from '@ant-design/icons/MenuUnfoldOutlined';
import { Link, Outlet, useMatches, useRouter, useRouterState } from '@tanstack/react-router';
import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client.ts';
import { useTranslation } from 'react-i18next';
import { getToken, purgeSession } from '../../lib/session.ts';
import { ApiError } from '../../lib/http.ts';
import { verifyTokenQuery } from '../../features/auth/api/verify-token.ts';
import { loadMessagesAfterPaint } from '../../i18n/index.ts';
import { Deferred } from '../../components/deferred.tsx';
import { PageLoading } from '../../components/page-loading.tsx';
import { AppHeader } from './app-header.tsx';
import { AnnouncementBanner } from '../../features/messages/components/announcement-banner.tsx';
import { siteMsgSummaryQuery } from '../../features/messages/api/site-messages.ts';
import { menuFor, menuTree, selectedMenu, type MenuNode } from './menu-items.tsx';
import { useCan } from '../../lib/api/get-me.ts';
import { useNarrow } from '../../hooks/use-narrow.ts';

const collapsedKey = 'siderCollapsed';
// Wide enough for the longest English label of the second level ("Batch ownership change") beside a scrollbar.
const siderWidth = 248;

/**
 * The bell's count is one cheap call cached for a minute; what makes new messages is mostly order activity (paid,
 * awaiting validation, issued) and the user's own changes. So the count is asked again when an orders query answers
 * again (a status the page polls moved on: the message was written in the same transaction) or a change succeeds,
 * never on every page. The messages feature owns the call; the layout, which sees both areas, connects them.
 */
function useBellFollowsActivity() {
  const qc = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      const q = qc.getQueryState(siteMsgSummaryQuery.queryKey);
      if (q?.fetchStatus !== 'fetching') void qc.invalidateQueries({ queryKey: siteMsgSummaryQuery.queryKey });
    };
    const offQueries = qc.getQueryCache().subscribe((e) => {
      // A later answer of the same orders query (a poll, a refetch): its first answer, as a page opens, moved nothing
      // on since the bell's count came with the layout.
      if (e.type === 'updated' && e.action.type === 'success' && e.query.queryKey[0] === 'orders' && e.query.state.dataUpdateCount > 1) refresh();
    });
    const offMutations = qc.getMutationCache().subscribe((e) => {
      if (e.type === 'updated' && e.action.type === 'success') refresh();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [qc]);
}

/** POST /verify_token once per token when the layout is entered; an invalid token purges the session. */
function useTokenCheck() {
  const token = getToken() ?? '';
  const { data, error } = useQuery({ ...verifyTokenQuery(token), enabled: token !== '' });
  useEffect(() => {
    // Only the server's own verdict signs the user out; a 500 or a lost connection is a hiccup, not a logout.
    if (data && !data.valid) purgeSession();
    else if (error instanceof ApiError && error.status === 401) purgeSession();
  }, [data, error]);
}

function Breadcrumbs() {
  const { t } = useTranslation();
  const matches = useMatches();
  const titled = matches.filter((m) => m.staticData?.titleKey);
  if (titled.length < 2) return null;
  return (
    <Breadcrumb
      style={{ marginBottom: 16 }}
      data-testid="breadcrumbs"
      items={titled.map((m, i) => {
        const title = t(m.staticData.titleKey ?? '');
        return i === titled.length - 1 || m.pathname === matches.at(-1)?.pathname ? { title } : { title: <Link to={m.pathname}>{title}</Link> };
      })}
    />
  );
}

/**
 * The signed-in area brings the query cache with it. The layout (header, menu, selects) mounts when its chunk arrives,
 * in the router's synchronous update: deferred, its first render yields to the browser instead of running as one
 * task of a second or more on a slow phone (components/deferred.tsx).
 */
export default function SignedInLayoutWithQueries() {
  return (
    <QueryClientProvider client={queryClient}>
      <Deferred fallback={<PageLoading />}>
        <SignedInLayout />
      </Deferred>
    </QueryClientProvider>
  );
}

const BackTop = lazy(() => import('antd/es/float-button').then((m) => ({ default: m.default.BackTop })));
const backTopHeight = 200;

/**
 * The "back to top" button shows only below `backTopHeight`: it (and its chunk) comes with the first scroll that far,
 * rather than measuring the page's scroll position in the middle of the layout's first render.
 */
function BackTopWhenScrolled({ tooltip }: { tooltip: string }) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    if (scrolled) return;
    const onScroll = () => {
      if (window.scrollY >= backTopHeight) setScrolled(true);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [scrolled]);
  if (!scrolled) return null;
  return (
    <Suspense fallback={null}>
      <BackTop visibilityHeight={backTopHeight} duration={600} tooltip={tooltip} />
    </Suspense>
  );
}

function SignedInLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const router = useRouter();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const pageRoute = useRouterState({ select: (s): string => s.matches.at(-1)?.routeId ?? '' });
  const [folded, setFolded] = useState(() => localStorage.getItem(collapsedKey) === '1');
  // Narrow (a phone), the menu is a panel over the page, shut until the menu button opens it and after each choice.
  const narrow = useNarrow();
  const [panelOpen, setPanelOpen] = useState(false);
  const collapsed = narrow ? !panelOpen : folded;
  const { selected, parent } = selectedMenu(pathname);
  const [openKeys, setOpenKeys] = useState<string[]>(parent ? [parent] : []);
  useTokenCheck();
  useBellFollowsActivity();
  const can = useCan();
  // Any page in here may show an area's rule messages: they come after the page has painted (the sign-in pages need none).
  useEffect(() => loadMessagesAfterPaint(), []);

  useEffect(() => {
    if (parent) setOpenKeys((keys) => (keys.includes(parent) ? keys : [...keys, parent]));
  }, [parent]);

  const toggle = () => {
    if (narrow) {
      setPanelOpen(!panelOpen);
    } else {
      localStorage.setItem(collapsedKey, folded ? '0' : '1');
      setFolded(!folded);
    }
  };
  useEffect(() => setPanelOpen(false), [pathname, narrow]);

  // The full label is also the item's tooltip, should a long one (or a narrow window) still cut it; folded, antd shows its own.
  const label = (n: MenuNode) => <span title={collapsed ? undefined : t(n.titleKey)}>{t(n.titleKey)}</span>;
  const toItems = (nodes: MenuNode[]): NonNullable<React.ComponentProps<typeof Menu>['items']> =>
    nodes.map((n) => (n.children ? { key: n.key, icon: n.icon, label: label(n), children: toItems(n.children) } : { key: n.key, icon: n.icon, label: label(n) }));

  return (
    <Layout style={{ minHeight: '100vh' }} data-testid="signed-in-layout">
      <AppHeader
        collapseButton={
          <Button
            type="text"
            onClick={toggle}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
            title={collapsed ? t('layout.expand') : t('layout.collapse')}
            data-testid="menu-toggle"
          />
        }
      />
      {/* The sider is sticky; the column behind it carries its colour and border down long pages. */}
      <Layout style={{ background: narrow ? token.colorBgLayout : siderColumn(collapsed ? 80 : siderWidth, token.colorBgContainer, token.colorBorderSecondary, token.colorBgLayout) }}>
        {narrow && panelOpen ? (
          <div
            onClick={() => setPanelOpen(false)}
            style={{ position: 'fixed', inset: '56px 0 0 0', background: token.colorBgMask, zIndex: 150 }}
            aria-hidden
            data-testid="menu-mask"
          />
        ) : null}
        <Layout.Sider
          collapsible
          collapsed={collapsed}
          trigger={null}
          width={siderWidth}
          collapsedWidth={narrow ? 0 : 80}
          theme="light"
          style={{
            borderRight: narrow && collapsed ? 'none' : `1px solid ${token.colorBorderSecondary}`,
            overflow: 'auto',
            height: 'calc(100vh - 56px)',
            top: 56,
            ...(narrow ? { position: 'fixed', left: 0, zIndex: 200, maxWidth: '85vw' } : { position: 'sticky' }),
          }}
          data-testid="sider"
          data-narrow={narrow || undefined}
        >
          {/* Shut on a phone, the panel holds no menu: it is rendered when opened, not with every page's first render. */}
          {narrow && !panelOpen ? null : (
            <Menu
              mode="inline"
              selectedKeys={selected ? [selected] : []}
              openKeys={collapsed ? undefined : openKeys}
              onOpenChange={setOpenKeys}
              items={toItems(menuFor(menuTree, can))}
              onClick={({ key }) => void router.navigate({ href: key })}
              style={{ borderInlineEnd: 'none' }}
              data-testid="side-menu"
            />
          )}
        </Layout.Sider>
        <Layout.Content style={{ padding: narrow ? 12 : 24, minWidth: 0 }}>
          <AnnouncementBanner />
          <Breadcrumbs />
          <div style={{ background: token.colorBgContainer, borderRadius: token.borderRadiusLG, padding: narrow ? 16 : 24, minHeight: 360 }}>
            {/* Each page's first render yields to the browser (keyed by route: a new page starts deferred again). */}
            <Deferred key={pageRoute} fallback={<PageLoading />}>
              <Outlet />
            </Deferred>
          </div>
        </Layout.Content>
      </Layout>
      <BackTopWhenScrolled tooltip={t('layout.backTop')} />
    </Layout>
  );
}

function siderColumn(width: number, sider: string, border: string, page: string): string {
  return `linear-gradient(to right, ${sider} ${width - 1}px, ${border} ${width - 1}px, ${border} ${width}px, ${page} ${width}px)`;
}
