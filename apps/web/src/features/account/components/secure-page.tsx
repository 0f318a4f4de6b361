import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { PasswordCard } from './secure/password-card.tsx';
import { ContactsCard } from './secure/contacts-card.tsx';
import { TwoStepCard } from './secure/two-step-card.tsx';
import { SessionsCard } from './secure/sessions-card.tsx';
import { WechatCard } from './secure/wechat-card.tsx';

/** /account/secure: password, phone and e-mail, second step (with recovery codes), signed-in devices, WeChat sign-in. */
export default function SecurePage() {
  const { t } = useTranslation();
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
