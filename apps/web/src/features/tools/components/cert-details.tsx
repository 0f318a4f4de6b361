import Collapse from 'antd/es/collapse';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import type { CertificateView, CsrView, ExtensionView, NameEntry, PublicKeyView, SctView } from '@cc/pki';
import { daysLeft } from '../../../lib/datetime.ts';
import { CopyButton } from './copy-button.tsx';
import { monoStyle } from './output-block.tsx';
import { useToolsT } from './use-tools-t.ts';


function Mono({ text }: { text: string }) {
  return <pre style={{ ...monoStyle, margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{text}</pre>;
}

function NameTable({ entries }: { entries: NameEntry[] }) {
  const { t } = useToolsT();
  return (
    <Table<NameEntry & { key: number }>
      size="small"
      pagination={false}
      dataSource={entries.map((e, key) => ({ ...e, key }))}
      columns={[
        { title: t('fields.name'), dataIndex: 'name', width: '28%' },
        { title: t('fields.shortName'), dataIndex: 'shortName', width: '18%' },
        { title: t('fields.value'), dataIndex: 'value' },
        { title: t('fields.oid'), dataIndex: 'type', width: '22%', render: (v: string) => <Typography.Text type="secondary">{v}</Typography.Text> },
      ]}
    />
  );
}

function ExtensionsTable({ extensions }: { extensions: ExtensionView[] }) {
  const { t } = useToolsT();
  return (
    <Table<ExtensionView & { key: number }>
      size="small"
      pagination={false}
      dataSource={extensions.map((e, key) => ({ ...e, key }))}
      columns={[
        {
          title: t('fields.extensions'),
          width: '30%',
          render: (_, e) => (
            <>
              <div>{e.name}</div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {e.oid}
              </Typography.Text>
            </>
          ),
        },
        { title: t('fields.critical'), width: 80, render: (_, e) => (e.critical ? <Tag color="orange">{t('fields.yes')}</Tag> : t('fields.no')) },
        { title: t('fields.value'), render: (_, e) => (e.known ? e.values.map((v, i) => <div key={i}>{v}</div>) : <Mono text={e.values.join('\n')} />) },
      ]}
    />
  );
}

function SctTable({ scts }: { scts: SctView[] }) {
  const { t } = useToolsT();
  return (
    <Table<SctView & { key: number }>
      size="small"
      pagination={false}
      dataSource={scts.map((s, key) => ({ ...s, key }))}
      columns={[
        { title: t('fields.logId'), dataIndex: 'logId', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
        { title: t('fields.timestamp'), dataIndex: 'timestamp' },
        { title: t('fields.signatureAlgorithm'), render: (_, s) => `${s.hashAlgorithm}/${s.signatureAlgorithm}` },
      ]}
    />
  );
}

function keyItems(k: PublicKeyView, t: (k: string) => string) {
  return [
    { key: 'alg', label: t('fields.keyAlgorithm'), children: k.algorithm },
    { key: 'size', label: t('fields.keySize'), children: k.keySize === null ? '-' : `${k.keySize} bit` },
    ...(k.exponent !== null ? [{ key: 'exp', label: t('fields.exponent'), children: String(k.exponent) }] : []),
    ...(k.curve !== null ? [{ key: 'curve', label: t('fields.curve'), children: k.curve }] : []),
    { key: 'spki', label: t('fields.spkiSha256'), children: <Typography.Text copyable style={monoStyle}>{k.spkiSha256}</Typography.Text> },
  ];
}

export function CertificateDetails({ cert }: { cert: CertificateView }) {
  const { t } = useToolsT();
  const now = Date.now();
  const end = new Date(cert.notAfter).getTime();
  const start = new Date(cert.notBefore).getTime();
  const status =
    end < now ? (
      <Tag color="red">{t('fields.expiredDays', { days: -(daysLeft(cert.notAfter, now) ?? 0) })}</Tag>
    ) : start > now ? (
      <Tag color="orange">{t('parse.verdicts.NOT_YET_VALID', { n: '' })}</Tag>
    ) : (
      <Tag color="green">{t('fields.daysLeft', { days: daysLeft(cert.notAfter, now) ?? 0 })}</Tag>
    );
  return (
    <Flex vertical gap={16}>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'subject', label: t('fields.subject'), children: cert.subjectText },
          { key: 'issuer', label: t('fields.issuer'), children: cert.issuerText },
          { key: 'validity', label: t('fields.validity'), children: <>{`${cert.notBefore} — ${cert.notAfter}`} {status}</> },
          { key: 'san', label: t('fields.san'), children: cert.subjectAltNames.length ? cert.subjectAltNames.map((s) => <Tag key={s}>{s}</Tag>) : '-' },
          { key: 'serial', label: t('fields.serialNumber'), children: <Typography.Text copyable style={monoStyle}>{cert.serialNumber}</Typography.Text> },
          { key: 'version', label: t('fields.version'), children: `V${cert.version}` },
          { key: 'sig', label: t('fields.signatureAlgorithm'), children: cert.signatureAlgorithm },
          ...keyItems(cert.publicKey, t),
          { key: 'ca', label: t('fields.isCa'), children: cert.isCa ? t('fields.yes') : t('fields.no') },
          { key: 'sha1', label: t('fields.sha1'), children: <Typography.Text copyable style={monoStyle}>{cert.fingerprints.sha1}</Typography.Text> },
          { key: 'sha256', label: t('fields.sha256'), children: <Typography.Text copyable style={monoStyle}>{cert.fingerprints.sha256}</Typography.Text> },
        ]}
      />
      <Collapse
        defaultActiveKey={['subject', 'ext']}
        items={[
          { key: 'subject', label: t('fields.subject'), children: <NameTable entries={cert.subject} /> },
          { key: 'issuer', label: t('fields.issuer'), children: <NameTable entries={cert.issuer} /> },
          { key: 'ext', label: `${t('fields.extensions')} (${cert.extensions.length})`, children: <ExtensionsTable extensions={cert.extensions} /> },
          ...(cert.scts.length ? [{ key: 'sct', label: `${t('fields.scts')} (${cert.scts.length})`, children: <SctTable scts={cert.scts} /> }] : []),
          { key: 'pk', label: t('fields.publicKeyValue'), children: <Mono text={cert.publicKey.publicKeyHex} /> },
          { key: 'sigv', label: t('fields.signature'), children: <Mono text={cert.signature} /> },
          { key: 'pem', label: t('fields.pem'), extra: <CopyButton text={cert.pem} />, children: <Mono text={cert.pem} /> },
        ]}
      />
    </Flex>
  );
}

