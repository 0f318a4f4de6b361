import Flex from 'antd/es/flex';
import theme from 'antd/es/theme';
import SafetyCertificateFilled from '@ant-design/icons/SafetyCertificateFilled';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../../lib/api/get-site-config.ts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { ThemeSwitch } from '../../../components/theme-switch.tsx';

/**
 * The frame of the signed-out screens: site mark, language and theme switches, a centred panel.
 * Plain elements styled from the theme tokens: Card and Typography would double the first page's weight.
 */
export function AuthShell({ title, subtitle, children, testId }: { title: string; subtitle?: React.ReactNode; children: React.ReactNode; testId: string }) {
  const { t } = useTranslation();
  const site = useSiteConfig();
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout, color: token.colorText, display: 'flex', flexDirection: 'column' }} data-testid={testId}>
      <Flex justify="space-between" align="center" style={{ padding: '16px 24px' }}>
        <Flex align="center" gap={8}>
          {site.logo ? <img src={site.logo} alt="" style={{ height: 28 }} /> : <SafetyCertificateFilled style={{ fontSize: 28, color: token.colorPrimary }} />}
          <span style={{ fontSize: 18, fontWeight: 600 }} data-testid="site-name">
            {site.siteName}
          </span>
        </Flex>
        <Flex gap={8} align="center">
          <LanguageSwitch />
          <ThemeSwitch />
        </Flex>
      </Flex>
      <Flex flex={1} justify="center" align="flex-start" style={{ padding: '4vh 16px 48px' }}>
        <main
          style={{
            width: '100%',
            maxWidth: 440,
            padding: '32px 32px 24px',
            background: token.colorBgContainer,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowTertiary,
            border: `1px solid ${token.colorBorderSecondary}`,
          }}
        >
          <h1 style={{ margin: 0, marginBottom: 4, fontSize: 24, fontWeight: 600, color: token.colorTextHeading }}>{title}</h1>
          <p style={{ marginTop: 0, marginBottom: 24, color: token.colorTextSecondary }}>{subtitle ?? t('auth.welcome')}</p>
          {children}
        </main>
      </Flex>
    </div>
  );
}
