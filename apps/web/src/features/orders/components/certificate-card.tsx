import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import FileZipOutlined from '@ant-design/icons/FileZipOutlined';
import KeyOutlined from '@ant-design/icons/KeyOutlined';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import type { OrderDetail } from '@cc/contracts/orders';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { getCert, type CertAnswer } from '../api/get-cert.ts';
import { downloadZip } from '../api/download-zip.ts';
import { makeKeystore, type KeystoreKind } from '../api/make-keystore.ts';
import { daysLeft } from '../../../lib/datetime.ts';
import { fileStem, formatTime } from '../lib/format.ts';
import { saveBase64, saveBlob, saveText } from '../../../lib/download.ts';
import { useOrdersT } from '../i18n.ts';
import { CopyButton } from './copy-button.tsx';
import { HelpLink } from '../../../components/help-link.tsx';

type PemPart = 'cert' | 'chain' | 'fullchain' | 'root' | 'key';
const pemParts: { part: PemPart; label: string; suffix: string }[] = [
  { part: 'cert', label: 'cert.certPem', suffix: '.crt' },
  { part: 'chain', label: 'cert.chainPem', suffix: '_chain.crt' },
  { part: 'fullchain', label: 'cert.fullchainPem', suffix: '_fullchain.pem' },
  { part: 'root', label: 'cert.rootPem', suffix: '_root.crt' },
  { part: 'key', label: 'cert.keyPem', suffix: '.key' },
];

/** The issued certificate (serial, issuer, validity, names) and every download: PEM parts, PFX, JKS, the server zip. */
export function CertificateCard({ order }: { order: OrderDetail }) {
  const { t } = useOrdersT();
  const c = order.certificate;
  const [dialog, setDialog] = useState<KeystoreKind | 'zip' | null>(null);
  const [loading, setLoading] = useState<PemPart | null>(null);
  const stem = fileStem(order.commonName);

  const onPem = async (part: PemPart) => {
    setLoading(part);
    try {
      const a: CertAnswer = await getCert(order.orderNo);
      const text = a[part];
      if (text) saveText(`${stem}${pemParts.find((p) => p.part === part)?.suffix ?? '.pem'}`, text, 'application/x-pem-file');
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    } finally {
      setLoading(null);
    }
  };

  if (!c) {
    return (
      <Card title={t('cert.title')} data-testid="certificate-card">
        <Typography.Text type="secondary">{t('cert.notYet')}</Typography.Text>
      </Card>
    );
  }
  const left = daysLeft(c.notAfter) ?? 0;
  return (
    <Card
      title={
        <span>
          <SafetyCertificateOutlined /> {t('cert.title')}
        </span>
      }
      data-testid="certificate-card"
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('cert.serial')} span={2}>
          <Flex align="center" gap={4}>
            <code data-testid="cert-serial" style={{ wordBreak: 'break-all' }}>
              {c.serial}
            </code>
            <CopyButton text={c.serial} />
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('cert.issuer')} span={2}>
          <span data-testid="cert-issuer">{c.issuer}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('cert.notBefore')}>{formatTime(c.notBefore)}</Descriptions.Item>
        <Descriptions.Item label={t('cert.notAfter')}>
          <Flex gap={6} align="center" wrap>
            <span data-testid="cert-not-after">{formatTime(c.notAfter)}</span>
            <Tag color={left < 0 ? 'red' : left <= 30 ? 'orange' : 'green'} data-testid="cert-days-left">{left < 0 ? t('list.expiredAgo') : t('list.daysLeft', { days: left })}</Tag>
          </Flex>
        </Descriptions.Item>
        <Descriptions.Item label={t('cert.names')} span={2}>
          <Flex wrap gap={4}>
            {c.domains.map((d) => (
              <Tag key={d}>{d}</Tag>
            ))}
          </Flex>
        </Descriptions.Item>
      </Descriptions>
      <Divider titlePlacement="start" style={{ margin: '8px 0 12px' }}>
        {t('cert.downloads')}
      </Divider>
      <Flex vertical gap={10}>
        <Flex wrap gap={8} align="center">
          <Typography.Text type="secondary" style={{ minWidth: 88 }}>
            {t('cert.pem')}
          </Typography.Text>
          {pemParts
            .filter((p) => p.part !== 'key' || order.hasKey)
            .map((p) => (
              <Button key={p.part} size="small" icon={<DownloadOutlined />} loading={loading === p.part} data-testid={`download-${p.part}`} onClick={() => void onPem(p.part)}>
                {t(p.label)}
              </Button>
            ))}
        </Flex>
        {order.hasKey ? null : (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <KeyOutlined /> {t('cert.noKey')}
          </Typography.Text>
        )}
        <Flex wrap gap={8} align="center">
          <Typography.Text type="secondary" style={{ minWidth: 88 }}>
            {t('cert.keystores')}
          </Typography.Text>
          <Button size="small" icon={<KeyOutlined />} data-testid="download-pfx" onClick={() => setDialog('pfx')}>
            {t('cert.pfx')}
          </Button>
          <Button size="small" icon={<KeyOutlined />} data-testid="download-jks" onClick={() => setDialog('jks')}>
            {t('cert.jks')}
          </Button>
        </Flex>
        <Flex wrap gap={8} align="center">
          <Typography.Text type="secondary" style={{ minWidth: 88 }}>
            {t('cert.zip')}
          </Typography.Text>
          <Button size="small" type="primary" icon={<FileZipOutlined />} data-testid="download-zip" onClick={() => setDialog('zip')}>
            {t('cert.zipHint')}
          </Button>
        </Flex>
        <Flex wrap gap={16} align="center" data-testid="install-help">
          <Typography.Text type="secondary" style={{ minWidth: 88 }}>
            {t('cert.installHelp')}
          </Typography.Text>
          {(['nginx', 'apache', 'iis', 'tomcat'] as const).map((s) => (
            <HelpLink key={s} article={`install-${s}`}>
              {t(`cert.install.${s}`)}
            </HelpLink>
          ))}
        </Flex>
      </Flex>
      {dialog ? <PasswordDialog kind={dialog} order={order} onClose={() => setDialog(null)} /> : null}
    </Card>
  );
}

