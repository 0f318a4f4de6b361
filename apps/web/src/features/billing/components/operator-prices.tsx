import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Popconfirm from 'antd/es/popconfirm';
import Select from 'antd/es/select';
import Switch from 'antd/es/switch';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMoney } from '../../../hooks/use-money.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { operatorCall, type OperatorDiscounts, type OperatorOffers } from '../api/operator.ts';
import { useBillingT } from '../i18n.ts';

type Scope = 'all' | 'brand' | 'product';
type RuleForm = { scope: Scope; brand?: string; productNo?: string; minQuantity: number; discount: number };
type OfferForm = { productNo: string; quantity: number; price: number };

/** Runs an operator call and says how it went; true when it was done. */
function useOperatorAction(secret: string) {
  const qc = useQueryClient();
  const m = useMutation({
    mutationFn: (a: { path: string; method: 'POST' | 'PUT' | 'DELETE'; body?: object }) => operatorCall<unknown>(secret, a.path, a.method, a.body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['operator'] }),
  });
  const run = async (a: { path: string; method: 'POST' | 'PUT' | 'DELETE'; body?: object }, done: string) => {
    try {
      await m.mutateAsync(a);
      toast.success(done);
      return true;
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
      return false;
    }
  };
  return { run, pending: m.isPending };
}

const useOffers = (secret: string) =>
  useQuery({ queryKey: ['operator', 'offers', secret], retry: false, queryFn: () => operatorCall<OperatorOffers>(secret, '/v1/operator/packageOffers') });

/** The discounts tab: an account's own price table (every product, a brand or a product, from a quantity on). */
export function DiscountsTab({ secret }: { secret: string }) {
  const { t, lang } = useBillingT();
  const [account, setAccount] = useState('');
  const [form] = Form.useForm<RuleForm>();
  const scope = Form.useWatch('scope', form) ?? 'all';
  const offers = useOffers(secret);
  const act = useOperatorAction(secret);
  const rules = useQuery({
    queryKey: ['operator', 'discounts', secret, account],
    enabled: Boolean(account),
    retry: false,
    queryFn: () => operatorCall<OperatorDiscounts>(secret, `/v1/operator/discounts?account=${encodeURIComponent(account)}`),
  });
  const products = offers.data?.products ?? [];
  const scopeText = (r: OperatorDiscounts['rules'][number]) =>
    r.productNo ? `${t('operator.scopes.product')}: ${r.productNo}` : r.brand ? `${t('operator.scopes.brand')}: ${r.brand}` : t('operator.scopes.all');

  return (
    <Flex vertical gap={16}>
      <Input.Search
        style={{ maxWidth: 420 }}
        placeholder={t('operator.accountPlaceholder')}
        aria-label={t('operator.accountPlaceholder')}
        enterButton={t('common.search')}
        onSearch={(v) => setAccount(v.trim())}
        data-testid="operator-account"
      />
      {rules.error instanceof ApiError ? <Typography.Text type="danger">{rules.error.msg}</Typography.Text> : null}
      {rules.data ? (
        <>
          <Typography.Text data-testid="operator-account-found">
            {rules.data.account.email} · {rules.data.account.accountNo}
          </Typography.Text>
          <Table<OperatorDiscounts['rules'][number]>
            rowKey="id"
            size="small"
            data-testid="operator-discounts"
            pagination={false}
            dataSource={rules.data.rules}
            locale={{ emptyText: t('operator.noRules') }}
            columns={[
              { title: t('operator.scope'), key: 'scope', render: (_, r) => scopeText(r) },
              { title: t('operator.minQuantity'), dataIndex: 'minQuantity', width: 120 },
              { title: t('operator.discount'), dataIndex: 'discount', width: 140, render: (v: number) => `${v}%` },
              {
                title: t('common.actions'),
                key: 'a',
                width: 100,
                render: (_, r) => (
                  <Popconfirm title={t('common.confirmDelete')} okText={t('common.yes')} cancelText={t('common.no')} onConfirm={() => void act.run({ path: `/v1/operator/discounts/${r.id}`, method: 'DELETE' }, t('common.deleted'))}>
                    <Button size="small" danger>
                      {t('common.delete')}
                    </Button>
                  </Popconfirm>
                ),
              },
            ]}
          />
          <Card size="small" title={t('operator.addRule')}>
            <Form<RuleForm>
              form={form}
              name="rule"
              layout="inline"
              initialValues={{ scope: 'all', minQuantity: 1, discount: 90 }}
              onFinish={(v) => void act.run({ path: '/v1/operator/discounts', method: 'PUT', body: { account, ...v } }, t('common.saved'))}
              style={{ rowGap: 12 }}
            >
              <Form.Item name="scope" label={t('operator.scope')}>
                <Select
                  style={{ width: 140 }}
                  data-testid="rule-scope"
                  options={(['all', 'brand', 'product'] as const).map((s) => ({ value: s, label: t(`operator.scopes.${s}`) }))}
                />
              </Form.Item>
              {scope === 'brand' ? (
                <Form.Item name="brand" label={t('operator.scopes.brand')} rules={[{ required: true, message: t('operator.scopes.brand') }]}>
                  <Select style={{ width: 160 }} data-testid="rule-brand" options={(offers.data?.brands ?? []).map((b) => ({ value: b, label: b }))} />
                </Form.Item>
              ) : null}
              {scope === 'product' ? (
                <Form.Item name="productNo" label={t('operator.scopes.product')} rules={[{ required: true, message: t('operator.scopes.product') }]}>
                  <Select
                    style={{ width: 240 }}
                    showSearch={{ optionFilterProp: 'label' }}
                    data-testid="rule-product"
                    options={products.map((p) => ({ value: p.productNo, label: `${lang === 'en' ? p.nameEn : p.name} (${p.productNo})` }))}
                  />
                </Form.Item>
              ) : null}
              <Form.Item name="minQuantity" label={t('operator.minQuantity')}>
                <InputNumber min={1} max={10000} precision={0} />
              </Form.Item>
              <Form.Item name="discount" label={t('operator.discount')} extra={t('operator.discountHelp')}>
                <InputNumber min={1} max={100} precision={0} suffix="%" data-testid="rule-discount" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={act.pending} data-testid="rule-save">
                {t('common.save')}
              </Button>
            </Form>
          </Card>
        </>
      ) : null}
    </Flex>
  );
}

