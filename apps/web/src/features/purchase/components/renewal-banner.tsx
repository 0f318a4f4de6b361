import { memo } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import { Link } from '@tanstack/react-router';
import { usePurchaseT } from '../i18n.ts';
import type { RenewalTicket } from '../lib/renewal-ticket.ts';

export interface RenewalBannerProps {
  renewal: RenewalTicket;
  /** The renewal order made by "renew as it was", once made. */
  renewedNo: string;
  renewing: boolean;
  disabled: boolean;
  onRenew: () => void;
}

/** A renewal link's banner (document 01 §4): what is renewed, and "renew as it was" in one step. */
export const RenewalBanner = memo(function RenewalBanner({ renewal, renewedNo, renewing, disabled, onRenew }: RenewalBannerProps) {
  const { t } = usePurchaseT();
  return (
    <Alert
      type={renewedNo ? 'success' : 'info'}
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="renewal-banner"
      title={t('renew.title', { orderNo: renewal.orderNo })}
      description={
        renewedNo ? (
          <Link to="/ssl/certificate/$id" params={{ id: renewedNo }} data-testid="renewal-created">
            {t('renew.created', { orderNo: renewedNo })}
          </Link>
        ) : (
          t('renew.desc', { count: renewal.domains.length })
        )
      }
      action={
        renewedNo ? null : (
          <Button type="primary" loading={renewing} disabled={disabled} onClick={onRenew} data-testid="renew-as-it-was">
            {t('renew.asItWas')}
          </Button>
        )
      }
    />
  );
});
