import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Skeleton from 'antd/es/skeleton';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { maskContact } from '@cc/domain/account';
import { useAccount } from '../../../../lib/api/get-account.ts';
import { ContactDialog } from './contact-dialog.tsx';

/** Phone and e-mail, masked, each with Bind (none yet) or Change. */
export function ContactsCard() {
  const { t } = useTranslation();
  const account = useAccount();
  const [editing, setEditing] = useState<'tel' | 'email' | null>(null);
  const info = account.data?.accountInfo;
  const row = (channel: 'tel' | 'email') => {
    const value = channel === 'tel' ? (info?.telephone ? `+${info.telPrefix} ${maskContact(info.telephone)}` : '') : info?.email ? maskContact(info.email) : '';
    return (
      <Flex align="center" justify="space-between" gap={12} wrap data-testid={`contact-${channel}`}>
        <Typography.Text type={value ? undefined : 'secondary'} data-testid={`contact-${channel}-value`}>
          {value || t('secure.notBound')}
        </Typography.Text>
        <Button size="small" type={value ? 'default' : 'primary'} onClick={() => setEditing(channel)} data-testid={`contact-${channel}-edit`}>
          {value ? t('secure.change') : t('secure.bind')}
        </Button>
      </Flex>
    );
  };
  return (
    <Card title={t('secure.contactsTitle')} data-testid="contacts-card">
      <Typography.Paragraph type="secondary">{t('secure.contactsDesc')}</Typography.Paragraph>
      {account.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : (
        <Descriptions
          column={1}
          bordered
          size="small"
          items={[
            { key: 'tel', label: t('secure.phone'), children: row('tel') },
            { key: 'email', label: t('secure.mail'), children: row('email') },
          ]}
        />
      )}
      {editing ? <ContactDialog channel={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
}
