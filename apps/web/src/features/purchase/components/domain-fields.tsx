import { memo } from 'react';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
// Input alone: antd/es/input also brings Search, Password, OTP and TextArea to the page's first load.
import Input from 'antd/es/input/Input';
import Switch from 'antd/es/switch';
import Typography from 'antd/es/typography';
import { sequentialCreateThreshold } from '@cc/domain/terms';
import { wildcardPrefix } from '@cc/domain/domain-names';
import { usePurchaseT } from '../i18n.ts';
import { fieldStatus } from './field-status.tsx';
import { LineBox } from './line-box.tsx';

/** Text boxes have a minimum of 7 rows (§2). */
const minRows = 7;

export interface DomainFieldsProps {
  mode: 'single' | 'batch';
  /** The requests come from a paste or a zip: their names are shown, not typed. */
  fromCsr: boolean;
  showWildcard: boolean;
  wildcard: boolean;
  /** The switch shown and on: the common name box shows the '*.' it adds. */
  wildOn: boolean;
  /** The common name shown: as typed, or the first request's. */
  commonName: string;
  commonNameError: string | null;
  showExtraDomains: boolean;
  /** The boxes' text when they appear (they keep their own text from then on), and a key that refills them. */
  extraDomains: string;
  extraDomainsError: string | null;
  batchText: string;
  refill: string;
  batchError: string | null;
  ordersCount: number;
  /** More orders than one request carries: they are created one at a time. */
  sequential: boolean;
  /** Batch from requests: the orders' names (the first 20), in place of the box. */
  orderLabels: string;
  /** Batch: the server's and the orders' errors to list (the first 20), or null when none is shown. */
  batchMessages: readonly string[] | null;
  onWildcard: (on: boolean) => void;
  onCommonName: (v: string) => void;
  onCommonNameBlur: () => void;
  onExtraDomains: (v: string) => void;
  onExtraDomainsBlur: () => void;
  onBatchText: (v: string) => void;
  onBatchBlur: () => void;
}

/** Order form steps 7 and 8 (§2): the wildcard switch, then the common name and other names, or the batch box. */
export const DomainFields = memo(function DomainFields(p: DomainFieldsProps) {
  const { t } = usePurchaseT();
  const ordersExtra = (
    <>
      <span data-testid="orders-count">{t('buy.ordersCount', { n: p.ordersCount })}</span>
      {p.sequential ? <span data-testid="one-by-one-hint">{` · ${t('buy.oneByOneHint', { max: sequentialCreateThreshold })}`}</span> : null}
    </>
  );
  return (
    <>
      {/* 7. wildcard */}
      {p.showWildcard ? (
        <Form.Item label={t('buy.wildcard')}>
          <Switch checked={p.wildcard} onChange={p.onWildcard} aria-label={t('buy.wildcard')} data-testid="wildcard" />
        </Form.Item>
      ) : null}
      {/* 8. common name and domains */}
      {p.mode === 'single' ? (
        <>
          <Form.Item label={t('buy.commonName')} {...fieldStatus(p.commonNameError, 'commonName')}>
            <Input
              data-testid="common-name"
              aria-label={t('buy.commonName')}
              prefix={p.wildOn ? wildcardPrefix : undefined}
              value={p.commonName}
              disabled={p.fromCsr}
              onChange={(e) => p.onCommonName(e.target.value)}
              onBlur={p.onCommonNameBlur}
              placeholder={t('buy.commonNamePlaceholder')}
              style={{ maxWidth: 420 }}
            />
          </Form.Item>
          {p.showExtraDomains ? (
            <Form.Item label={t('buy.extraDomains')} {...fieldStatus(p.extraDomainsError, 'extraDomains')}>
              <LineBox key={p.refill} testId="extra-domains" label={t('buy.extraDomains')} initial={p.extraDomains} onChange={p.onExtraDomains} onBlur={p.onExtraDomainsBlur} placeholder={t('buy.extraDomainsPlaceholder')} minRows={minRows} maxRows={20} />
            </Form.Item>
          ) : null}
        </>
      ) : !p.fromCsr ? (
        <Form.Item label={t('buy.batchDomains')} {...fieldStatus(p.batchError, 'batch')} extra={ordersExtra}>
          <LineBox key={p.refill} testId="batch-domains" label={t('buy.batchDomains')} initial={p.batchText} onChange={p.onBatchText} onBlur={p.onBatchBlur} placeholder={t('buy.batchPlaceholder')} minRows={minRows} maxRows={24} />
        </Form.Item>
      ) : (
        <Form.Item label={t('buy.batchDomains')} extra={ordersExtra}>
          <Typography.Text type="secondary">{p.orderLabels || t('preview.none')}</Typography.Text>
        </Form.Item>
      )}
      {p.batchMessages ? (
        <Form.Item label=" ">
          <Alert
            type={p.sequential ? 'warning' : 'error'}
            showIcon
            data-testid="batch-errors"
            title={
              <ul style={{ margin: 0, paddingInlineStart: 16 }}>
                {p.batchMessages.map((text, i) => (
                  <li key={i}>{text}</li>
                ))}
              </ul>
            }
          />
        </Form.Item>
      ) : null}
    </>
  );
});
