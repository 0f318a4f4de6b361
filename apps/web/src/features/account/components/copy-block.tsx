import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Typography from 'antd/es/typography';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import { copyText } from '../../../lib/clipboard.ts';
import { toast } from '../../../lib/toast.ts';
import { useAccountT } from '../i18n.ts';

export const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' };

function useCopy() {
  const { t } = useAccountT();
  return async (text: string) => {
    if (await copyText(text)) toast.success(t('developer.copied'));
    else toast.error(t('developer.copyFailed'));
  };
}

/** A block of text to copy: a command or a key. */
export function CopyBlock({ text, testId, label }: { text: string; testId: string; label: string }) {
  const { t } = useAccountT();
  const copy = useCopy();
  return (
    <Flex gap={8} align="start">
      <Typography.Paragraph
        code
        style={{ ...mono, flex: 1, margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}
        data-testid={testId}
        aria-label={label}
      >
        {text}
      </Typography.Paragraph>
      <Button icon={<CopyOutlined />} onClick={() => void copy(text)} data-testid={`${testId}-copy`} aria-label={`${t('developer.copy')} ${label}`}>
        {t('developer.copy')}
      </Button>
    </Flex>
  );
}

