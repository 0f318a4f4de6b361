import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Table from 'antd/es/table';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import { Link, useParams } from '@tanstack/react-router';
import type { z } from 'zod';
import type { validatedDomain } from '@cc/contracts/orders';
import { defaultPageSize, pageSizes } from '@cc/domain/terms';
import { ApiError } from '../../../lib/http.ts';
import { useOrganizationName } from '../api/get-organization-name.ts';
import { useOrgDomains } from '../api/get-org-domains.ts';
import { daysLeft } from '../../../lib/datetime.ts';
import { formatDate, formatTime } from '../lib/format.ts';
import { useOrdersT } from '../i18n.ts';

type Row = z.infer<typeof validatedDomain>;

/** /orders/org/:id/domains: names validated for one company, with the date each validation lapses. */
export default function OrgDomainsPage() {
  const { t } = useOrdersT();
  const params: { id?: string } = useParams({ strict: false });
  const orgId = params.id ?? '';
  const name = useOrganizationName(orgId);
  const [search, setSearch] = useState('');
  const [applied, setApplied] = useState('');
  const [paging, setPaging] = useState({ page: 1, pageSize: defaultPageSize });
  const q = useOrgDomains(orgId, { limit: paging.pageSize, offset: paging.page, domain: applied || undefined });

  const columns: ColumnsType<Row> = [
    { title: t('org.domain'), dataIndex: 'domain', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
    { title: t('org.method'), dataIndex: 'method', render: (v: string) => <Tag>{t(`dcv.methods.${v}`, { defaultValue: v })}</Tag> },
    {
      title: t('org.orderNo'),
      dataIndex: 'orderNo',
      render: (v: string | null) =>
        v ? (
          <Link to="/ssl/certificate/$id" params={{ id: v }}>
            {v}
          </Link>
        ) : (
          '/'
        ),
    },
    { title: t('org.validatedAt'), dataIndex: 'validatedAt', render: (v: string) => formatTime(v) },
    { title: t('org.lapsesAt'), dataIndex: 'lapsesAt', render: (v: string) => <span data-testid="org-domain-lapses">{formatDate(v)}</span> },
    {
      title: t('org.left'),
      key: 'left',
      render: (_, r) => {
        const d = daysLeft(r.lapsesAt) ?? 0;
        return d < 0 ? <Tag color="red">{t('org.lapsed')}</Tag> : <Tag color={d <= 30 ? 'orange' : 'green'}>{t('org.days', { days: d })}</Tag>;
      },
    },
  ];

  return (
    <div data-testid="org-domains-page">
      <Link to="/orders/org">
        <Button type="link" icon={<ArrowLeftOutlined />} style={{ paddingInline: 0, marginBottom: 4 }}>
          {t('org.back')}
        </Button>
      </Link>
      <Typography.Title level={3} style={{ marginTop: 0 }} data-testid="org-domains-title">
        {name ? t('org.title', { name }) : t('org.titleId', { id: orgId })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('org.intro')}</Typography.Paragraph>
      <Card size="small">
        <Flex gap={8} style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            style={{ maxWidth: 320 }}
            placeholder={t('org.search')}
            value={search}
            data-testid="org-domain-search"
            onChange={(e) => setSearch(e.target.value)}
            onSearch={(v) => {
              setApplied(v.trim());
              setPaging((p) => ({ ...p, page: 1 }));
            }}
          />
        </Flex>
        {q.error instanceof ApiError ? <Alert type="error" showIcon title={q.error.msg} style={{ marginBottom: 12 }} /> : null}
        <Table<Row>
          data-testid="org-domains-table"
          rowKey="id"
          size="middle"
          loading={q.isFetching}
          columns={columns}
          dataSource={q.data?.data ?? []}
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: t('org.empty') }}
          pagination={{
            current: paging.page,
            pageSize: paging.pageSize,
            total: q.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: pageSizes.map(String),
            showTotal: (n) => t('list.total', { total: n }),
            onChange: (page, pageSize) => setPaging({ page: pageSize === paging.pageSize ? page : 1, pageSize }),
          }}
        />
      </Card>
    </div>
  );
}
