import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Empty from 'antd/es/empty';
import List from 'antd/es/list';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { endpointStates, expiryBuckets, type CertSummary } from '@cc/contracts/discovery';
import { formatDate, formatDateTime } from '../../../lib/datetime.ts';
import { useDashboard } from '../api/get-dashboard.ts';
import { BucketTag, DaysLeft, StateTag } from '../components/state-tag.tsx';
import { DiscoveryNav } from '../components/discovery-nav.tsx';
import { useDiscoveryT } from '../i18n.ts';

/** /certhub/discovery/dashboard: counts by state and bucket, the soonest expiries, recent changes and alerts. */
export default function DashboardPage() {
  const { t } = useDiscoveryT();
  const q = useDashboard();
  const d = q.data;
  if (!d) return <Skeleton active />;
  const endpoints = Object.values(d.states).reduce((a, b) => a + b, 0);
  return (
    <div data-testid="discovery-dashboard">
      <DiscoveryNav current="dashboard" />
      {endpoints === 0 && d.certs === 0 ? (
        <Card>
          <Empty description={t('dashboard.empty')}>
            <Link to="/certhub/discovery/manage">
              <Button type="primary">{t('dashboard.addTargets')}</Button>
            </Link>
          </Empty>
        </Card>
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.endpoints')} size="small">
            <Row gutter={[8, 8]}>
              {endpointStates.map((s) => (
                <Col span={8} key={s}>
                  <Statistic title={<StateTag state={s} />} value={d.states[s]} data-testid={`state-${s}`} />
                </Col>
              ))}
            </Row>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.expiry')} size="small">
            <Row gutter={[8, 8]}>
              {expiryBuckets.map((b) => (
                <Col span={8} key={b}>
                  <Link to="/certhub/discovery/certs" search={{ bucket: b }}>
                    <Statistic title={<BucketTag bucket={b} />} value={d.buckets[b]} data-testid={`bucket-${b}`} />
                  </Link>
                </Col>
              ))}
              <Col span={8}>
                <Statistic title={t('dashboard.certs')} value={d.certs} suffix={<Typography.Text type="secondary" style={{ fontSize: 14 }}>({t('dashboard.managed')} {d.managed})</Typography.Text>} />
              </Col>
            </Row>
          </Card>
        </Col>
        <Col xs={24} xl={14}>
          <Card title={t('dashboard.upcoming')} size="small">
            <Table<CertSummary>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={d.upcoming}
              locale={{ emptyText: <Typography.Text type="secondary">{t('dashboard.none')}</Typography.Text> }}
              data-testid="upcoming"
              columns={[
                { title: t('certs.subject'), key: 's', render: (_, c) => <Link to="/certhub/discovery/certs/$id" params={{ id: String(c.id) }}>{c.names[0]?.replace(/^DNS:/, '') ?? c.subject}</Link> },
                { title: t('certs.notAfter'), key: 'n', render: (_, c) => formatDate(c.notAfter) },
                { title: t('certs.days'), key: 'd', render: (_, c) => (<><BucketTag bucket={c.bucket} /><DaysLeft days={c.daysLeft} /></>) },
                { title: t('certs.order'), key: 'o', render: (_, c) => (c.orderNo ? <Tag color="blue">{c.orderNo}</Tag> : <Tag>{t('certs.no')}</Tag>) },
              ]}
            />
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('dashboard.alerts')} size="small" style={{ marginBottom: 16 }}>
            <List
              size="small"
              dataSource={d.alerts}
              locale={{ emptyText: <Typography.Text type="secondary">{t('dashboard.none')}</Typography.Text> }}
              data-testid="alerts"
              renderItem={(a) => (
                <List.Item>
                  <Typography.Text>
                    <Tag color={a.kind === 'changed' ? 'processing' : a.kind === 'expiring' ? 'warning' : 'error'}>{t(`alert.${a.kind}`)}</Tag>
                    {a.certId ? <Link to="/certhub/discovery/certs/$id" params={{ id: String(a.certId) }}>{a.endpoint}</Link> : a.endpoint}
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatDateTime(a.createdAt)}</Typography.Text>
                </List.Item>
              )}
            />
          </Card>
          {d.unmonitored.length ? (
            <Card title={t('dashboard.unmonitored')} size="small" style={{ marginBottom: 16 }} data-testid="unmonitored">
              <Typography.Paragraph type="secondary">{t('dashboard.unmonitoredHelp')}</Typography.Paragraph>
              {d.unmonitored.map((n) => (
                <Tag key={n}>{n}</Tag>
              ))}
            </Card>
          ) : null}
          <Card title={t('dashboard.changes')} size="small">
            <List
              size="small"
              dataSource={d.changes}
              locale={{ emptyText: <Typography.Text type="secondary">{t('dashboard.none')}</Typography.Text> }}
              data-testid="changes"
              renderItem={(c) => (
                <List.Item>
                  <Typography.Text>
                    {c.certId ? <Link to="/certhub/discovery/certs/$id" params={{ id: String(c.certId) }}>{`${c.host}:${c.port}`}</Link> : `${c.host}:${c.port}`} <StateTag state={c.state} />
                  </Typography.Text>
                  <Typography.Text type="secondary">{formatDateTime(c.changedAt)}</Typography.Text>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      </Row>
      {q.error ? <Alert type="error" showIcon title={q.error.message} /> : null}
    </div>
  );
}
