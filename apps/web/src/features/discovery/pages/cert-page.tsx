import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link, useParams } from '@tanstack/react-router';
import { parseCertificates, type CertificateView } from '@cc/pki';
import type { CertDetail } from '@cc/contracts/discovery';
import { formatDateTime } from '../../../lib/datetime.ts';
import { useCert } from '../api/get-cert.ts';
import { BucketTag, DaysLeft, StateTag } from '../components/state-tag.tsx';
import { useDiscoveryT } from '../i18n.ts';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', wordBreak: 'break-all' } as const;

/** The certificate read by the tools' parser (@cc/pki), in the page's language. */
function useParsed(pem: string | undefined, lang: 'zh' | 'en'): CertificateView | null {
  const [view, setView] = useState<CertificateView | null>(null);
  useEffect(() => {
    let live = true;
    if (pem) void parseCertificates(pem, { lang }).then((v) => live && setView(v[0] ?? null)).catch(() => live && setView(null));
    return () => {
      live = false;
    };
  }, [pem, lang]);
  return view;
}

/** /certhub/discovery/certs/:id: one certificate, where it is served and the order that bought it. */
export default function CertPage() {
  const { t, lang } = useDiscoveryT();
  const params: { id?: string } = useParams({ strict: false });
  const q = useCert(Number(params.id));
  const c = q.data;
  const view = useParsed(c?.pem, lang);
  if (q.error) return <Alert type="error" showIcon title={q.error.message} />;
  if (!c) return <Skeleton active />;
  return (
    <div data-testid="discovery-cert">
      <Typography.Paragraph>
        <Link to="/certhub/discovery/certs">← {t('cert.back')}</Link>
      </Typography.Paragraph>
      {c.newerOrderCertificate ? <Alert type="warning" showIcon title={t('cert.notDeployed')} style={{ marginBottom: 16 }} data-testid="not-deployed" /> : null}
      <Card title={t('cert.overview')} style={{ marginBottom: 16 }}>
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered data-testid="cert-overview">
          <Descriptions.Item label={t('cert.subject')}>{view?.subjectText ?? c.subject}</Descriptions.Item>
          <Descriptions.Item label={t('cert.issuer')}>{view?.issuerText ?? c.issuer}</Descriptions.Item>
          <Descriptions.Item label={t('cert.names')}>{(view?.subjectAltNames ?? c.names).join(', ')}</Descriptions.Item>
          <Descriptions.Item label={t('cert.order')}>{c.orderNo ? <Tag color="blue">{c.orderNo}</Tag> : <Tag>{t('cert.unmanaged')}</Tag>}</Descriptions.Item>
          <Descriptions.Item label={t('cert.validity')}>
            {formatDateTime(c.notBefore)} — {formatDateTime(c.notAfter)}{' '}
            <BucketTag bucket={c.bucket} />
            <DaysLeft days={c.daysLeft} />
          </Descriptions.Item>
          <Descriptions.Item label={t('cert.key')}>{`${c.keyAlgorithm} ${c.keySize}`}{view?.publicKey.curve ? ` (${view.publicKey.curve})` : ''}</Descriptions.Item>
          <Descriptions.Item label={t('cert.signature')}>{view?.signatureAlgorithm ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('cert.serial')}><span style={mono}>{view?.serialNumber ?? c.serial}</span></Descriptions.Item>
          <Descriptions.Item label={t('cert.sha256')} span={2}><span style={mono}>{c.sha256}</span></Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title={t('cert.servedAt')} style={{ marginBottom: 16 }}>
        <Table<CertDetail['servedAt'][number]>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={c.servedAt}
          data-testid="served-at"
          columns={[
            { title: t('cert.host'), key: 'h', render: (_, e) => `${e.host}:${e.port}` },
            { title: t('cert.ip'), dataIndex: 'ip', key: 'ip' },
            { title: t('cert.protocol'), dataIndex: 'protocol', key: 'p' },
            { title: t('cert.state'), key: 's', render: (_, e) => <StateTag state={e.state} /> },
            { title: t('cert.lastScanAt'), key: 'l', render: (_, e) => (e.lastScanAt ? formatDateTime(e.lastScanAt) : '—') },
          ]}
        />
      </Card>
      <Card title={t('cert.chain')}>
        <Typography.Paragraph>
          <pre style={{ ...mono, whiteSpace: 'pre-wrap', maxHeight: 320, overflow: 'auto', margin: 0 }} data-testid="chain-pem" tabIndex={0} aria-label={t('cert.chain')}>{c.chainPem || c.pem}</pre>
        </Typography.Paragraph>
      </Card>
    </div>
  );
}
