import { useState, useId } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { exportPrivateKeyDer, exportPrivateKeyPem, PkiError, readPrivateKey, type Bytes, type PrivateKeyFormat, type ReadPrivateKeyResult } from '@cc/pki';
import { saveFile } from '../../../lib/download.ts';
import { OutputBlock } from '../components/output-block.tsx';
import { emptyPemInput, PemInput, pemInputData, type PemInputValue } from '../components/pem-input.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';

const FORMAT_NAMES: Record<PrivateKeyFormat, string> = { pkcs8: 'PKCS#8', pkcs1: 'PKCS#1 (RSA)', sec1: 'SEC1 (EC)' };

export default function ConvertPrivateKeyPage() {
  // Ties each label to its control, so the control has an accessible name.
  const id = useId();
  const { t, errorText } = useToolsT();
  const [input, setInput] = useState<PemInputValue>(emptyPemInput);
  const [inPass, setInPass] = useState('');
  const [format, setFormat] = useState<PrivateKeyFormat>('pkcs8');
  const [encoding, setEncoding] = useState<'pem' | 'der'>('pem');
  const [outPass, setOutPass] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [out, setOut] = useState<{ info: ReadPrivateKeyResult; pem: string | null; der: Bytes | null } | null>(null);

  const convert = async () => {
    setBusy(true);
    setError(null);
    setOut(null);
    try {
      const info = await readPrivateKey(pemInputData(input), inPass || undefined);
      // DER has no room for the traditional encryption headers: only PKCS#8 can be encrypted there.
      if (outPass && format !== 'pkcs8' && encoding === 'der') throw new PkiError('INVALID_ARGUMENT');
      const opts = { format, passphrase: outPass || undefined };
      setOut(encoding === 'pem' ? { info, pem: await exportPrivateKeyPem(info.pkcs8, opts), der: null } : { info, pem: null, der: await exportPrivateKeyDer(info.pkcs8, opts) });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const ext = format === 'pkcs8' ? 'p8' : 'key';
  return (
    <ToolCard title={t('convertKey.title')}>
      <Form layout="vertical">
        <Form.Item>
          <PemInput value={input} onChange={setInput} testId="key-input" />
        </Form.Item>
        <Form.Item label={t('convertKey.inputPassword')} htmlFor={`${id}-in`}>
          <Input.Password id={`${id}-in`} value={inPass} onChange={(e) => setInPass(e.target.value)} autoComplete="off" style={{ width: 280 }} />
        </Form.Item>
        <Flex gap={24} wrap>
          <Form.Item label={t('convertKey.format')}>
            <Segmented<PrivateKeyFormat> value={format} onChange={setFormat} options={(Object.keys(FORMAT_NAMES) as PrivateKeyFormat[]).map((f) => ({ label: FORMAT_NAMES[f], value: f }))} />
          </Form.Item>
          <Form.Item label={t('convertKey.encoding')}>
            <Segmented<'pem' | 'der'> value={encoding} onChange={setEncoding} options={[{ label: 'PEM', value: 'pem' }, { label: 'DER', value: 'der' }]} />
          </Form.Item>
        </Flex>
        {(format === 'pkcs8' || encoding === 'pem') && (
          <Form.Item label={t('convertKey.outputPassword')} htmlFor={`${id}-out`} extra={format === 'pkcs8' ? t('convertKey.pkcs8Encryption') : t('convertKey.legacyEncryption')}>
            <Input.Password id={`${id}-out`} value={outPass} onChange={(e) => setOutPass(e.target.value)} autoComplete="new-password" style={{ width: 280 }} />
          </Form.Item>
        )}
        <Button type="primary" loading={busy} onClick={() => void convert()} data-testid="convert-submit">
          {t('convertKey.convert')}
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="tool-error" />}
      {out && (
        <Flex vertical gap={12} style={{ marginTop: 24 }} data-testid="convert-result">
          <Typography.Text>
            {t('convertKey.detected', {
              format: FORMAT_NAMES[out.info.inputFormat],
              alg: out.info.algorithm,
              bits: out.info.bits ? ` ${out.info.bits} bit` : '',
              enc: out.info.encrypted ? t('convertKey.encrypted') : '',
            })}
          </Typography.Text>
          {out.pem !== null && <OutputBlock title={t('convertKey.result')} text={out.pem} fileName={`private.${ext}.pem`} />}
          {out.der !== null && (
            <div>
              <Button type="primary" icon={<DownloadOutlined />} onClick={() => saveFile(`private.${ext}.der`, out.der!)}>
                {`${t('download')} private.${ext}.der`}
              </Button>
            </div>
          )}
        </Flex>
      )}
    </ToolCard>
  );
}
