import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import Upload from 'antd/es/upload';
import UploadOutlined from '@ant-design/icons/UploadOutlined';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import { monoStyle } from './output-block.tsx';
import { useToolsT } from './use-tools-t.ts';

export interface PemInputValue {
  text: string;
  file: { name: string; bytes: Uint8Array } | null;
}

export const emptyPemInput: PemInputValue = { text: '', file: null };

/** What the pki library should read: the uploaded file wins over the pasted text. */
export const pemInputData = (v: PemInputValue): string | Uint8Array => v.file?.bytes ?? v.text;

/** The paste-or-upload box of §2 (text at least 7 rows; DER or PEM files are read locally). */
export function PemInput(props: { value: PemInputValue; onChange: (v: PemInputValue) => void; placeholder?: string; testId?: string; rows?: number }) {
  const { t } = useToolsT();
  const { value, onChange } = props;
  return (
    <div data-testid={props.testId}>
      <Input.TextArea
        value={value.text}
        onChange={(e) => onChange({ text: e.target.value, file: null })}
        aria-label={props.placeholder ?? t('input.placeholder')}
        placeholder={props.placeholder ?? t('input.placeholder')}
        autoSize={{ minRows: props.rows ?? 7, maxRows: 20 }}
        style={monoStyle}
        spellCheck={false}
        disabled={value.file !== null}
      />
      <Flex gap={8} align="center" style={{ marginTop: 8 }} wrap>
        <Upload
          showUploadList={false}
          beforeUpload={(file) => {
            void file.arrayBuffer().then((buf) => onChange({ text: '', file: { name: file.name, bytes: new Uint8Array(buf) } }));
            // Read in the browser only: never upload.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />}>{t('input.upload')}</Button>
        </Upload>
        {value.file && (
          <>
            <Typography.Text type="secondary">{t('input.fileLoaded', { name: value.file.name, size: value.file.bytes.length })}</Typography.Text>
            <Button size="small" type="text" icon={<CloseOutlined />} aria-label={t('input.removeFile')} onClick={() => onChange(emptyPemInput)} />
          </>
        )}
      </Flex>
    </div>
  );
}
