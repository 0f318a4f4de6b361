import Avatar from 'antd/es/avatar';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Layout from 'antd/es/layout';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import UserOutlined from '@ant-design/icons/UserOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import LockOutlined from '@ant-design/icons/LockOutlined';
import SafetyCertificateFilled from '@ant-design/icons/SafetyCertificateFilled';
import { Link, useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { maskContact } from '@cc/domain/account';
import { useSiteConfig } from '../../lib/api/get-site-config.ts';
import { useAccount } from '../../lib/api/get-account.ts';
import { useExRates } from '../../lib/api/get-ex-rate.ts';
import { currencyPref } from '../../lib/prefs.ts';
import { useDisplayCurrency } from '../../hooks/use-money.ts';
import { LanguageSwitch } from '../../components/language-switch.tsx';
import { ThemeSwitch } from '../../components/theme-switch.tsx';
import { ChoiceMenu } from '../../components/choice-menu.tsx';
import { logout } from '../../features/auth/api/logout.ts';
import { NotificationBell } from '../../features/messages/components/notification-bell.tsx';
import { useNarrow } from '../../hooks/use-narrow.ts';

/** The display currency: amounts across the console are shown in it (rates from /v1/exRate). */
function CurrencySwitch({ narrow }: { narrow: boolean }) {
  const { t } = useTranslation();
  const { data } = useExRates();
  const current = useDisplayCurrency();
  const currencies = data?.currencies ?? [{ currency: current.unit, symbol: current.symbol, rate: current.rate }];
  const word = (c: { currency: string; symbol: string }) => `${c.symbol} ${c.currency}`;
  return (
    <ChoiceMenu
      value={current.unit}
      choices={currencies.map((c) => ({ value: c.currency, label: word(c) }))}
      onPick={(v) => currencyPref.set(v)}
      text={narrow ? current.unit : word({ currency: current.unit, symbol: current.symbol })}
      label={`${t('currency.label')}: ${current.unit}`}
      menuLabel={t('currency.label')}
      testId="currency-select"
      choicePrefix="currency"
    />
  );
}

/** Site mark, currency, language, theme and the user menu. */
export function AppHeader({ collapseButton }: { collapseButton: React.ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const site = useSiteConfig();
  const router = useRouter();
  const { data } = useAccount();
  const info = data?.accountInfo;
  const name = info ? maskContact(info.email || info.telephone || info.accountNo) : '';
  // Narrow (a phone): the switches keep their icons, the user menu its avatar, so that the row fits.
  const narrow = useNarrow();

  const onUserMenu = async (key: string) => {
    if (key === 'logout') {
      await logout();
      // purgeSession's listener navigates to /sign-in; this covers a token that was already gone.
      await router.navigate({ to: '/sign-in', replace: true });
    } else {
      await router.navigate({ href: key });
    }
  };

  return (
    <Layout.Header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        height: 56,
        lineHeight: '56px',
        padding: narrow ? '0 8px' : '0 16px',
        background: token.colorBgContainer,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
        display: 'flex',
        alignItems: 'center',
        gap: 8,
      }}
      data-testid="app-header"
    >
      {collapseButton}
      <Link to="/dashboard" style={{ display: 'flex', alignItems: 'center', gap: 8, color: token.colorText, minWidth: 0 }}>
        {site.logo ? <img src={site.logo} alt="" style={{ height: 28 }} /> : <SafetyCertificateFilled style={{ fontSize: 26, color: token.colorPrimary }} />}
        <Typography.Text strong ellipsis style={{ fontSize: 17, ...(narrow ? { maxWidth: 120 } : {}) }} data-testid="site-name">
          {site.siteName}
        </Typography.Text>
      </Link>
      <Flex flex={1} justify="end" align="center" gap={narrow ? 0 : 4}>
        <NotificationBell />
        <CurrencySwitch narrow={narrow} />
        <LanguageSwitch compact={narrow} />
        <ThemeSwitch compact={narrow} />
        <Dropdown
          trigger={['click']}
          menu={{
            items: [
              { key: '/account/center', icon: <UserOutlined />, label: t('layout.myAccount') },
              { key: '/account/secure', icon: <LockOutlined />, label: t('route.account.secure') },
              { type: 'divider' },
              { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="logout">{t('layout.logout')}</span>, danger: true },
            ],
            onClick: ({ key }) => void onUserMenu(key),
          }}
        >
          <Flex align="center" gap={8} style={{ cursor: 'pointer', paddingInline: narrow ? 4 : 8 }} role="button" aria-label={t('layout.userMenu')} data-testid="user-menu">
            <Avatar size="small" icon={<UserOutlined />} style={{ background: token.colorPrimary }} />
            {narrow ? null : (
              <Typography.Text style={{ maxWidth: 180 }} ellipsis>
                {name}
              </Typography.Text>
            )}
          </Flex>
        </Dropdown>
      </Flex>
    </Layout.Header>
  );
}
