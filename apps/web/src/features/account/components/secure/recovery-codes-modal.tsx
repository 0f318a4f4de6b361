import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Modal from 'antd/es/modal';
import theme from 'antd/es/theme';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../../lib/clipboard.ts';
import { toast } from '../../../../lib/toast.ts';

/** The recovery codes, shown once (at enrolment or after regenerating). */
export function RecoveryCodesModal({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const copy = async () => {
    if (await copyText(codes.join('\n'))) toast.success(t('common.copySuccess'));
    else toast.error(t('common.copyFail'));
  };
  return (
    <Modal
      open
      title={t('secure.recoveryListTitle')}
      closable={false}
      maskClosable={false}
      footer={[
        <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="recovery-copy">
          {t('secure.recoveryCopyAll')}
        </Button>,
        <Button key="ok" type="primary" onClick={onClose} data-testid="recovery-saved">
          {t('secure.recoverySaved')}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title={t('secure.recoveryShowOnce')} style={{ marginBottom: 16 }} />
      <ol
        data-testid="recovery-codes"
        style={{
          columns: 2,
          fontFamily: 'monospace',
          fontSize: 15,
          background: token.colorFillTertiary,
          borderRadius: token.borderRadius,
          padding: '12px 12px 12px 36px',
          margin: 0,
        }}
      >
        {codes.map((c) => (
          <li key={c} style={{ padding: '2px 0' }}>
            {c}
          </li>
        ))}
      </ol>
    </Modal>
  );
}
