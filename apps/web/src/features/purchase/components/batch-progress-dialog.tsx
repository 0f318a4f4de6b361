import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import List from 'antd/es/list';
import Modal from 'antd/es/modal';
import Progress from 'antd/es/progress';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { usePurchaseT } from '../i18n.ts';

export interface ProgressItem {
  label: string;
  domainNames: string[];
  status: 'pending' | 'created' | 'failed';
  orderNo?: string;
  error?: string;
}

export interface BatchProgress {
  items: ProgressItem[];
  running: boolean;
}

interface Props {
  progress: BatchProgress | null;
  onReport: () => void;
  /** May price the orders first (a call): the button spins meanwhile. */
  onPay: () => void | Promise<void>;
  onClose: () => void;
}

/**
 * §2 "Batch progress dialog": percentage, done/total, each certificate created or failed with its error.
 * Only its own buttons close it (no outside click, no Escape); while orders are being created it is the
 * lock screen over the page.
 */
export function BatchProgressDialog({ progress, onReport, onPay, onClose }: Props) {
  const { t, msg } = usePurchaseT();
  const items = progress?.items ?? [];
  const total = items.length;
  const created = items.filter((i) => i.status === 'created').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  const done = created + failed;
  const percent = total ? Math.floor((done * 100) / total) : 0;
  const running = progress?.running ?? false;
  const [paying, setPaying] = useState(false);
  const pay = async () => {
    setPaying(true);
    try {
      await onPay();
    } finally {
      setPaying(false);
    }
  };
  return (
    <Modal
      open={progress !== null}
      // §4: "processing orders" while pending, then "orders processed".
      title={<span data-testid="progress-title">{msg(running ? 'purchase.batch.processing' : 'purchase.batch.processed')}</span>}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      width={640}
      footer={
        <Flex gap={8} justify="flex-end" wrap>
          <Button disabled={running || failed === 0} onClick={onReport} data-testid="progress-report">
            {t('progress.report')}
          </Button>
          <Button type="primary" disabled={running || created === 0} loading={paying} onClick={() => void pay()} data-testid="progress-pay">
            {t('progress.pay')}
          </Button>
          <Button disabled={running} onClick={onClose} data-testid="progress-close">
            {t('progress.close')}
          </Button>
        </Flex>
      }
    >
      <div data-testid="progress-dialog" data-running={running ? 'Y' : 'N'} data-done={done} data-total={total} data-percent={percent}>
        {running ? (
          <Alert type="warning" showIcon icon={<Spin size="small" />} title={msg('purchase.batch.creating')} data-testid="progress-lock" style={{ marginBottom: 12 }} />
        ) : (
          <Alert type={failed ? 'warning' : 'success'} showIcon title={t('progress.summary', { ok: created, fail: failed })} style={{ marginBottom: 12 }} />
        )}
        <Flex align="center" gap={16}>
          {/* Not 'active' while running: that status sweeps a layer of the background colour over the filled part (up to
              half opaque, every 2.4 s), so mid-sweep a 91% bar looks about 9% long. The lock notice's spinner shows the work goes on. */}
          <Progress percent={percent} format={(p) => `${p ?? 0}%`} status={running ? 'normal' : failed ? 'exception' : 'success'} style={{ flex: 1 }} data-testid="progress-bar" />
          <Typography.Text data-testid="progress-count">{t('progress.done', { done, total })}</Typography.Text>
        </Flex>
        <List
          size="small"
          style={{ maxHeight: 320, overflow: 'auto', marginTop: 12 }}
          dataSource={items}
          data-testid="progress-list"
          renderItem={(i) => (
            <List.Item data-testid="progress-item" data-status={i.status} data-cn={i.label}>
              <Flex vertical style={{ minWidth: 0, flex: 1 }}>
                <Typography.Text ellipsis>{i.label}</Typography.Text>
                {i.error ? (
                  <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="progress-error">
                    {i.error}
                  </Typography.Text>
                ) : i.orderNo ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {i.orderNo}
                  </Typography.Text>
                ) : null}
              </Flex>
              <Tag color={i.status === 'created' ? 'success' : i.status === 'failed' ? 'error' : 'default'}>{t(`progress.${i.status}`)}</Tag>
            </List.Item>
          )}
        />
      </div>
    </Modal>
  );
}
