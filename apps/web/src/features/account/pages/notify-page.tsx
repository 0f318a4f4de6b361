import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import InputNumber from 'antd/es/input-number';
import Skeleton from 'antd/es/skeleton';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { balanceLowRange, reminderDayChoices, type InformBody, type InformSetting } from '@cc/contracts/account';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useInform } from '../api/get-inform.ts';
import { useSetInform } from '../api/set-inform.ts';
import { useAccountT } from '../i18n.ts';
import { TextLink } from '../../../components/text-link.tsx';

function useSave() {
  const { t } = useAccountT();
  const set = useSetInform();
  return {
    pending: set.isPending,
    save: async (body: InformBody) => {
      try {
        await set.mutateAsync(body);
        toast.success(t('notify.saved'));
        return true;
      } catch (e) {
        if (e instanceof ApiError) toast.error(e.msg);
        return false;
      }
    },
  };
}

function Amount({ setting }: { setting: InformSetting }) {
  const { t } = useAccountT();
  const { save, pending } = useSave();
  const [units, setUnits] = useState<number | null>((setting.amount ?? 0) / 100);
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text type="secondary">{t('notify.amount')}</Typography.Text>
      <InputNumber<number>
        prefix="¥"
        min={balanceLowRange.min / 100}
        max={balanceLowRange.max / 100}
        precision={2}
        value={units}
        onChange={setUnits}
        aria-label={t('notify.amount')}
        data-testid="inform-amount"
        style={{ width: 160 }}
      />
      <Button size="small" loading={pending} disabled={units === null} onClick={() => units !== null && void save({ informType: 'balanceLow', amount: Math.round(units * 100) })} data-testid="inform-amount-save">
        {t('notify.saveAmount')}
      </Button>
    </Flex>
  );
}

function Days({ setting }: { setting: InformSetting }) {
  const { t } = useAccountT();
  const { save } = useSave();
  return (
    <Flex gap={8} align="center" wrap>
      <Typography.Text type="secondary">{t('notify.days')}</Typography.Text>
      <Checkbox.Group
        value={setting.days}
        data-testid={`inform-days-${setting.informType}`}
        options={reminderDayChoices.map((d) => ({ value: d, label: t('notify.daysOption', { days: d }) }))}
        onChange={(v) => {
          // At least one day stays chosen: turning reminders off is what the channel switches are for.
          if (v.length) void save({ informType: setting.informType, days: v });
        }}
      />
    </Flex>
  );
}

/** /account/notify: which events reach the user by e-mail and SMS, the reminder days and the low-balance amount. */
export default function NotifyPage() {
  const { t, msg } = useAccountT();
  const inform = useInform();
  const { save, pending } = useSave();

  return (
    <div data-testid="account-notify-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('translation:route.account.notify')}
      </Typography.Title>
      {inform.isPending ? (
        <Skeleton active />
      ) : inform.error || !inform.data ? (
        <Alert type="error" showIcon title={inform.error instanceof ApiError ? inform.error.msg : t('translation:http.disconnected')} />
      ) : (
        <Card>
          <Typography.Paragraph type="secondary">
            {t('notify.intro', { email: inform.data.email || t('notify.noEmail'), telephone: inform.data.telephone || t('notify.noPhone') })}
            {!inform.data.email || !inform.data.telephone ? (
              <>
                {' '}
                <TextLink to="/account/secure">{t('notify.bindFirst')}</TextLink>
              </>
            ) : null}
          </Typography.Paragraph>
          <Table<InformSetting>
            rowKey="informType"
            pagination={false}
            dataSource={inform.data.items}
            scroll={{ x: 720 }}
            data-testid="inform-table"
            columns={[
              {
                title: t('notify.event'),
                key: 'event',
                render: (_, s) => (
                  <Flex vertical>
                    <Typography.Text strong>{msg(`inform.type.${s.informType}`)}</Typography.Text>
                    <Typography.Text type="secondary">{t(`notify.desc.${s.informType}`)}</Typography.Text>
                  </Flex>
                ),
              },
              ...(['email', 'sms'] as const).map((channel) => ({
                title: t(`notify.${channel}`),
                key: channel,
                width: 90,
                render: (_: unknown, s: InformSetting) => {
                  const bound = channel === 'email' ? inform.data.email : inform.data.telephone;
                  const on = s[channel] === 'Y';
                  return (
                    <Switch
                      checked={on}
                      disabled={pending || (!bound && !on)}
                      aria-label={`${msg(`inform.type.${s.informType}`)} · ${t(`notify.${channel}`)}`}
                      data-testid={`inform-${s.informType}-${channel}`}
                      onChange={(checked) => void save({ informType: s.informType, modifyTo: channel, isInformed: checked ? 'Y' : 'N' })}
                    />
                  );
                },
              })),
              {
                title: t('notify.settings'),
                key: 'settings',
                render: (_, s) => (s.days.length ? <Days setting={s} /> : s.amount !== null ? <Amount setting={s} /> : <Typography.Text type="secondary">-</Typography.Text>),
              },
            ]}
          />
        </Card>
      )}
    </div>
  );
}
