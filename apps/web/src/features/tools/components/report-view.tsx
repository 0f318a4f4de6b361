import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Row from 'antd/es/row';
import Select from 'antd/es/select';
import Table from 'antd/es/table';
import Tabs from 'antd/es/tabs';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import type { CipherSuiteInfo, ReportCertificate, ReportServer, TlsGrade, TlsReport } from '@cc/contracts/tls-report';
import { SSL_SERVERS, type SslServer } from '@cc/pki';
import { monoStyle, OutputBlock } from './output-block.tsx';
import { useToolsT } from './use-tools-t.ts';

type Row<T> = T & { key: string | number };

/** SSL Labs' colours: green for A, amber for B, orange for C, red for failures and trust problems. */
export const gradeColors: Record<TlsGrade, string> = { 'A+': '#389e0d', A: '#52c41a', 'A-': '#7cb305', B: '#d4b106', C: '#fa8c16', F: '#f5222d', T: '#cf1322' };
const severityColors = { fatal: 'red', cap: 'orange', warning: 'gold', info: 'blue' } as const;

export function GradeBadge({ grade, size = 120 }: { grade: TlsGrade; size?: number }) {
  return (
    <div
      data-testid="report-grade"
      data-grade={grade}
      style={{
        width: size,
        height: size,
        borderRadius: 16,
        background: gradeColors[grade],
        color: '#fff',
        fontSize: size * 0.5,
        fontWeight: 700,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        letterSpacing: -2,
      }}
    >
      {grade}
    </div>
  );
}

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <Tag color={ok ? 'success' : 'error'} icon={ok ? <CheckCircleFilled /> : <CloseCircleFilled />} data-testid="report-check" data-ok={ok ? 'Y' : 'N'}>
      {label}
    </Tag>
  );
}

export function ReasonsCard({ report }: { report: TlsReport }) {
  const { t } = useToolsT();
  return (
    <Card size="small" title={t('report.reasons')} data-testid="report-reasons">
      {report.reasons.length === 0 ? (
        <Typography.Text type="success">{t('report.noReasons')}</Typography.Text>
      ) : (
        <Flex vertical gap={8}>
          {report.reasons.map((r, i) => (
            <Flex key={`${r.key}-${i}`} gap={8} align="baseline" data-testid="report-reason" data-key={r.key}>
              <Tag color={severityColors[r.severity]} style={{ flex: 'none' }}>
                {t(`report.severity.${r.severity}`)}
                {r.cap ? ` · ${t('report.capTo', { grade: r.cap })}` : ''}
              </Tag>
              <span>{r.message}</span>
            </Flex>
          ))}
        </Flex>
      )}
    </Card>
  );
}

