import { useState, useId } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Table from 'antd/es/table';
import Typography from 'antd/es/typography';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import type { LineChange, ReplaceRule } from '../lib/batch-replace.ts';
import { monoStyle, OutputBlock } from '../components/output-block.tsx';
import { ToolCard } from '../components/tool-card.tsx';
import { useToolsT } from '../components/use-tools-t.ts';
import { REPLACE_TIME_LIMIT_MS, useBatchReplace } from '../workers/batch-replace-protocol.ts';

const newRule = (): ReplaceRule => ({ find: '', replace: '', regex: false, caseSensitive: true });

export default function BatchReplacePage() {
  // Ties each label to its control, so the control has an accessible name.
  const id = useId();
  const { t } = useToolsT();
  const [text, setText] = useState('');
  const [rules, setRules] = useState<ReplaceRule[]>([newRule()]);
  const update = (i: number, patch: Partial<ReplaceRule>) => setRules(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  // Live preview: every keystroke recomputes, off the main thread so that no expression can freeze the page.
  const outcome = useBatchReplace(text, rules);
  const error =
    outcome.status === 'badRule'
      ? t('batch.badRegex', { n: outcome.index + 1, message: outcome.message })
      : outcome.status === 'timeout'
        ? t('batch.tooSlow', { seconds: REPLACE_TIME_LIMIT_MS / 1000 })
        : outcome.status === 'failed'
          ? t('errors.unknown', { message: outcome.message })
          : null;

  return (
    <ToolCard title={t('batch.title')}>
      <Flex vertical gap={12}>
        <Typography.Text strong>
          <label htmlFor={`${id}-text`}>{t('batch.text')}</label>
        </Typography.Text>
        <Input.TextArea id={`${id}-text`} value={text} onChange={(e) => setText(e.target.value)} autoSize={{ minRows: 7, maxRows: 20 }} style={monoStyle} data-testid="batch-text" />
        {rules.map((r, i) => (
          <Row key={i} gutter={8} align="middle" data-testid="batch-rule">
            <Col xs={24} md={8}>
              <Input aria-label={t('batch.find')} value={r.find} onChange={(e) => update(i, { find: e.target.value })} placeholder={t('batch.find')} style={monoStyle} />
            </Col>
            <Col xs={24} md={8}>
              <Input aria-label={t('batch.replace')} value={r.replace} onChange={(e) => update(i, { replace: e.target.value })} placeholder={t('batch.replace')} style={monoStyle} />
            </Col>
            <Col xs={24} md={8}>
              <Flex gap={8} align="center" wrap>
                <Checkbox checked={r.regex} onChange={(e) => update(i, { regex: e.target.checked })}>
                  {t('batch.regex')}
                </Checkbox>
                <Checkbox checked={r.caseSensitive} onChange={(e) => update(i, { caseSensitive: e.target.checked })}>
                  {t('batch.caseSensitive')}
                </Checkbox>
                {rules.length > 1 && <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('batch.removeRule')} onClick={() => setRules(rules.filter((_, j) => j !== i))} />}
              </Flex>
            </Col>
          </Row>
        ))}
        <div>
          <Button icon={<PlusOutlined />} onClick={() => setRules([...rules, newRule()])}>
            {t('batch.addRule')}
          </Button>
        </div>
        {outcome.status !== 'done' ? (
          <Alert type="error" showIcon title={error} data-testid="tool-error" />
        ) : (
          <>
            <Typography.Text strong data-testid="batch-count">
              {outcome.result.count > 0 ? t('batch.changes', { count: outcome.result.count }) : t('batch.noChanges')}
            </Typography.Text>
            {outcome.result.changes.length > 0 && (
              <Table<LineChange>
                size="small"
                rowKey="line"
                pagination={{ pageSize: 50, hideOnSinglePage: true }}
                dataSource={outcome.result.changes}
                columns={[
                  { title: t('batch.line'), dataIndex: 'line', width: 70 },
                  { title: t('batch.before'), dataIndex: 'before', render: (v: string) => <del style={{ ...monoStyle, whiteSpace: 'pre-wrap' }}>{v}</del> },
                  { title: t('batch.after'), dataIndex: 'after', render: (v: string) => <ins style={{ ...monoStyle, whiteSpace: 'pre-wrap', textDecoration: 'none' }}>{v}</ins> },
                ]}
                data-testid="batch-preview"
              />
            )}
            <OutputBlock title={t('batch.result')} text={outcome.result.output} fileName="replaced.txt" testId="batch-output" />
          </>
        )}
      </Flex>
    </ToolCard>
  );
}
