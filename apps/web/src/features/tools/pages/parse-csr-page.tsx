import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Flex from 'antd/es/flex';
import Tabs from 'antd/es/tabs';
import { parseCsrs, type CsrView } from '@cc/pki';
import { CsrDetails } from '../components/cert-details.tsx';
import { JsonExportButton } from '../components/json-export-button.tsx';
import { emptyPemInput, PemInput, pemInputData, type PemInputValue } from '../components/pem-input.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useAsyncResult } from '../components/use-async-result.ts';
import { useToolsT } from '../components/use-tools-t.ts';

export default function ParseCsrPage() {
  const { t, lang, errorText } = useToolsT();
  const [input, setInput] = useState<PemInputValue>(emptyPemInput);
  const [request, setRequest] = useState<{ data: string | Uint8Array } | null>(null);
  const state = useAsyncResult<{ data: string | Uint8Array }, CsrView[]>(request, (r) => parseCsrs(r.data, { lang }), lang);
  const csrs = state.status === 'done' ? state.value : null;
  return (
    <ToolCard title={t('parse.titleCsr')} extra={csrs && <JsonExportButton data={csrs} fileName="csr.json" />}>
      <Flex vertical gap={12}>
        <PemInput value={input} onChange={setInput} testId="csr-input" />
        <div>
          <Button type="primary" loading={state.status === 'busy'} onClick={() => setRequest({ data: pemInputData(input) })} data-testid="parse-submit">
            {t('parse.parse')}
          </Button>
        </div>
        {state.status === 'error' && <Alert type="error" showIcon title={errorText(state.error)} data-testid="tool-error" />}
        {csrs && (
          <div data-testid="parse-result">
            {csrs.length === 1 ? (
              <CsrDetails csr={csrs[0]!} />
            ) : (
              <Tabs items={csrs.map((c, i) => ({ key: String(i), label: `${t('parse.csrN', { n: i + 1 })} · ${c.subject.find((e) => e.shortName === 'CN')?.value ?? ''}`, children: <CsrDetails csr={c} /> }))} />
            )}
          </div>
        )}
      </Flex>
    </ToolCard>
  );
}
