import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import LockOutlined from '@ant-design/icons/LockOutlined';
import theme from 'antd/es/theme';
import { useTranslation } from 'react-i18next';
import { PasswordDialog } from './password-dialog.tsx';

/** The password section: what changing it does, and the button. */
export function PasswordCard() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  return (
    <Card title={t('secure.passwordTitle')} data-testid="password-card">
      <Flex align="center" gap={16} wrap>
        <span style={{ fontSize: 24, color: token.colorPrimary }}>
          <LockOutlined />
        </span>
        <Typography.Text type="secondary" style={{ flex: 1, minWidth: 200 }}>
          {t('secure.passwordDesc')}
        </Typography.Text>
        <Button onClick={() => setOpen(true)} data-testid="change-password">
          {t('secure.changePassword')}
        </Button>
      </Flex>
      {open ? <PasswordDialog onClose={() => setOpen(false)} /> : null}
    </Card>
  );
}
