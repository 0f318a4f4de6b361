import { memo } from 'react';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import type { DcvMethod } from '@cc/domain/dcv';
import { useAutopilotNames } from '../api/get-autopilot-names.ts';
import { usePurchaseT } from '../i18n.ts';

/** The methods whose record the autopilot can publish in a hosted zone (the file and plain e-mail methods it cannot). */
const byRecord: readonly DcvMethod[] = ['dns', 'dns_txt', 'email_dns'];

export interface AutopilotOfferProps {
  /** Every name of the orders being placed. */
  names: string[];
  dcv: DcvMethod;
  on: boolean;
  onChange: (on: boolean) => void;
}

/**
 * Order form, validation step: for names that live in a zone hosted here, the DCV autopilot is offered (on by
 * default): each such name is listed with its zone and what will happen; the box switches it off for this order.
 */
export const AutopilotOffer = memo(function AutopilotOffer(p: AutopilotOfferProps) {
  const { t } = usePurchaseT();
  const hosted = (useAutopilotNames(p.names).data?.names ?? []).filter((n) => n.zone);
  if (!hosted.length) return null;
  const usable = byRecord.includes(p.dcv);
  return (
    <Form.Item label={t('buy.autopilot')}>
      <Checkbox checked={p.on && usable} disabled={!usable} onChange={(e) => p.onChange(e.target.checked)} data-testid="dcv-autopilot">
        {t('buy.autopilotOn')}
      </Checkbox>
      <Alert
        style={{ marginTop: 8 }}
        type={p.on && usable ? 'success' : 'info'}
        showIcon
        data-testid="autopilot-names"
        title={usable ? (p.on ? t('buy.autopilotExplain') : t('buy.autopilotOff')) : t('buy.autopilotMethod')}
        description={
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {hosted.map((n) => (
              <li key={n.name}>{t('buy.autopilotName', { name: n.name, zone: n.zone })}</li>
            ))}
          </ul>
        }
      />
    </Form.Item>
  );
});
