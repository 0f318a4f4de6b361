import Button from 'antd/es/button';
import Dropdown from 'antd/es/dropdown';
import Flex from 'antd/es/flex';
import Tooltip from 'antd/es/tooltip';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import DownOutlined from '@ant-design/icons/DownOutlined';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import PayCircleOutlined from '@ant-design/icons/PayCircleOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import type { OrderListItem } from '../api/get-orders.ts';
import type { OrderActions } from '../hooks/use-order-actions.ts';
import { useOrdersT } from '../i18n.ts';

/** The actions on the orders ticked in the list (pay only where the payment feature is plugged in). */
export function BulkActions({ selected, rowsShown, canPay, actions }: { selected: readonly OrderListItem[]; rowsShown: number; canPay: boolean; actions: OrderActions }) {
  const { t } = useOrdersT();
  const { busy } = actions;
  return (
    <Flex wrap gap={8} align="center" style={{ marginBottom: 12 }} data-testid="bulk-actions">
      <Typography.Text type="secondary" data-testid="selected-count">
        {t('list.selected', { count: selected.length })}
      </Typography.Text>
      {canPay ? (
        <Button icon={<PayCircleOutlined />} disabled={!selected.length} data-testid="bulk-pay" onClick={() => actions.onPayOrders(selected)}>
          {t('list.pay')}
        </Button>
      ) : null}
      <Button icon={<SyncOutlined />} disabled={!selected.length} loading={actions.verifying} data-testid="bulk-verify" onClick={() => void actions.onVerify(selected)}>
        {t('list.verify')}
      </Button>
      <Dropdown
        disabled={!selected.length || busy === 'hash'}
        trigger={['click']}
        menu={{
          items: [
            { key: 'csv', label: <span data-testid="hash-values-csv">{t('list.hashCsv')}</span> },
            { key: 'json', label: <span data-testid="hash-values-json">{t('list.hashJson')}</span> },
          ],
          onClick: ({ key }) => void actions.onHashValues(selected, key === 'json' ? 'json' : 'csv'),
        }}
      >
        <Button icon={<FileTextOutlined />} loading={busy === 'hash'} data-testid="bulk-hash-values">
          {t('list.hashValues')} <DownOutlined />
        </Button>
      </Dropdown>
      <Button icon={<StopOutlined />} danger disabled={!selected.length} data-testid="bulk-cancel" onClick={() => actions.onCancel(selected)}>
        {t('list.cancel')}
      </Button>
      <Button icon={<DownloadOutlined />} disabled={!selected.length} loading={busy === 'zip'} data-testid="bulk-download" onClick={() => void actions.onZip(selected)}>
        {t('list.download')}
      </Button>
      <Tooltip title={t('list.exportHint')}>
        <Button icon={<ExportOutlined />} disabled={!rowsShown && !selected.length} data-testid="export-json" onClick={actions.onExport}>
          {t('list.exportJson')}
        </Button>
      </Tooltip>
    </Flex>
  );
}
