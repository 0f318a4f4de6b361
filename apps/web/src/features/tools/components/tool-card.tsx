import type { ReactNode } from 'react';
import Alert from 'antd/es/alert';
import Card from 'antd/es/card';
import { useToolsT } from './use-tools-t.ts';

/**
 * Frame of every tool page, with the promise that nothing leaves the browser; the two tools that do talk to
 * the server (report, batch-cfdns) say instead what they send and why (`notice`).
 */
export function ToolCard({ title, children, extra, notice }: { title: string; children: ReactNode; extra?: ReactNode; notice?: string }) {
  const { t } = useToolsT();
  return (
    <Card title={title} extra={extra}>
      <Alert type="info" showIcon title={notice ?? t('localOnly')} style={{ marginBottom: 16 }} data-testid="tool-notice" />
      {children}
    </Card>
  );
}