export function ProtocolsCard({ report }: { report: TlsReport }) {
  const { t } = useToolsT();
  const outdated = (v: string) => v === 'TLSv1' || v === 'TLSv1.1';
  return (
    <Card size="small" title={t('report.protocols')} style={{ height: '100%' }}>
      <Table<Row<TlsReport['protocols'][number]>>
        size="small"
        pagination={false}
        dataSource={report.protocols.map((p) => ({ ...p, key: p.version }))}
        data-testid="report-protocols"
        columns={[
          { title: t('report.protocol'), dataIndex: 'version', render: (v: string) => v.replace('TLSv', 'TLS ').replace(/^TLS 1$/, 'TLS 1.0') },
          {
            title: t('report.offered'),
            render: (_, p) =>
              p.offered ? <Tag color={outdated(p.version) ? 'red' : 'green'}>{t('report.offered')}</Tag> : <Typography.Text type="secondary">{t('report.notOffered')}</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}

function suiteTag(s: CipherSuiteInfo, t: (k: string) => string) {
  if (s.insecure) return <Tag color="red">{t('report.insecure')}</Tag>;
  if (s.weak) return <Tag color="orange">{t('report.weak')}</Tag>;
  return <Tag color="green">{t('report.ok')}</Tag>;
}

export function CiphersCard({ report }: { report: TlsReport }) {
  const { t } = useToolsT();
  const yesNo = (v: boolean) => (v ? t('report.yes') : <Typography.Text type="warning">{t('report.no')}</Typography.Text>);
  return (
    <Card size="small" title={t('report.ciphers')} data-testid="report-ciphers">
      <Tabs
        size="small"
        items={report.cipherSuites.map((g) => ({
          key: g.protocol,
          label: t('report.suitesOf', { protocol: g.protocol.replace('TLSv', 'TLS ').replace(/^TLS 1$/, 'TLS 1.0'), count: g.suites.length }),
          children: (
            <Table<Row<CipherSuiteInfo>>
              size="small"
              pagination={false}
              scroll={{ x: 720 }}
              dataSource={g.suites.map((s) => ({ ...s, key: s.name }))}
              columns={[
                { title: t('report.suite'), dataIndex: 'name', render: (v: string) => <span style={monoStyle}>{v}</span> },
                { title: t('report.opensslName'), dataIndex: 'opensslName', render: (v: string) => <span style={monoStyle}>{v}</span> },
                { title: t('report.bits'), dataIndex: 'strength', width: 70 },
                { title: t('report.fs'), width: 90, render: (_, s) => yesNo(s.forwardSecrecy) },
                { title: t('report.aead'), width: 70, render: (_, s) => yesNo(s.aead) },
                { title: '', width: 80, render: (_, s) => suiteTag(s, t) },
              ]}
            />
          ),
        }))}
      />
    </Card>
  );
}

function CertificateCard({ cert, index, t }: { cert: ReportCertificate; index: number; t: (k: string, o?: Record<string, unknown>) => string }) {
  return (
    <Descriptions
      bordered
      size="small"
      column={1}
      title={
        <Flex gap={8} align="center">
          {index === 0 ? t('report.cert.leaf') : t('report.cert.intermediate', { n: index })}
          {cert.selfSigned && <Tag color="orange">{t('report.cert.selfSigned')}</Tag>}
          {cert.source === 'downloaded' && (
            <Tag color="orange" data-testid="report-cert-downloaded">
              {t('report.cert.downloaded')}
            </Tag>
          )}
        </Flex>
      }
      items={[
        { key: 'subject', label: t('report.cert.subject'), children: cert.subject },
        { key: 'issuer', label: t('report.cert.issuer'), children: cert.issuer },
        { key: 'validity', label: t('report.cert.validity'), children: `${cert.notBefore} — ${cert.notAfter}` },
        { key: 'key', label: t('report.cert.key'), children: `${cert.keyAlgorithm} ${cert.keySize} bit${cert.curve ? ` (${cert.curve})` : ''}` },
        { key: 'sig', label: t('report.cert.signature'), children: cert.signatureAlgorithm },
        ...(cert.sans.length ? [{ key: 'sans', label: t('report.cert.sans'), children: <Flex gap={4} wrap>{cert.sans.map((s) => <Tag key={s} style={{ marginInlineEnd: 0 }}>{s}</Tag>)}</Flex> }] : []),
        { key: 'serial', label: t('report.cert.serial'), children: <span style={monoStyle}>{cert.serial}</span> },
        { key: 'sha256', label: t('report.cert.sha256'), children: <Typography.Text copyable style={{ ...monoStyle, wordBreak: 'break-all' }}>{cert.sha256}</Typography.Text> },
      ]}
    />
  );
}

export function ChainCard({ report }: { report: TlsReport }) {
  const { t } = useToolsT();
  const c = report.checks;
  return (
    <Card size="small" title={t('report.chain')} data-testid="report-chain">
      <Flex vertical gap={16}>
        {c && (
          <Flex gap={6} wrap>
            <Check ok={c.trusted} label={t('report.checks.trusted')} />
            <Check ok={c.complete} label={t('report.checks.complete')} />
            <Check ok={c.orderCorrect} label={t('report.checks.orderCorrect')} />
            <Check ok={c.hostnameMatch} label={t('report.checks.hostnameMatch')} />
            <Check ok={!c.expired} label={c.expired ? t('report.expiredAgo', { days: -c.expiresInDays }) : `${t('report.checks.notExpired')} · ${t('report.expiresIn', { days: c.expiresInDays })}`} />
            {c.notYetValid && <Check ok={false} label={t('report.checks.valid')} />}
            <Check ok={!c.selfSigned} label={t('report.checks.notSelfSigned')} />
            <Check ok={c.keySizeOk} label={t('report.checks.keySizeOk')} />
            <Check ok={!c.weakSignature} label={t('report.checks.strongSignature')} />
          </Flex>
        )}
        <Typography.Text type="secondary">{t('report.chainNote')}</Typography.Text>
        {report.certificates.map((cert, i) => (
          <CertificateCard key={cert.sha256} cert={cert} index={i} t={t} />
        ))}
      </Flex>
    </Card>
  );
}

export function HeadersCard({ report }: { report: TlsReport }) {
  const { t } = useToolsT();
  const h = report.hsts;
  return (
    <Card size="small" title={`${t('report.hsts')} · ${t('report.ocsp')}`} style={{ height: '100%' }} data-testid="report-hsts">
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          {
            key: 'hsts',
            label: t('report.hsts'),
            children: h === null ? t('report.unknown') : h.present ? <Tag color="green">{t('report.hstsOn')}</Tag> : <Tag color="orange">{t('report.hstsOff')}</Tag>,
          },
          ...(h?.present
            ? [
                { key: 'maxAge', label: t('report.maxAge'), children: String(h.maxAge ?? '-') },
                { key: 'sub', label: t('report.includeSub'), children: h.includeSubDomains ? t('report.yes') : t('report.no') },
                { key: 'preload', label: t('report.preload'), children: h.preload ? t('report.yes') : t('report.no') },
                { key: 'header', label: t('report.header'), children: <span style={{ ...monoStyle, wordBreak: 'break-all' }}>{h.header}</span> },
              ]
            : []),
          { key: 'status', label: t('report.httpStatus'), children: h?.httpStatus ? String(h.httpStatus) : t('report.noHttp') },
          {
            key: 'ocsp',
            label: t('report.ocsp'),
            children:
              report.ocspStapling === null ? t('report.unknown') : report.ocspStapling ? <Tag color="green">{t('report.ocspOn')}</Tag> : <Tag color="orange">{t('report.ocspOff')}</Tag>,
          },
        ]}
      />
    </Card>
  );
}

export function FixesCard({ report, server, onServer }: { report: TlsReport; server: ReportServer; onServer: (s: ReportServer) => void }) {
  const { t } = useToolsT();
  return (
    <Card
      size="small"
      title={t('report.fixes')}
      data-testid="report-fixes"
      extra={
        <Flex gap={8} align="center">
          <Typography.Text type="secondary">{t('report.fixFor')}</Typography.Text>
          <Select<ReportServer>
            size="small"
            value={server}
            onChange={onServer}
            style={{ width: 140 }}
            options={(Object.keys(SSL_SERVERS) as SslServer[]).map((s) => ({ label: SSL_SERVERS[s].name, value: s }))}
            data-testid="report-server"
          />
        </Flex>
      }
    >
      {report.fixes.length === 0 ? (
        <Typography.Text type="success">{t('report.fixNone')}</Typography.Text>
      ) : (
        <Flex vertical gap={16}>
          {report.fixes.map((f) => (
            <div key={f.kind} data-testid="report-fix" data-kind={f.kind}>
              {f.snippet ? (
                <OutputBlock title={f.title} text={f.snippet} rows={2} />
              ) : (
                <Alert type="warning" showIcon title={f.title} description={t('report.notConfig')} />
              )}
            </div>
          ))}
          {report.fixConfig && <OutputBlock title={t('report.fixWhole')} text={report.fixConfig.text} rows={6} testId="report-fix-config" />}
        </Flex>
      )}
    </Card>
  );
}

/** The whole report, below its header. */
export function ReportBody({ report, server, onServer }: { report: TlsReport; server: ReportServer; onServer: (s: ReportServer) => void }) {
  return (
    <Flex vertical gap={16}>
      <ReasonsCard report={report} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ProtocolsCard report={report} />
        </Col>
        <Col xs={24} lg={12}>
          <HeadersCard report={report} />
        </Col>
      </Row>
      <CiphersCard report={report} />
      <ChainCard report={report} />
      <FixesCard report={report} server={server} onServer={onServer} />
    </Flex>
  );
}
