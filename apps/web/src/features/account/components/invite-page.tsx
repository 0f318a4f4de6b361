import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Statistic from 'antd/es/statistic';
import Table from 'antd/es/table';
import Badge from 'antd/es/badge';
import Typography from 'antd/es/typography';
import CopyOutlined from '@ant-design/icons/CopyOutlined';
import GiftOutlined from '@ant-design/icons/GiftOutlined';
import ShareAltOutlined from '@ant-design/icons/ShareAltOutlined';
import { inviteCodeMaxLength, inviteCodeMinLength, inviteCodePattern } from '@cc/domain/account';
import { ApiError } from '../../../lib/http.ts';
import { copyText } from '../../../lib/clipboard.ts';
import { formatMoney } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { validValues } from '../../../lib/form.ts';
import { useInviteCode } from '../api/get-invite-code.ts';
import { useSetInviteCode } from '../api/set-invite-code.ts';
import { useInviteCondition, type InviteCondition } from '../api/get-invite-condition.ts';
import { useVerifyT } from '../verify-i18n.ts';

// A status dot beside text in the body colour: antd's coloured tags miss the 4.5:1 contrast on small text.
const stateBadge: Record<InviteCondition['invitees'][number]['state'], 'default' | 'processing' | 'success'> = { signedUp: 'default', verified: 'processing', rewarded: 'success' };

/** The referral link: the console's own sign-up address with the code (/signup/{code} opens sign-up with it filled in). */
const inviteLink = (code: string) => `${window.location.origin}/signup/${encodeURIComponent(code)}`;

/** /account/invite: the share card with the invite link, the code's change form, the reward terms and the invitations. */
export default function InvitePage() {
  const { t, msg, lang } = useVerifyT();
  const code = useInviteCode();
  const condition = useInviteCondition();
  const save = useSetInviteCode();
  const [form] = Form.useForm<{ inviteCode: string }>();
  const [serverError, setServerError] = useState('');
  const current = code.data?.inviteCode ?? '';

  const copy = async () => {
    if (await copyText(inviteLink(current))) toast.success(t('invite.copied'));
    else toast.error(t('invite.copyFailed'));
  };

  const onSave = async () => {
    const v = await validValues(form);
    if (!v) return;
    setServerError('');
    try {
      await save.mutateAsync({ inviteCode: v.inviteCode.trim() });
      form.resetFields();
      toast.success(t('invite.changed'));
    } catch (e) {
      // Doc 02 §8: a refusal is said under the input.
      setServerError(e instanceof ApiError ? (e.errors.inviteCode ?? e.msg) : String(e));
    }
  };

  const c = condition.data;
  const money = (cents: number) => `￥${formatMoney(cents, 1, lang)}`;
  return (
    <div data-testid="invite-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('invite.title')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={14}>
          <Card title={<Flex gap={8} align="center"><ShareAltOutlined />{t('invite.shareTitle')}</Flex>} data-testid="invite-share-card">
            {code.isPending ? (
              <Skeleton active />
            ) : code.error ? (
              <Alert type="error" showIcon title={code.error instanceof ApiError ? code.error.msg : String(code.error)} />
            ) : (
              <Flex vertical gap={16}>
                <Typography.Text type="secondary">{t('invite.shareDesc')}</Typography.Text>
                <div>
                  <Typography.Text strong>{t('invite.link')}</Typography.Text>
                  <Flex gap={8} style={{ marginTop: 8 }}>
                    <Input readOnly value={inviteLink(current)} data-testid="invite-link" aria-label={t('invite.link')} />
                    <Button type="primary" icon={<CopyOutlined />} onClick={() => void copy()} data-testid="invite-copy">
                      {t('invite.copyLink')}
                    </Button>
                  </Flex>
                </div>
                <div>
                  <Typography.Text strong>{t('invite.code')}：</Typography.Text>
                  <Typography.Text code data-testid="invite-code-current">{current}</Typography.Text>
                </div>
                <Form form={form} layout="vertical" onFinish={() => void onSave()} requiredMark={false}>
                  <Form.Item
                    name="inviteCode"
                    label={t('invite.newCode')}
                    extra={t('invite.codeHint')}
                    validateStatus={serverError ? 'error' : undefined}
                    help={serverError || undefined}
                    rules={[
                      { required: true, message: msg('v.inviteCodeLength') },
                      { pattern: inviteCodePattern, message: msg('v.inviteCodeChars') },
                      { min: inviteCodeMinLength, max: inviteCodeMaxLength, message: msg('v.inviteCodeLength') },
                    ]}
                  >
                    <Input maxLength={inviteCodeMaxLength + 1} onChange={() => setServerError('')} data-testid="invite-code-input" />
                  </Form.Item>
                  <Button htmlType="submit" loading={save.isPending} data-testid="invite-code-save">
                    {t('invite.save')}
                  </Button>
                </Form>
              </Flex>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={<Flex gap={8} align="center"><GiftOutlined />{t('invite.rulesTitle')}</Flex>} data-testid="invite-rules">
            {c ? (
              <Flex vertical gap={12}>
                <Typography.Paragraph style={{ margin: 0 }}>{t('invite.rule', { reward: money(c.rewardCents) })}</Typography.Paragraph>
                <Typography.Text type="secondary">{t('invite.ruleCap', { max: c.maxRewards })}</Typography.Text>
                <Row gutter={16}>
                  <Col span={8}><Statistic title={t('invite.invited')} value={c.invited} /></Col>
                  <Col span={8}><Statistic title={t('invite.verified')} value={c.verified} /></Col>
                  <Col span={8}><Statistic title={t('invite.earned')} value={money(c.earnedCents)} /></Col>
                </Row>
              </Flex>
            ) : (
              <Skeleton active />
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('invite.invitees')}>
            <Table
              size="small"
              rowKey={(r) => `${r.account}-${r.signedUpAt}`}
              loading={condition.isPending}
              dataSource={c?.invitees ?? []}
              pagination={false}
              // The table's own placeholder colour is too faint to read (axe colour-contrast): say it in secondary text.
              locale={{ emptyText: <Typography.Text type="secondary">{t('invite.none')}</Typography.Text> }}
              columns={[
                { title: t('invite.account'), dataIndex: 'account' },
                { title: t('invite.signedUpAt'), dataIndex: 'signedUpAt' },
                { title: t('invite.state'), dataIndex: 'state', render: (s: InviteCondition['invitees'][number]['state']) => <Badge status={stateBadge[s]} text={t(`invite.states.${s}`)} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
