import Tag from 'antd/es/tag';
import type { EndpointState, ExpiryBucket } from '@cc/contracts/discovery';
import { useDiscoveryT } from '../i18n.ts';

const stateColor: Record<EndpointState, string> = { pending: 'default', ok: 'success', unreachable: 'error', expired: 'error', untrusted: 'warning', mismatch: 'warning' };
const bucketColor: Record<ExpiryBucket, string> = { expired: 'error', d7: 'error', d30: 'warning', d90: 'processing', later: 'success' };

export function StateTag({ state }: { state: EndpointState }) {
  const { t } = useDiscoveryT();
  return <Tag color={stateColor[state]}>{t(`state.${state}`)}</Tag>;
}

export function BucketTag({ bucket }: { bucket: ExpiryBucket }) {
  const { t } = useDiscoveryT();
  return <Tag color={bucketColor[bucket]}>{t(`bucket.${bucket}`)}</Tag>;
}

/** "n days left" or "ended n days ago". */
export function DaysLeft({ days }: { days: number }) {
  const { t } = useDiscoveryT();
  return <span>{days < 0 ? t('dashboard.ended', { days: -days }) : t('dashboard.daysLeft', { days })}</span>;
}
