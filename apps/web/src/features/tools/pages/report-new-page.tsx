import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Typography from 'antd/es/typography';
import SafetyCertificateOutlined from '@ant-design/icons/SafetyCertificateOutlined';
import { ApiError } from '../../../lib/http.ts';
import { useStartReport } from '../api/start-report.ts';
import { reportPath } from '../lib/report-path.ts';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';

export default function ReportNewPage() {
  const { t } = useToolsT();
  const navigate = useNavigate();
  const [host, setHost] = useState('');
  const [port, setPort] = useState<number | null>(null);
  const start = useStartReport();
  const [error, setError] = useState<string | null>(null);

  const submit = () => {
    setError(null);
    if (!host.trim()) return setError(t('report.host'));
    start.mutate(
      { host: host.trim(), ...(port ? { port } : {}) },
      {
        onSuccess: (r) => void navigate({ href: reportPath(r.host, r.port, r.id) }),
        onError: (e) => setError(e instanceof ApiError ? Object.values(e.errors).find((m) => m && m !== e.msg) ?? e.msg : e.message),
      },
    );
  };

  return (
    <ToolCard title={t('report.titleNew')} notice={t('report.notice')}>
      <Form layout="vertical" onFinish={submit}>
        <Flex gap={12} wrap align="flex-end">
          <Form.Item label={t('report.host')} style={{ flex: '1 1 360px', marginBottom: 0 }}>
            <Input size="large" value={host} onChange={(e) => setHost(e.target.value)} placeholder={t('report.hostPlaceholder')} autoFocus data-testid="report-host" />
          </Form.Item>
          <Form.Item label={t('report.port')} style={{ marginBottom: 0 }}>
            <InputNumber size="large" min={1} max={65535} value={port} onChange={(v) => setPort(v)} placeholder="443" style={{ width: 120 }} data-testid="report-port" />
          </Form.Item>
          <Button size="large" type="primary" htmlType="submit" icon={<SafetyCertificateOutlined />} loading={start.isPending} data-testid="report-start">
            {t('report.start')}
          </Button>
        </Flex>
      </Form>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('report.recent')}
      </Typography.Paragraph>
      {error && <Alert type="error" showIcon title={error} data-testid="tool-error" />}
    </ToolCard>
  );
}
