import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { CopyButton } from './copy-button.tsx';
import { saveFile } from '../../../lib/download.ts';
import { useToolsT } from './use-tools-t.ts';

export const monoStyle = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 12 } as const;

/** A read-only text result with copy and download buttons. */
export function OutputBlock(props: { title: string; text: string; fileName?: string; binary?: Uint8Array; testId?: string; rows?: number }) {
  const { t } = useToolsT();
  const { title, text, fileName, binary } = props;
  return (
    <div data-testid={props.testId}>
      <Flex justify="space-between" align="center" style={{ marginBottom: 4 }}>
        <Typography.Text strong>{title}</Typography.Text>
        <Flex gap={8}>
          {text && <CopyButton text={text} />}
          {fileName && (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => saveFile(fileName, binary ?? text, binary ? 'application/octet-stream' : 'text/plain')}>
              {t('download')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Input.TextArea readOnly aria-label={title} value={text} autoSize={{ minRows: props.rows ?? 7, maxRows: 24 }} style={monoStyle} />
    </div>
  );
}
