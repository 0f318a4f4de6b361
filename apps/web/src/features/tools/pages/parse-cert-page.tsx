import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Steps from 'antd/es/steps';
import Tabs from 'antd/es/tabs';
import Typography from 'antd/es/typography';
import { certificatesToPem, checkChain, readCertBundle, type ChainReport } from '@cc/pki';
import { CertificateDetails } from '../components/cert-details.tsx';
import { JsonExportButton } from '../components/json-export-button.tsx';
import { OutputBlock } from '../components/output-block.tsx';
import { emptyPemInput, PemInput, pemInputData, type PemInputValue } from '../components/pem-input.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useAsyncResult } from '../components/use-async-result.ts';
import { useToolsT } from '../components/use-tools-t.ts';

interface Request {
  data: string | Uint8Array;
  host: string;
  /** For a PKCS#12 file. */
  password: string;
}

interface Result {
  report: ChainReport;
  orderedPem: string;
}

export default function ParseCertPage() {
  const { t, lang, errorText } = useToolsT();
  const [input, setInput] = useState<PemInputValue>(emptyPemInput);
  const [host, setHost] = useState('');
  const [password, setPassword] = useState('');
  const [request, setRequest] = useState<Request | null>(null);
  const state = useAsyncResult<Request, Result>(
    request,
    async (r) => {
      const bundle = await readCertBundle(r.data, r.password);
      const report = await checkChain(bundle.certificates, { lang, host: r.host });
      return { report, orderedPem: certificatesToPem(report.order.map((i) => bundle.certificates[i]!)) };
    },
    lang,
  );

  const result = state.status === 'done' ? state.value : null;
  const report = result?.report;
  const problems = report?.verdicts ?? [];
  return (
    <ToolCard title={t('parse.titleCert')} extra={report && <JsonExportButton data={report} fileName="certificates.json" />}>
      <Flex vertical gap={12}>
        <PemInput value={input} onChange={setInput} testId="cert-input" />
        <Flex gap={8} wrap>
          <Input style={{ maxWidth: 360 }} value={host} onChange={(e) => setHost(e.target.value)} placeholder={`${t('parse.host')}: ${t('parse.hostPlaceholder')}`} aria-label={t('parse.host')} data-testid="host-input" />
          <Input.Password style={{ maxWidth: 240 }} value={password} onChange={(e) => setPassword(e.target.value)} placeholder={t('parse.pfxPassword')} autoComplete="off" />
          <Button type="primary" loading={state.status === 'busy'} onClick={() => setRequest({ data: pemInputData(input), host: host.trim(), password })} data-testid="parse-submit">
            {t('parse.parse')}
          </Button>
        </Flex>
        {state.status === 'error' && <Alert type="error" showIcon title={errorText(state.error)} data-testid="tool-error" />}
        {report && (
          <Flex vertical gap={12} data-testid="parse-result">
            {problems.length === 0 ? (
              <Alert type="success" showIcon title={report.hostMatches ? `${t('parse.verdictOk')} · ${t('parse.hostMatch', { host: request?.host })}` : t('parse.verdictOk')} />
            ) : (
              problems.map((v, i) => (
                <Alert
                  key={i}
                  type={v.code === 'WRONG_ORDER' || v.code === 'UNRELATED' ? 'warning' : 'error'}
                  showIcon
                  title={t(`parse.verdicts.${v.code}`, { n: v.index === null ? '' : v.index + 1, host: request?.host })}
                  data-testid="chain-verdict"
                />
              ))
            )}
            {report.certificates.length > 1 && (
              <>
                <Typography.Text strong>{t('parse.chainOrder')}</Typography.Text>
                <Steps
                  orientation="vertical"
                  size="small"
                  current={report.order.length}
                  items={report.order.map((i) => ({
                    title: `${t('parse.certN', { n: i + 1 })}: ${report.certificates[i]!.subject.find((e) => e.shortName === 'CN')?.value ?? report.certificates[i]!.subjectText}`,
                    content: `${t('fields.issuer')}: ${report.certificates[i]!.issuerText}`,
                  }))}
                />
                {!report.inOrder && result && <OutputBlock title={t('parse.orderedPem')} text={result.orderedPem} fileName="chain.pem" />}
              </>
            )}
            <Tabs
              items={report.certificates.map((c, i) => ({
                key: String(i),
                label: `${t('parse.certN', { n: i + 1 })} · ${c.subject.find((e) => e.shortName === 'CN')?.value ?? ''}`,
                children: <CertificateDetails cert={c} />,
              }))}
            />
          </Flex>
        )}
      </Flex>
    </ToolCard>
  );
}