/** The package offers tab: what is on sale, at what price, and what sold; put one on sale or take it off. */
export function OffersTab({ secret }: { secret: string }) {
  const { t, lang } = useBillingT();
  const money = useMoney();
  const offers = useOffers(secret);
  const act = useOperatorAction(secret);
  return (
    <Flex vertical gap={16}>
      <Table<OperatorOffers['offers'][number]>
        rowKey="id"
        size="small"
        data-testid="operator-offers"
        loading={offers.isFetching}
        pagination={false}
        dataSource={offers.data?.offers ?? []}
        locale={{ emptyText: t('common.empty') }}
        columns={[
          { title: t('pkg.product'), key: 'p', render: (_, r) => `${lang === 'en' ? r.productNameEn : r.productName} (${r.productNo})` },
          { title: t('pkg.quantity'), dataIndex: 'quantity', width: 140 },
          { title: t('pkg.price'), dataIndex: 'price', width: 120, render: (v: number) => money(v) },
          { title: t('operator.sold'), dataIndex: 'sold', width: 90 },
          {
            title: t('operator.onSale'),
            dataIndex: 'active',
            width: 100,
            render: (v: boolean, r) => (
              <Switch
                checked={v}
                aria-label={`${t('operator.onSale')} ${r.productNo} × ${r.quantity}`}
                data-testid={`offer-active-${r.id}`}
                onChange={(on) => void act.run({ path: `/v1/operator/packageOffers/${r.id}`, method: 'PUT', body: { active: on } }, t('common.saved'))}
              />
            ),
          },
        ]}
      />
      <Card size="small" title={t('operator.addOffer')}>
        <Form<OfferForm>
          name="offer"
          layout="inline"
          style={{ rowGap: 12 }}
          onFinish={(v) => void act.run({ path: '/v1/operator/packageOffers', method: 'POST', body: { ...v, price: Math.round(v.price * 100) } }, t('common.saved'))}
        >
          <Form.Item name="productNo" label={t('pkg.product')} rules={[{ required: true, message: t('pkg.product') }]}>
            <Select
              style={{ width: 260 }}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="offer-product"
              options={(offers.data?.products ?? []).map((p) => ({ value: p.productNo, label: `${lang === 'en' ? p.nameEn : p.name} (${p.productNo})` }))}
            />
          </Form.Item>
          <Form.Item name="quantity" label={t('pkg.quantity')} rules={[{ required: true, message: t('pkg.quantity') }]}>
            <InputNumber min={1} max={10000} precision={0} data-testid="offer-quantity" />
          </Form.Item>
          <Form.Item name="price" label={t('pkg.price')} rules={[{ required: true, message: t('pkg.price') }]}>
            <InputNumber min={0.01} max={10_000_000} precision={2} data-testid="offer-price" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={act.pending} data-testid="offer-save">
            {t('operator.putOnSale')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