interface PasswordForm {
  password?: string;
  confirm?: string;
  key?: string;
}

/** PFX and JKS need a password (≥ 6 ASCII characters), and the key when the server lacks it; the zip may take one. */
function PasswordDialog({ kind, order, onClose }: { kind: KeystoreKind | 'zip'; order: OrderDetail; onClose: () => void }) {
  const { t, msg } = useOrdersT();
  const [form] = Form.useForm<PasswordForm>();
  const [busy, setBusy] = useState(false);
  const zip = kind === 'zip';
  // The zip: without a held key it has PEM files only, unless the user gives the key (then IIS and Tomcat too).
  const [addKey, setAddKey] = useState(false);
  const needKey = !order.hasKey && (!zip || addKey);
  const keystores = !zip || order.hasKey || addKey;
  const contents = keystores
    ? ['zipNginxKey', 'zipApacheKey', 'zipIis', 'zipTomcat', 'zipRoot']
    : ['zipNginx', 'zipApache', 'zipRoot'];

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    try {
      if (zip) {
        const f = await downloadZip([order.orderNo], (keystores && v.password) || undefined, needKey ? v.key : undefined);
        saveBlob(f.fileName, f.blob);
      } else {
        const f = await makeKeystore(kind, { orderNo: order.orderNo, password: v.password ?? '', key: needKey ? v.key : undefined });
        saveBase64(f.fileName, f.base64, kind === 'pfx' ? 'application/x-pkcs12' : 'application/octet-stream');
      }
      onClose();
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    } finally {
      setBusy(false);
    }
  };

  const pwRules = [
    ...(zip ? [] : [{ required: true, message: msg('orders.password.short') }]),
    { min: 6, message: msg('orders.password.short') },
    // PFX and JKS both take any Unicode password (Chinese included); control characters only are refused.
    { pattern: /^[^\p{Cc}]+$/u, message: msg('orders.password.control') },
  ];
  return (
    <Modal
      open
      title={t(zip ? 'password.titleZip' : kind === 'pfx' ? 'password.titlePfx' : 'password.titleJks')}
      okText={t('password.submit')}
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={onClose}
      okButtonProps={{ ...({ 'data-testid': 'password-submit' } as object) }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="password-form">
        {zip ? (
          // What the download holds, said before any password is asked for.
          <div data-testid="zip-contents" data-folders={contents.map((c) => c.replace(/^zip|Key$/g, '').toLowerCase()).join(',')} style={{ marginBottom: 16 }}>
            <Typography.Text strong>{t('password.zipContains')}</Typography.Text>
            <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
              {contents.map((c) => (
                <li key={c}>
                  <Typography.Text>{t(`password.${c}`)}</Typography.Text>
                </li>
              ))}
            </ul>
            {order.hasKey ? null : (
              <>
                {addKey ? null : <Alert type="info" showIcon title={t('password.zipNoKey')} style={{ marginTop: 8 }} data-testid="zip-no-key" />}
                <Checkbox checked={addKey} onChange={(e) => setAddKey(e.target.checked)} style={{ marginTop: 8 }} data-testid="zip-add-key">
                  {t('password.zipAddKey')}
                </Checkbox>
              </>
            )}
          </div>
        ) : null}
        {keystores ? (
          <>
            <Form.Item name="password" label={t('password.password')} extra={zip ? t('password.zipPasswordHint') : t('password.passwordHint')} rules={pwRules}>
              <Input.Password autoComplete="new-password" data-testid="keystore-password" />
            </Form.Item>
            <Form.Item
              name="confirm"
              label={t('password.confirm')}
              dependencies={['password']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: (_, value: string | undefined) => ((value ?? '') === (getFieldValue('password') ?? '') ? Promise.resolve() : Promise.reject(new Error(t('password.mismatch')))),
                }),
              ]}
            >
              <Input.Password autoComplete="new-password" data-testid="keystore-confirm" />
            </Form.Item>
          </>
        ) : null}
        {needKey ? (
          <Form.Item name="key" label={t('password.key')} extra={t('password.keyHint')} rules={[{ required: true, message: t('password.keyRequired') }]}>
            <Input.TextArea rows={7} style={{ fontFamily: 'monospace', fontSize: 12 }} placeholder="-----BEGIN PRIVATE KEY-----" data-testid="keystore-key" />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
