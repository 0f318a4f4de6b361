import Alert from 'antd/es/alert';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { PasswordCard } from './secure/password-card.tsx';
import { ContactsCard } from './secure/contacts-card.tsx';
import { TwoStepCard } from './secure/two-step-card.tsx';
import { SessionsCard } from './secure/sessions-card.tsx';
import { WechatCard } from './secure/wechat-card.tsx';
import { MemberTwoStepCard } from './secure/member-two-step-card.tsx';
import { useMe } from '../../../lib/api/get-me.ts';

/**
 * /account/secure: password, phone and e-mail, second step (with recovery codes), signed-in devices, WeChat sign-in.
 * A member (sub-account) manages its own password, second step and sessions here; the rest is the owner's.
 */
export default function SecurePage() {
  const { t } = useTranslation();
  const me = useMe();
  if (!me.data) return null;
  if (me.data.memberID !== null) {
    return (
      <div data-testid="secure-page" data-member="true">
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('secure.title')}
        </Typography.Title>
        <Flex vertical gap={16}>
          <Alert type="info" showIcon title={t('secure.memberNote')} />
          <PasswordCard />
          <MemberTwoStepCard />
          <SessionsCard />
        </Flex>
      </div>
    );
  }
  return (
    <div data-testid="secure-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('secure.title')}
      </Typography.Title>
      <Flex vertical gap={16}>
        <PasswordCard />
        <ContactsCard />
        <TwoStepCard />
        <SessionsCard />
        <WechatCard />
      </Flex>
    </div>
  );
}
