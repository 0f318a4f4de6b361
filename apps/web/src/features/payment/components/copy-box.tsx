import Button from 'antd/es/button';
import Input from 'antd/es/input';
import Space from 'antd/es/space';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import { usePaymentT } from '../i18n.ts';

/** A read-only value with a copy button: 复制成功 / 复制失败！ (document 02 §8). */
export function CopyBox({ value, testId, suffix }: { value: string; testId: string; suffix?: string }) {
  const { t } = usePaymentT();
  const copy = async () => {
    if (await copyText(value)) toast.success(t('notice.copySuccess'));
    else toast.error(t('notice.copyFail'));
  };
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input readOnly value={value} suffix={suffix} data-testid={testId} style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' }} />
      <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid={`${testId}-copy`} aria-label={t('notice.copy')}>
        {t('notice.copy')}
      </Button>
    </Space.Compact>
  );
}
