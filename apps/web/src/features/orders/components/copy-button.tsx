import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import { useOrdersT } from '../i18n.ts';

/** Copies a value: 复制成功 / 复制失败！ (doc 02 §8). */
export function CopyButton({ text, testId, label = false }: { text: string; testId?: string; label?: boolean }) {
  const { t } = useOrdersT();
  return (
    <Button
      size="small"
      type={label ? 'default' : 'text'}
      icon={<CopyOutlined />}
      aria-label={t('copy')}
      title={t('copy')}
      data-testid={testId}
      disabled={!text}
      onClick={() =>
        void copyText(text).then((ok) => (ok ? toast.success(t('copySuccess')) : toast.error(t('copyFail'))))
      }
    >
      {label ? t('copy') : null}
    </Button>
  );
}

/** A labelled value in monospace with its copy button: DNS hosts and values, file paths and contents. */
export function CopyField({ label, value, testId, multiline = false }: { label: string; value: string; testId?: string; multiline?: boolean }) {
  const { token } = theme.useToken();
  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(88px, max-content) 1fr auto', gap: 8, alignItems: 'start', marginBottom: 6 }}>
      <span style={{ color: token.colorTextSecondary }}>{label}</span>
      <code
        data-testid={testId}
        style={{
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 12.5,
          background: token.colorFillTertiary,
          borderRadius: 4,
          padding: '2px 6px',
          wordBreak: 'break-all',
          whiteSpace: multiline ? 'pre-wrap' : 'normal',
        }}
      >
        {value}
      </code>
      <CopyButton text={value} testId={testId ? `${testId}-copy` : undefined} />
    </div>
  );
}
