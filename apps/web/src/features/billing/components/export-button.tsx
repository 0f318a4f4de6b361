import { useState } from 'react';
import Button from 'antd/es/button';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { ApiError } from '../../../lib/http.ts';
import type { FileAnswer } from '../../../lib/http-file.ts';
import { saveBlob } from '../../../lib/download.ts';
import { toast } from '../../../lib/toast.ts';
import { useBillingT } from '../i18n.ts';

/** Downloads a CSV export and saves it under the server's file name. */
export function ExportButton({ label, fetchFile, testId }: { label: string; fetchFile: () => Promise<FileAnswer>; testId: string }) {
  const { t } = useBillingT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const f = await fetchFile();
      saveBlob(f.fileName, f.blob);
      toast.success(t('common.exported'));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid={testId}>
      {label}
    </Button>
  );
}