export function CsrDetails({ csr }: { csr: CsrView }) {
  const { t } = useToolsT();
  return (
    <Flex vertical gap={16}>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={[
          { key: 'subject', label: t('fields.subject'), children: csr.subjectText },
          { key: 'san', label: t('fields.san'), children: csr.subjectAltNames.length ? csr.subjectAltNames.map((s) => <Tag key={s}>{s}</Tag>) : '-' },
          {
            key: 'valid',
            label: t('fields.signatureValid'),
            children: csr.signatureValid ? <Tag color="green">{t('fields.valid')}</Tag> : <Tag color="red">{t('fields.invalid')}</Tag>,
          },
          { key: 'version', label: t('fields.version'), children: `V${csr.version}` },
          { key: 'sig', label: t('fields.signatureAlgorithm'), children: csr.signatureAlgorithm },
          ...keyItems(csr.publicKey, t),
          ...csr.attributes.map((a) => ({ key: a.oid, label: a.name, children: a.values.join(', ') })),
        ]}
      />
      <Collapse
        defaultActiveKey={['subject', 'ext']}
        items={[
          { key: 'subject', label: t('fields.subject'), children: <NameTable entries={csr.subject} /> },
          { key: 'ext', label: `${t('fields.extensions')} (${csr.extensions.length})`, children: <ExtensionsTable extensions={csr.extensions} /> },
          { key: 'pk', label: t('fields.publicKeyValue'), children: <Mono text={csr.publicKey.publicKeyHex} /> },
          { key: 'pem', label: t('fields.pem'), extra: <CopyButton text={csr.pem} />, children: <Mono text={csr.pem} /> },
        ]}
      />
    </Flex>
  );
}
