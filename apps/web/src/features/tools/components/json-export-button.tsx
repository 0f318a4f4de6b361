import Button from 'antd/es/button';
import ExportOutlined from '@ant-design/icons/ExportOutlined';
import { saveFile } from '../../../lib/download.ts';
import { useToolsT } from './use-tools-t.ts';

/** Downloads a structured result as JSON, locally (§9 "A JSON export is downloaded locally"). */
export function JsonExportButton({ data, fileName }: { data: unknown; fileName: string }) {
  const { t } = useToolsT();
  return (
    <Button icon={<ExportOutlined />} onClick={() => saveFile(fileName, JSON.stringify(data, null, 2), 'application/json')}>
      {t('exportJson')}
    </Button>
  );
}
