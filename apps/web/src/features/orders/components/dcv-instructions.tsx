import Button from 'antd/es/button';
import Typography from 'antd/es/typography';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import type { DomainDcvState } from '@cc/contracts/orders';
import { formatTime } from '../lib/format.ts';
import { saveText } from '../../../lib/download.ts';
import { useOrdersT } from '../i18n.ts';
import { CopyField } from './copy-button.tsx';

/** Exactly what the holder of one name must do for its method: records to create, the file, or the mailbox. */
export function DcvInstructions({ state, index }: { state: DomainDcvState; index: number }) {
  const { t } = useOrdersT();
  const i = state.instructions;
  const id = (part: string) => `dcv-${index}-${part}`;
  switch (i.method) {
    case 'dns':
    case 'dns_txt':
      return (
        <div data-testid={id('instructions')} data-method={i.method}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('dcv.howDns', { domain: state.domain.replace(/^\*\./, ''), type: i.recordType })}
          </Typography.Paragraph>
          <CopyField label={t('dcv.recordType')} value={i.recordType} testId={id('type')} />
          <CopyField label={t('dcv.host')} value={i.host} testId={id('host')} />
          <CopyField label={t('dcv.value')} value={i.value} testId={id('value')} />
        </div>
      );
    case 'file':
      return (
        <div data-testid={id('instructions')} data-method={i.method}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('dcv.howFile')}
          </Typography.Paragraph>
          <CopyField label={t('dcv.fileUrl')} value={i.url} testId={id('url')} />
          <CopyField label={t('dcv.filePath')} value={i.path} testId={id('path')} />
          <CopyField label={t('dcv.fileName')} value={i.fileName} testId={id('file-name')} />
          <CopyField label={t('dcv.fileContent')} value={i.content} testId={id('content')} multiline />
          <Button size="small" icon={<DownloadOutlined />} onClick={() => saveText(i.fileName, i.content)}>
            {t('dcv.downloadFile')}
          </Button>
        </div>
      );
    case 'email':
      return (
        <div data-testid={id('instructions')} data-method={i.method}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('dcv.howEmail')}
          </Typography.Paragraph>
          <CopyField label={t('dcv.mailbox')} value={i.email} testId={id('email')} />
          {state.emailSentAt ? <Typography.Text type="secondary">{t('dcv.emailSent', { time: formatTime(state.emailSentAt) })}</Typography.Text> : null}
        </div>
      );
    case 'email_dns':
      return (
        <div data-testid={id('instructions')} data-method={i.method}>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('dcv.howEmailDns')}
          </Typography.Paragraph>
          <CopyField label={t('dcv.recordType')} value={i.recordType} testId={id('type')} />
          <CopyField label={t('dcv.host')} value={i.host} testId={id('host')} />
          <CopyField label={t('dcv.value')} value={i.value} testId={id('value')} />
          <CopyField label={t('dcv.mailbox')} value={i.email} testId={id('email')} />
          {state.emailSentAt ? <Typography.Text type="secondary">{t('dcv.emailSent', { time: formatTime(state.emailSentAt) })}</Typography.Text> : null}
        </div>
      );
  }
}
