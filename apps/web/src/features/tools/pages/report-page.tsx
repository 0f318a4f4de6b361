import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Result from 'antd/es/result';
import Spin from 'antd/es/spin';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import ReloadOutlined from '@ant-design/icons/ReloadOutlined';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { errorCodes } from '@cc/contracts/errors';
import type { ReportServer } from '@cc/contracts/tls-report';
import { ApiError } from '../../../lib/http.ts';
import { useReport, type ReportKey } from '../api/get-report.ts';
import { useStartReport } from '../api/start-report.ts';
import { JsonExportButton } from '../components/json-export-button.tsx';
import { GradeBadge, ReportBody } from '../components/report-view.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';
import { parseReportDomain, reportPath } from '../lib/report-path.ts';
import { formatDateTime } from '../../../lib/datetime.ts';

const statusColors = { pending: 'default', running: 'processing', done: 'success', failed: 'error' } as const;

export default function ReportPage() {
  const { t } = useToolsT();
  const navigate = useNavigate();
  const params: { domain?: string } = useParams({ strict: false });
  const location = useLocation();
  const target = useMemo(() => parseReportDomain(params.domain ?? ''), [params.domain]);
  // Read raw: the router's search parser would turn an id like "1e5" into a number.
  const id = useMemo(() => new URLSearchParams(location.searchStr).get('id'), [location.searchStr]);
  const key: ReportKey | null = id ? { id } : target.host ? target : null;
  const [server, setServer] = useState<ReportServer>('nginx');
  const report = useReport(key, server);
  const start = useStartReport();
  const label = target.port ? `${target.host}:${target.port}` : target.host;

  const scan = () =>
    start.mutate({ host: target.host, ...(target.port ? { port: target.port } : {}) }, { onSuccess: (r) => void navigate({ href: reportPath(r.host, r.port, r.id) }) });
  const r = report.data;
  const notFound = report.error instanceof ApiError && report.error.code === errorCodes.NOT_FOUND;

  return (
    <ToolCard
      title={`${t('report.title')} · ${label}`}
      notice={t('report.notice')}
      extra={
        <Flex gap={8}>
          {r?.status === 'done' && <JsonExportButton data={r} fileName={`tls-report-${r.host}-${r.port}.json`} />}
          <Button icon={<SearchOutlined />} onClick={() => void navigate({ href: '/certhub/tools/report/new' })}>
            {t('report.newScan')}
          </Button>
        </Flex>
      }
    >
      {start.error && <Alert type="error" showIcon title={start.error instanceof ApiError ? start.error.msg : start.error.message} style={{ marginBottom: 16 }} data-testid="tool-error" />}
      {report.isPending && key !== null && <Spin style={{ display: 'block', margin: '48px auto' }} />}
      {notFound && (
        <Result
          status="info"
          title={t('report.notFound', { host: label })}
          extra={
            <Button type="primary" loading={start.isPending} onClick={scan} data-testid="report-scan-now">
              {t('report.scanNow')}
            </Button>
          }
        />
      )}
      {report.error && !notFound && <Alert type="error" showIcon title={report.error instanceof ApiError ? report.error.msg : report.error.message} data-testid="tool-error" />}
      {r && (
        <Flex vertical gap={16} data-testid="report-result" data-status={r.status}>
          <Flex gap={24} align="center" wrap>
            {r.status === 'done' && r.grade && <GradeBadge grade={r.grade} />}
            <Flex vertical gap={6} style={{ flex: '1 1 300px' }}>
              <Flex gap={8} align="center" wrap>
                <Typography.Title level={4} style={{ margin: 0 }}>
                  {t('report.summary', { host: r.host, port: r.port, ip: r.ip ?? '-' })}
                </Typography.Title>
                <Tag color={statusColors[r.status]} data-testid="report-status">
                  {t(`report.status.${r.status}`)}
                </Tag>
              </Flex>
              {r.status === 'done' && r.grade === 'T' && r.gradeIgnoringTrust && <Typography.Text type="secondary">{t('report.ifTrusted', { grade: r.gradeIgnoringTrust })}</Typography.Text>}
              {r.status === 'done' && <Typography.Text type="secondary">{r.profile ? t('report.profile', { profile: t(`ssl.${r.profile}`) }) : t('report.profileNone')}</Typography.Text>}
              {r.finishedAt && <Typography.Text type="secondary">{t('report.finishedAt', { time: formatDateTime(r.finishedAt) })}</Typography.Text>}
              {r.limits && (
                <Typography.Text type="secondary">{t('report.limits', { connections: r.limits.connections, seconds: (r.limits.durationMs / 1000).toFixed(1) })}</Typography.Text>
              )}
            </Flex>
            {(r.status === 'done' || r.status === 'failed') && (
              <Button icon={<ReloadOutlined />} loading={start.isPending} onClick={scan} data-testid="report-rescan">
                {t('report.rescan')}
              </Button>
            )}
          </Flex>
          {(r.status === 'pending' || r.status === 'running') && (
            <Flex gap={12} align="center" data-testid="report-scanning">
              <Spin />
              <Typography.Text>{t('report.scanning', { host: `${r.host}:${r.port}` })}</Typography.Text>
            </Flex>
          )}
          {r.status === 'failed' && <Alert type="error" showIcon title={r.error?.message ?? t('report.status.failed')} data-testid="report-failed" />}
          {r.limits?.truncated && <Alert type="warning" showIcon title={t('report.truncated')} />}
          {r.status === 'done' && <ReportBody report={r} server={server} onServer={setServer} />}
        </Flex>
      )}
    </ToolCard>
  );
}
