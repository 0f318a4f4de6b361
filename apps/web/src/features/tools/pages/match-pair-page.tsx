import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Typography from 'antd/es/typography';
import { matchKeyPair, type MatchResult } from '@cc/pki';
import { JsonExportButton } from '../components/json-export-button.tsx';
import { monoStyle } from '../components/output-block.tsx';
import { emptyPemInput, PemInput, pemInputData, type PemInputValue } from '../components/pem-input.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';

const given = (v: PemInputValue) => v.file !== null || v.text.trim() !== '';

export default function MatchPairPage() {
  const { t, errorText } = useToolsT();
  const [key, setKey] = useState<PemInputValue>(emptyPemInput);
  const [pass, setPass] = useState('');
  const [cert, setCert] = useState<PemInputValue>(emptyPemInput);
  const [csr, setCsr] = useState<PemInputValue>(emptyPemInput);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<MatchResult | null>(null);

  const check = async () => {
    setError(null);
    setResult(null);
    if ([key, cert, csr].filter(given).length < 2) {
      setError(t('match.needTwo'));
      return;
    }
    setBusy(true);
    try {
      setResult(
        await matchKeyPair({
          privateKey: given(key) ? pemInputData(key) : undefined,
          passphrase: pass || undefined,
          certificate: given(cert) ? pemInputData(cert) : undefined,
          csr: given(csr) ? pemInputData(csr) : undefined,
        }),
      );
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const verdict = (v: boolean | null, label: string) =>
    v === null ? null : (
      <Alert key={label} type={v ? 'success' : 'error'} showIcon title={`${label}: ${v ? t('match.matched') : t('match.mismatched')}`} data-testid="match-verdict" />
    );

  return (
    <ToolCard title={t('match.title')} extra={result && <JsonExportButton data={result} fileName="match.json" />}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Typography.Text strong>{t('match.privateKey')}</Typography.Text>
          <PemInput value={key} onChange={setKey} testId="key-input" />
          <Input.Password value={pass} onChange={(e) => setPass(e.target.value)} placeholder={t('match.passphrase')} autoComplete="off" style={{ marginTop: 8 }} />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Text strong>{t('match.certificate')}</Typography.Text>
          <PemInput value={cert} onChange={setCert} testId="cert-input" />
        </Col>
        <Col xs={24} lg={8}>
          <Typography.Text strong>{t('match.csr')}</Typography.Text>
          <PemInput value={csr} onChange={setCsr} testId="csr-input" />
        </Col>
      </Row>
      <Button type="primary" loading={busy} onClick={() => void check()} style={{ marginTop: 16 }} data-testid="match-submit">
        {t('match.check')}
      </Button>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="tool-error" />}
      {result && (
        <Flex vertical gap={12} style={{ marginTop: 24 }} data-testid="match-result">
          {verdict(result.keyMatchesCertificate, t('match.keyCert'))}
          {verdict(result.keyMatchesCsr, t('match.keyCsr'))}
          {verdict(result.certificateMatchesCsr, t('match.certCsr'))}
          <Descriptions
            bordered
            size="small"
            column={1}
            title={t('match.fingerprints')}
            items={(
              [
                ['privateKey', t('match.privateKey')],
                ['certificate', t('match.certificate')],
                ['csr', t('match.csr')],
              ] as const
            )
              .filter(([k]) => result.fingerprints[k] !== null)
              .map(([k, label]) => ({ key: k, label, children: <span style={monoStyle}>{result.fingerprints[k]}</span> }))}
          />
        </Flex>
      )}
    </ToolCard>
  );
}
