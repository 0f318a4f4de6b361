import Alert from 'antd/es/alert';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { verificationMet, verificationNeededFor, verifiedPaymentThresholdCents } from '@cc/domain/real-name';
import { useAccount } from '../lib/api/get-account.ts';
import { currentLocale } from '../i18n/index.ts';
import { formatMoney } from '../lib/money.ts';

/**
 * Said before payment (order summary): this product or amount needs a real-name verification the account does not
 * have yet (packages/domain real-name.ts decides which), with a link to /account/verify. Nothing when it is met.
 */
export function VerificationNotice({ certType, amountCents }: { certType?: string | undefined; amountCents: number }) {
  const { t } = useTranslation();
  const account = useAccount();
  const info = account.data?.accountInfo;
  const need = verificationNeededFor({ certType, amountCents });
  if (!need || !info || verificationMet(need, info)) return null;
  const text =
    need.kind === 'enterprise'
      ? t('verificationNeed.enterprise')
      : t('verificationNeed.personal', { threshold: `￥${formatMoney(verifiedPaymentThresholdCents, 1, currentLocale())}` });
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="verification-notice"
      data-kind={need.kind}
      title={text}
      action={<Link to="/account/verify">{t('verificationNeed.go')}</Link>}
    />
  );
}
