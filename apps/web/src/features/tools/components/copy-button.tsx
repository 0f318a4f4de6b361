import { useState } from 'react';
import Button from 'antd/es/button';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import { useToolsT } from './use-tools-t.ts';

/**
 * Copies with the §8 toasts. The button also keeps saying "copied" (data-copied) until the text changes: the toast
 * fades after a few seconds, and someone who looked away still sees what happened.
 */
export function CopyButton({ text, size = 'small' }: { text: string; size?: 'small' | 'middle' }) {
  const { t } = useToolsT();
  const [last, setLast] = useState<{ text: string; ok: boolean } | null>(null);
  const outcome = last?.text === text ? (last.ok ? 'ok' : 'failed') : undefined;
  return (
    <Button
      size={size}
      icon={outcome === 'ok' ? <CheckOutlined /> : <CopyOutlined />}
      disabled={!text}
      data-copied={outcome}
      onClick={() =>
        void copyText(text).then((ok) => {
          setLast({ text, ok });
          if (ok) toast.success(t('copySuccess'));
          else toast.error(t('copyFail'));
        })
      }
    >
      {outcome === 'ok' ? t('copied') : t('copy')}
    </Button>
  );
}
