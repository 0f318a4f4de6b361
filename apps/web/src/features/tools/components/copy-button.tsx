import Button from 'antd/es/button';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import { useToolsT } from './use-tools-t.ts';

export function CopyButton({ text, size = 'small' }: { text: string; size?: 'small' | 'middle' }) {
  const { t } = useToolsT();
  return (
    <Button
      size={size}
      icon={<CopyOutlined />}
      disabled={!text}
      onClick={async () => {
        if (await copyText(text)) toast.success(t('copySuccess'));
        else toast.error(t('copyFail'));
      }}
    >
      {t('copy')}
    </Button>
  );
}
