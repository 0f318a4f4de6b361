import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Segmented from 'antd/es/segmented';
import Select from 'antd/es/select';
import Typography from 'antd/es/typography';
import { CSR_DEFAULTS, EC_CURVES, HASH_ALGS, RSA_KEY_SIZES, type CsrRequest, type CsrResult, type EcCurve, type HashAlg, type RsaKeySize, type SignAlg } from '@cc/pki';
import { OutputBlock } from '../components/output-block.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';
import { badSans, csrHostname, csrSan, isCsrHostname, splitSans } from '../lib/csr-names.ts';
import { generateCsr } from '../../../lib/pki-worker/client.ts';

interface FormValues {
  signAlg: SignAlg;
  keySize: RsaKeySize;
  curve: EcCurve;
  hashAlg: HashAlg;
  hostname: string;
  sans?: string;
  country?: string;
  province?: string;
  city?: string;
  org?: string;
  unit?: string;
  email?: string;
  passphrase?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[A-Za-z]{2,}$/;

export default function GenCsrPage() {
  const { t, errorText } = useToolsT();
  const [form] = Form.useForm<FormValues>();
  const signAlg = Form.useWatch('signAlg', form) ?? CSR_DEFAULTS.signAlg;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [out, setOut] = useState<{ result: CsrResult; ms: number; host: string } | null>(null);

  const submit = async (v: FormValues) => {
    setBusy(true);
    setError(null);
    const req: CsrRequest = {
      signAlg: v.signAlg,
      hashAlg: v.hashAlg,
      keySize: v.keySize,
      curve: v.curve,
      hostname: csrHostname(v.hostname),
      sans: splitSans(v.sans).map(csrSan),
      country: v.country,
      province: v.province,
      city: v.city,
      org: v.org,
      unit: v.unit,
      email: v.email,
      passphrase: v.passphrase || undefined,
    };
    try {
      const r = await generateCsr(req);
      setOut({ ...r, host: req.hostname.replace(/^\*\./, 'wildcard.').replace(/[^\w.-]/g, '_') });
    } catch (e) {
      setOut(null);
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolCard title={t('genCsr.title')}>
      <Form<FormValues>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          signAlg: CSR_DEFAULTS.signAlg,
          keySize: CSR_DEFAULTS.keySize,
          curve: CSR_DEFAULTS.curve,
          hashAlg: CSR_DEFAULTS.hashAlg,
          country: CSR_DEFAULTS.country,
          province: CSR_DEFAULTS.province,
          city: CSR_DEFAULTS.city,
          unit: CSR_DEFAULTS.unit,
        }}
        data-testid="gen-csr-form"
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="signAlg" label={t('genCsr.signAlg')}>
              <Segmented<SignAlg> options={[{ label: 'RSA', value: 'RSASSA-PKCS1-v1_5' }, { label: 'ECDSA', value: 'ECDSA' }]} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            {signAlg === 'ECDSA' ? (
              <Form.Item name="curve" label={t('genCsr.curve')}>
                <Select options={EC_CURVES.map((c) => ({ label: c, value: c }))} />
              </Form.Item>
            ) : (
              <Form.Item name="keySize" label={t('genCsr.keySize')}>
                <Select options={RSA_KEY_SIZES.map((s) => ({ label: String(s), value: s }))} />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="hashAlg" label={t('genCsr.hashAlg')}>
              <Select options={HASH_ALGS.map((h) => ({ label: h, value: h }))} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="hostname"
          label={t('genCsr.hostname')}
          rules={[
            { required: true, whitespace: true, message: t('genCsr.hostnameRequired') },
            { validator: async (_, v?: string) => (!v?.trim() || isCsrHostname(v) ? undefined : Promise.reject(new Error(t('genCsr.hostnameInvalid', { name: v.trim() })))) },
          ]}
        >
          <Input placeholder={t('genCsr.hostnamePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="sans"
          label={t('genCsr.sans')}
          rules={[{ validator: async (_, v?: string) => (badSans(v).length === 0 ? undefined : Promise.reject(new Error(t('genCsr.sansInvalid', { names: badSans(v).join(', ') })))) }]}
        >
          <Input.TextArea rows={3} placeholder={t('genCsr.sansPlaceholder')} />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="country" label={t('genCsr.country')} rules={[{ pattern: /^[A-Za-z]{2}$/, message: t('genCsr.countryRule') }]}>
              <Input maxLength={2} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="province" label={t('genCsr.province')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="city" label={t('genCsr.city')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="org" label={t('genCsr.org')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="unit" label={t('genCsr.unit')}>
              <Input />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="email" label={t('genCsr.email')} rules={[{ pattern: EMAIL, message: t('genCsr.emailInvalid') }]}>
              <Input />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="passphrase" label={t('genCsr.passphrase')} extra={t('genCsr.passphraseHelp')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="gen-csr-submit">
          {t('genCsr.generate')}
        </Button>
      </Form>
      {error && <Alert type="error" showIcon title={error} style={{ marginTop: 16 }} data-testid="tool-error" />}
      {out && (
        <Flex vertical gap={16} style={{ marginTop: 24 }}>
          <Typography.Text type="secondary">{t('genCsr.elapsed', { ms: out.ms })}</Typography.Text>
          <OutputBlock title={t('genCsr.csr')} text={out.result.csrPem} fileName={`${out.host}.csr`} testId="csr-output" />
          <Alert type="warning" showIcon title={t('genCsr.keepKey')} />
          <OutputBlock title={t('genCsr.privateKey')} text={out.result.privateKeyPem} fileName={`${out.host}.key`} testId="key-output" />
        </Flex>
      )}
    </ToolCard>
  );
}
