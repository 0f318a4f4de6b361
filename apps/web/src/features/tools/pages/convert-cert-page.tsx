import { useState, useId } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { buildPkcs12, buildPkcs7, buildPkcs7Pem, certificatesToPem, checkChain, PkiError, readCertBundle, readPrivateKey, type Bytes, type Pkcs12Encryption } from '@cc/pki';
import { saveFile } from '../../../lib/download.ts';
import { OutputBlock } from '../components/output-block.tsx';
import { emptyPemInput, PemInput, pemInputData, type PemInputValue } from '../components/pem-input.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';

type Target = 'pem' | 'der' | 'p7b-pem' | 'p7b-der' | 'pfx';

/** A message for the user that needs no translation of a library code. */
class FormProblem extends Error {}

interface Output {
  summary: string;
  text: string | null;
  files: Array<{ name: string; data: Bytes }>;
  split: string[];
}

export default function ConvertCertPage() {
  // Ties each label to its control, so the control has an accessible name.
  const id = useId();
  const { t, errorText } = useToolsT();
  const [input, setInput] = useState<PemInputValue>(emptyPemInput);
  const [keyInput, setKeyInput] = useState<PemInputValue>(emptyPemInput);
  const [password, setPassword] = useState('');
  const [keyPassword, setKeyPassword] = useState('');
  const [target, setTarget] = useState<Target>('pem');
  const [encryption, setEncryption] = useState<Pkcs12Encryption>('aes-256');
  const [order, setOrder] = useState(true);
  const [eol, setEol] = useState<'\n' | '\r\n'>('\n');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [out, setOut] = useState<Output | null>(null);

  const convert = async () => {
    setBusy(true);
    setError(null);
    setOut(null);
    try {
      const bundle = await readCertBundle(pemInputData(input), password);
      let certs = bundle.certificates;
      // A key alone converts to nothing: that is the private-key tool's job.
      if (certs.length === 0) throw new PkiError('NOT_A_CERTIFICATE');
      if (order && certs.length > 1) {
        const report = await checkChain(certs);
        // Ordered path first, then whatever did not fit in it, so nothing is dropped.
        certs = [...report.order, ...certs.map((_, i) => i).filter((i) => !report.order.includes(i))].map((i) => certs[i]!);
      }
      let key = bundle.privateKey;
      const keyData = pemInputData(keyInput);
      if (typeof keyData !== 'string' || keyData.trim()) key = (await readPrivateKey(keyData, keyPassword || undefined)).pkcs8;
      const summary = t('convertCert.found', { certs: certs.length, key: key ? t('convertCert.withKey') : '' });
      const split = certs.map((c) => certificatesToPem([c], eol));
      let result: Output;
      switch (target) {
        case 'pem':
          result = { summary, text: certificatesToPem(certs, eol), files: [], split };
          break;
        case 'der':
          result = { summary, text: null, files: certs.map((c, i) => ({ name: i === 0 ? 'certificate.cer' : `chain-${i}.cer`, data: c })), split };
          break;
        case 'p7b-pem':
          result = { summary, text: buildPkcs7Pem(certs).replace(/\n/g, eol), files: [], split };
          break;
        case 'p7b-der':
          result = { summary, text: null, files: [{ name: 'certificates.p7b', data: buildPkcs7(certs) }], split };
          break;
        case 'pfx':
          if (!password) throw new FormProblem(t('convertCert.pfxPasswordRequired'));
          if (!key) throw new FormProblem(t('convertCert.pfxKeyRequired'));
          result = { summary, text: null, files: [{ name: 'certificate.pfx', data: await buildPkcs12(certs, key, password, { encryption }) }], split };
          break;
      }
      setOut(result);
    } catch (e) {
      setError(e instanceof FormProblem ? e.message : errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolCard title={t('convertCert.title')}>
      <Form layout="vertical">
        <Form.Item>
          <PemInput value={input} onChange={setInput} testId="cert-input" />
        </Form.Item>
        <Form.Item label={t('convertCert.target')}>
          <Segmented<Target>
            value={target}
            onChange={setTarget}
            options={[
              { label: 'PEM', value: 'pem' },
              { label: 'DER / CER', value: 'der' },
              { label: 'P7B (PEM)', value: 'p7b-pem' },
              { label: 'P7B (DER)', value: 'p7b-der' },
              { label: 'PFX / P12', value: 'pfx' },
            ]}
            data-testid="target"
          />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item label={t('convertCert.password')} htmlFor={`${id}-password`}>
            <Input.Password id={`${id}-password`} value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" style={{ width: 240 }} data-testid="pfx-password" />
          </Form.Item>
          {target === 'pfx' && (
            <Form.Item label={t('convertCert.pfxEncryption')} htmlFor={`${id}-encryption`}>
              <Select<Pkcs12Encryption>
                id={`${id}-encryption`}
                value={encryption}
                onChange={setEncryption}
                style={{ width: 280 }}
                options={[
                  { label: t('convertCert.aes'), value: 'aes-256' },
                  { label: t('convertCert.des'), value: '3des' },
                ]}
              />
            </Form.Item>
          )}
          <Form.Item label={t('convertCert.lineEnding')} htmlFor={`${id}-eol`}>
            <Select
              id={`${id}-eol`}
              value={eol}
              onChange={setEol}
              style={{ width: 140 }}
              options={[
                { label: 'LF (Unix)', value: '\n' },
                { label: 'CRLF (Windows)', value: '\r\n' },
              ]}
            />
          </Form.Item>
          <Form.Item label=" ">
            <Checkbox checked={order} onChange={(e) => setOrder(e.target.checked)}>
              {t('convertCert.order')}
            </Checkbox>
          </Form.Item>
        </Flex>
        {target === 'pfx' && (
          <>
            <Form.Item label={t('convertCert.privateKey')}>
              <PemInput value={keyInput} onChange={setKeyInput} testId="key-input" />
            </Form.Item>
            <Form.Item label={t('convertCert.keyPassword')} htmlFor={`${id}-key-password`}>
              <Input.Password id={`${id}-key-password`} value={keyPassword} onChange={(e) => setKeyPassword(e.target.value)} autoComplete="off" style={{ width: 240 }} />
            </Form.Item>
          </>
        )}
        <Button type="primary" loading={busy} onClick={() => void convert()} data-testid="convert-submit">
          {t('convertCert.convert')}
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="tool-error" />}
      {out && (
        <Flex vertical gap={16} style={{ marginTop: 24 }} data-testid="convert-result">
          <Typography.Text>{out.summary}</Typography.Text>
          {out.text !== null && <OutputBlock title={t('convertCert.result')} text={out.text} fileName={target === 'pem' ? 'certificates.pem' : 'certificates.p7b'} />}
          {out.files.length > 0 && (
            <Flex gap={8} wrap>
              {out.files.map((f) => (
                <Button key={f.name} type="primary" icon={<DownloadOutlined />} onClick={() => saveFile(f.name, f.data)}>
                  {`${t('download')} ${f.name}`}
                </Button>
              ))}
            </Flex>
          )}
          {out.split.length > 1 && (
            <>
              <Typography.Text strong>{t('convertCert.splitTitle')}</Typography.Text>
              {out.split.map((pem, i) => (
                <OutputBlock key={i} title={t('parse.certN', { n: i + 1 })} text={pem} fileName={`certificate-${i + 1}.pem`} rows={4} />
              ))}
            </>
          )}
        </Flex>
      )}
    </ToolCard>
  );
}
