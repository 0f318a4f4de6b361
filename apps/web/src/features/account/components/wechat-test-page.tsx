import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Typography from 'antd/es/typography';
import WechatOutlined from '@ant-design/icons/WechatOutlined';
import { useSearch } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { useMsg } from '../../../i18n/index.ts';
import { validValues } from '../../../lib/form.ts';
import { decideWechatSandbox } from '../api/wechat-sandbox.ts';
import { useApiError } from '../hooks/use-api-error.ts';

/**
 * /wechat/test?state=&redirect_uri=: the sandbox WeChat provider's authorize page, standing in for the open
 * platform's (as /payment/test stands in for a payment provider's). The tester approves as a sandbox WeChat user.
 */
export default function WechatTestPage() {
  const { t } = useTranslation();
  const m = useMsg();
  const search: { state?: string; redirect_uri?: string } = useSearch({ strict: false });
  const [form] = Form.useForm<{ nickname: string }>();
  const err = useApiError();
  const [busy, setBusy] = useState<'approve' | 'decline' | null>(null);
  const { state, redirect_uri: redirectUri } = search;

  const decide = async (approve: boolean) => {
    const v = approve ? await validValues(form) : { nickname: form.getFieldValue('nickname') || '-' };
    if (!v || !state || !redirectUri) return;
    setBusy(approve ? 'approve' : 'decline');
    err.clear();
    try {
      const r = await decideWechatSandbox({ state, redirect_uri: redirectUri, nickname: v.nickname, approve });
      window.location.assign(r.redirectUrl);
    } catch (e) {
      err.report(e);
      setBusy(null);
    }
  };

  return (
    <Flex justify="center" data-testid="wechat-test-page">
      <Card style={{ maxWidth: 520, width: '100%' }} title={<Flex gap={8} align="center"><WechatOutlined style={{ color: '#07c160' }} />{t('secure.wechatTestTitle')}</Flex>}>
        {!state || !redirectUri ? (
          <Alert type="error" showIcon title={t('secure.wechatTestMissing')} />
        ) : (
          <>
            <Typography.Paragraph type="secondary">{t('secure.wechatTestDesc')}</Typography.Paragraph>
            <Descriptions
              column={1}
              size="small"
              bordered
              style={{ marginBottom: 16 }}
              items={[
                { key: 'app', label: t('secure.wechatTestApp'), children: t('secure.wechatTestAppName') },
                { key: 'scope', label: t('secure.wechatTestScope'), children: t('secure.wechatTestScopeValue') },
              ]}
            />
            <Form form={form} layout="vertical" requiredMark={false} initialValues={{ nickname: 'sandbox-user' }} onFinish={() => void decide(true)}>
              <Form.Item name="nickname" label={t('secure.wechatTestNickname')} rules={[{ required: true, whitespace: true, message: m('sec.wechat.nickname') }, { max: 64 }]}>
                <Input maxLength={64} data-testid="wechat-nickname" />
              </Form.Item>
            </Form>
            {err.error ? <Alert type="error" showIcon title={err.error} style={{ marginBottom: 16 }} /> : null}
            <Flex gap={8} justify="flex-end">
              <Button onClick={() => void decide(false)} loading={busy === 'decline'} disabled={busy === 'approve'} data-testid="wechat-decline">
                {t('secure.wechatTestDecline')}
              </Button>
              <Button type="primary" onClick={() => void decide(true)} loading={busy === 'approve'} disabled={busy === 'decline'} data-testid="wechat-approve">
                {t('secure.wechatTestApprove')}
              </Button>
            </Flex>
          </>
        )}
      </Card>
    </Flex>
  );
}
