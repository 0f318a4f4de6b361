import theme from 'antd/es/theme';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';

/** A one-line success or error box in the alert style, without antd Alert's weight on the first page. */
export function Notice({ type, text, testId }: { type: 'success' | 'error'; text: string; testId?: string }) {
  const { token } = theme.useToken();
  const ok = type === 'success';
  return (
    <div
      role={ok ? 'status' : 'alert'}
      data-testid={testId}
      style={{
        display: 'flex',
        gap: 8,
        alignItems: 'flex-start',
        margin: '16px 0',
        padding: '8px 12px',
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${ok ? token.colorSuccessBorder : token.colorErrorBorder}`,
        background: ok ? token.colorSuccessBg : token.colorErrorBg,
        color: token.colorText,
      }}
    >
      <span style={{ color: ok ? token.colorSuccess : token.colorError, lineHeight: '22px' }}>{ok ? <CheckCircleFilled /> : <CloseCircleFilled />}</span>
      <span>{text}</span>
    </div>
  );
}
