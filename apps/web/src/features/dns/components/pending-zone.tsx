import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Typography from 'antd/es/typography';
import type { DnsZone } from '@cc/contracts/dns';
import { useDnsT } from '../i18n.ts';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

/**
 * What a pending zone waits for and what to do: our DNS servers answer nothing of it until its control is proven,
 * by either of two proofs, then "Check". The last check's reason (another account's claim, say) is shown as it came.
 */
export function PendingZone({ zone, onCheck, checking }: { zone: DnsZone; onCheck?: () => void; checking?: boolean }) {
  const { t } = useDnsT();
  return (
    <Alert
      type="warning"
      showIcon
      data-testid={`zone-pending-${zone.name}`}
      title={t('pending.title', { zone: zone.name })}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{t('pending.intro')}</Typography.Paragraph>
          <Descriptions
            size="small"
            column={1}
            bordered
            items={[
              {
                key: 'ns',
                label: t('pending.byNameservers'),
                children: (
                  <>
                    {zone.nameservers.map((n) => (
                      <Typography.Text key={n} code copyable style={{ ...mono, marginRight: 8 }}>{n}</Typography.Text>
                    ))}
                    <div><Typography.Text type="secondary">{t('pending.byNameserversHelp')}</Typography.Text></div>
                  </>
                ),
              },
              {
                key: 'txt',
                label: t('pending.byTxt'),
                children: (
                  <>
                    <div>
                      {t('pending.txtHost')}: <Typography.Text code copyable style={mono} data-testid="zone-verify-host">{zone.verification.host}</Typography.Text>
                    </div>
                    <div>
                      {t('pending.txtType')}: <Typography.Text code style={mono}>TXT</Typography.Text>
                    </div>
                    <div>
                      {t('pending.txtValue')}: <Typography.Text code copyable style={mono} data-testid="zone-verify-value">{zone.verification.value}</Typography.Text>
                    </div>
                    <Typography.Text type="secondary">{t('pending.byTxtHelp')}</Typography.Text>
                  </>
                ),
              },
            ]}
          />
          {zone.checkNote ? (
            <Typography.Paragraph type="danger" style={{ marginTop: 8, marginBottom: 0 }} data-testid={`zone-note-${zone.name}`}>
              {t('pending.lastCheck', { at: zone.delegationCheckedAt })}: {zone.checkNote}
            </Typography.Paragraph>
          ) : null}
          {onCheck ? (
            <Button style={{ marginTop: 8 }} type="primary" loading={checking} onClick={onCheck} data-testid={`zone-pending-check-${zone.name}`}>
              {t('zones.check')}
            </Button>
          ) : null}
        </>
      }
    />
  );
}
