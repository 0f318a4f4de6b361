import Card from 'antd/es/card';
import Collapse from 'antd/es/collapse';
import Descriptions from 'antd/es/descriptions';
import Divider from 'antd/es/divider';
import Flex from 'antd/es/flex';
import Spin from 'antd/es/spin';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import { fullName } from '@cc/domain/account';
import { usePurchaseT } from '../i18n.ts';
import type { Contact } from './contact-dialog.tsx';
import type { Organization } from './org-dialog.tsx';

export interface PreviewData {
  term: string;
  productType: string;
  brand: string;
  certType: string;
  csr: string;
  dcv: string | null;
  domainType: string;
  encryption: string;
  signature: string;
  keyLength: string;
  orders: number;
  /** Orders that cannot be created as typed: counted in `orders`, not in the prices. */
  ordersWithErrors: number;
  rawPrice: string;
  total: string;
  /** What the account's own discount and a certificate package took off ('' when nothing). */
  discountNote?: string;
  packageNote?: string;
  pricing: boolean;
  contact: Contact | null;
  showContact: boolean;
  org: Organization | null;
  showOrg: boolean;
}

/** The order preview on the right (§2): the choices, the prices and collapsible contact and company blocks. */
export function PreviewCard({ d }: { d: PreviewData }) {
  const { t } = usePurchaseT();
  const { token } = theme.useToken();
  const none = t('preview.none');
  const rows: [string, string, string][] = [
    ['term', t('preview.term'), d.term],
    ['productType', t('preview.productType'), d.productType],
    ['brand', t('preview.brand'), d.brand],
    ['certType', t('preview.certType'), d.certType],
    ['csr', t('preview.csr'), d.csr],
    ...(d.dcv !== null ? ([['dcv', t('preview.dcv'), d.dcv]] as [string, string, string][]) : []),
    ['domainType', t('preview.domainType'), d.domainType],
    ['encryption', t('preview.encryption'), d.encryption],
    ['signature', t('preview.signature'), d.signature],
    ['keyLength', t('preview.keyLength'), d.keyLength],
    ['orders', t('preview.orders'), d.ordersWithErrors ? t('preview.ordersWithErrors', { n: d.orders, bad: d.ordersWithErrors }) : String(d.orders)],
  ];
  const blocks = [
    ...(d.showContact
      ? [
          {
            key: 'contact',
            label: t('preview.contactBlock'),
            children: d.contact ? (
              <Descriptions size="small" column={1} data-testid="preview-contact">
                <Descriptions.Item label={t('preview.contactName')}>{fullName(d.contact.firstname, d.contact.lastname)}</Descriptions.Item>
                <Descriptions.Item label={t('contact.position')}>{d.contact.position}</Descriptions.Item>
                <Descriptions.Item label={t('contact.email')}>{d.contact.email}</Descriptions.Item>
                <Descriptions.Item label={t('contact.telephone')}>{d.contact.telephone}</Descriptions.Item>
              </Descriptions>
            ) : (
              none
            ),
          },
        ]
      : []),
    ...(d.showOrg
      ? [
          {
            key: 'org',
            label: t('preview.orgBlock'),
            children: d.org ? (
              <Descriptions size="small" column={1} data-testid="preview-org">
                <Descriptions.Item label={t('org.orgName')}>{d.org.name}</Descriptions.Item>
                <Descriptions.Item label={t('org.creditCode')}>{d.org.creditCode}</Descriptions.Item>
                <Descriptions.Item label={t('org.nationCode')}>{d.org.country}</Descriptions.Item>
                <Descriptions.Item label={t('org.province')}>{d.org.province}</Descriptions.Item>
                <Descriptions.Item label={t('org.city')}>{d.org.locality}</Descriptions.Item>
                <Descriptions.Item label={t('org.postalCode')}>{d.org.postalCode}</Descriptions.Item>
                <Descriptions.Item label={t('org.telephone')}>{d.org.telephone}</Descriptions.Item>
                <Descriptions.Item label={t('org.address')}>{d.org.registryAddr}</Descriptions.Item>
              </Descriptions>
            ) : (
              none
            ),
          },
        ]
      : []),
  ];
  return (
    <Card title={t('preview.title')} data-testid="preview-card" styles={{ body: { paddingTop: 12 } }}>
      <Descriptions size="small" column={1} colon={false} labelStyle={{ width: 110 }}>
        {rows.map(([key, label, value]) => (
          <Descriptions.Item key={key} label={label}>
            <span data-testid={`preview-${key}`}>{value || none}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Divider style={{ margin: '12px 0' }} />
      <Flex justify="space-between">
        <Typography.Text type="secondary">{t('preview.rawPrice')}</Typography.Text>
        <Typography.Text delete={d.rawPrice !== d.total} data-testid="preview-raw">
          {d.rawPrice}
        </Typography.Text>
      </Flex>
      {d.discountNote ? (
        <Flex justify="space-between" style={{ marginTop: 4 }}>
          <Typography.Text type="secondary">{t('preview.discount')}</Typography.Text>
          <Typography.Text data-testid="preview-discount">{d.discountNote}</Typography.Text>
        </Flex>
      ) : null}
      {d.packageNote ? (
        <Flex justify="space-between" style={{ marginTop: 4 }}>
          <Typography.Text type="secondary">{t('preview.package')}</Typography.Text>
          <Typography.Text data-testid="preview-package">{d.packageNote}</Typography.Text>
        </Flex>
      ) : null}
      <Flex justify="space-between" align="center" style={{ marginTop: 8 }}>
        <Typography.Text strong>{t('preview.total')}</Typography.Text>
        <Spin spinning={d.pricing} size="small">
          <Typography.Text strong style={{ fontSize: 22, color: token.colorPrimaryText }} data-testid="preview-total">
            {d.total}
          </Typography.Text>
        </Spin>
      </Flex>
      {blocks.length ? <Collapse size="small" style={{ marginTop: 16 }} items={blocks} defaultActiveKey={[]} data-testid="preview-blocks" /> : null}
    </Card>
  );
}
