import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import Checkbox from 'antd/es/checkbox';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import Spin from 'antd/es/spin';
import Statistic from 'antd/es/statistic';
import Typography from 'antd/es/typography';
import type { OrderDetail } from '@cc/contracts/orders';
import { CSR_DEFAULTS, type CsrRequest } from '@cc/pki/csr';
import { useMoney } from '../../../hooks/use-money.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { getReSignPrice, type ReSignPrice } from '../api/get-re-sign-price.ts';
import { useReSign } from '../api/re-sign.ts';
import { fileStem, splitNames } from '../lib/format.ts';
import { saveText } from '../../../lib/download.ts';
import { generateCsr } from '../../../lib/pki-worker/client.ts';
import { useOrdersT } from '../i18n.ts';
import type { PayAim } from './page-props.ts';

type KeyType = 'rsa2048' | 'rsa4096' | 'p256' | 'p384';
const keyTypes: { value: KeyType; label: string }[] = [
  { value: 'rsa2048', label: 'RSA 2048' },
  { value: 'rsa4096', label: 'RSA 4096' },
  { value: 'p256', label: 'ECC P-256' },
  { value: 'p384', label: 'ECC P-384' },
];

function csrRequest(keyType: KeyType, names: string[]): CsrRequest {
  const [hostname = '', ...sans] = names;
  const base = { ...CSR_DEFAULTS, hostname, sans };
  if (keyType === 'p256' || keyType === 'p384') return { ...base, signAlg: 'ECDSA', curve: keyType === 'p256' ? 'P-256' : 'P-384', keySize: undefined };
  return { ...base, signAlg: 'RSASSA-PKCS1-v1_5', keySize: keyType === 'rsa4096' ? 4096 : 2048 };
}

const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Reissue: new names and/or a new CSR (pasted, or made in the browser); the price difference is shown first. */
export function ReissueDialog({ order, onClose, onPay }: { order: OrderDetail; onClose: () => void; onPay?: (orderNos: string[], aim: PayAim) => void }) {
  const { t } = useOrdersT();
  const money = useMoney();
  const reSign = useReSign();
  const current = order.domainNames.length ? order.domainNames : [order.commonName];
  const [namesText, setNamesText] = useState(current.join('\n'));
  const [source, setSource] = useState<'generate' | 'paste'>('generate');
  const [keyType, setKeyType] = useState<KeyType>('rsa2048');
  const [csr, setCsr] = useState('');
  const [keepKey, setKeepKey] = useState(true);
  const [price, setPrice] = useState<ReSignPrice | null>(null);
  const [priceError, setPriceError] = useState('');
  const [stage, setStage] = useState<'idle' | 'generating' | 'sending'>('idle');
  const names = splitNames(namesText);
  const namesKey = names.join(',');

  // The difference follows the names (debounced like the purchase page's price).
  useEffect(() => {
    const wanted = namesKey ? namesKey.split(',') : [];
    if (!wanted.length) return;
    let live = true;
    const timer = setTimeout(() => {
      getReSignPrice(order.orderNo, wanted)
        .then((p) => {
          if (!live) return;
          setPrice(p);
          setPriceError('');
        })
        .catch((e: unknown) => {
          if (live) setPriceError(e instanceof ApiError ? e.msg : String(e));
        });
    }, 500);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [namesKey, order.orderNo]);

  const submit = async () => {
    if (!names.length) return;
    if (source === 'paste' && !csr.trim()) return toast.warning(t('reSign.csrRequired'));
    try {
      let pem = csr.trim();
      let key: string | undefined;
      if (source === 'generate') {
        setStage('generating');
        const { result: r } = await generateCsr(csrRequest(keyType, names));
        pem = r.csrPem;
        key = r.privateKeyPem;
      }
      setStage('sending');
      const a = await reSign.mutateAsync({
        orderNo: order.orderNo,
        csr: pem,
        key: key && keepKey ? key : undefined,
        domainNames: sameNames(names, current) ? undefined : names,
      });
      // A key made here exists nowhere else: hand it over unless the server keeps it.
      if (key && !keepKey) {
        saveText(`${fileStem(names[0] ?? order.commonName)}.key`, key, 'application/x-pem-file');
        toast.warning(t('reSign.keyNotice'));
      }
      toast.success(t('reSign.submitted'));
      onClose();
      if (a.reSignPriceDiff > 0) {
        toast.warning(t('reSign.needPay', { amount: money(a.reSignPriceDiff) }));
        onPay?.([order.orderNo], 'reSign');
      }
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
      else if (e instanceof Error) toast.error(e.message);
    } finally {
      setStage('idle');
    }
  };

  return (
    <Modal
      open
      width={640}
      title={t('reSign.title')}
      okText={t('reSign.submit')}
      onOk={() => void submit()}
      confirmLoading={stage !== 'idle'}
      onCancel={onClose}
      okButtonProps={{ disabled: !names.length, ...({ 'data-testid': 'reissue-submit' } as object) }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('reSign.intro')}</Typography.Paragraph>
      <Form layout="vertical" data-testid="reissue-form">
        <Form.Item label={t('reSign.names')} extra={t('reSign.namesHint')}>
          <Input.TextArea rows={Math.min(Math.max(names.length + 1, 3), 8)} value={namesText} onChange={(e) => setNamesText(e.target.value)} data-testid="reissue-names" />
        </Form.Item>
        <Form.Item label={t('reSign.csrSource')}>
          <Radio.Group value={source} onChange={(e) => setSource(e.target.value as 'generate' | 'paste')} optionType="button">
            <Radio value="generate" data-testid="reissue-generate">
              {t('reSign.generate')}
            </Radio>
            <Radio value="paste" data-testid="reissue-paste">
              {t('reSign.paste')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {source === 'generate' ? (
          <>
            <Form.Item label={t('reSign.keyType')}>
              <Select value={keyType} options={keyTypes} onChange={(v: KeyType) => setKeyType(v)} style={{ width: 200 }} />
            </Form.Item>
            <Form.Item>
              <Checkbox checked={keepKey} onChange={(e) => setKeepKey(e.target.checked)}>
                {t('reSign.keepKey')}
              </Checkbox>
            </Form.Item>
          </>
        ) : (
          <Form.Item label={t('reSign.csr')}>
            <Input.TextArea rows={7} value={csr} placeholder={t('reSign.csrPlaceholder')} onChange={(e) => setCsr(e.target.value)} style={{ fontFamily: 'monospace', fontSize: 12 }} data-testid="reissue-csr" />
          </Form.Item>
        )}
      </Form>
      {priceError ? <Alert type="error" showIcon title={priceError} style={{ marginBottom: 8 }} /> : null}
      <Flex align="center" gap={16} data-testid="reissue-price" data-cents={price?.priceDiff ?? ''}>
        <Statistic title={t('reSign.price')} value={price ? money(price.priceDiff) : '-'} />
        {price ? (
          <Typography.Text type="secondary">
            {price.priceDiff > 0 ? t('reSign.priceDetail', { count: price.addedDomains.length, days: price.remainingDays }) : t('reSign.noDiff')}
          </Typography.Text>
        ) : null}
      </Flex>
      {stage === 'generating' ? (
        <Flex gap={8} align="center" style={{ marginTop: 8 }}>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('reSign.generating')}</Typography.Text>
        </Flex>
      ) : null}
    </Modal>
  );
}
