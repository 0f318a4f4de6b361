import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Form, { type FormInstance } from 'antd/es/form';
import Input from 'antd/es/input';
import InputNumber from 'antd/es/input-number';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Badge from 'antd/es/badge';
import Typography from 'antd/es/typography';
import BankOutlined from '@ant-design/icons/BankOutlined';
import IdcardOutlined from '@ant-design/icons/IdcardOutlined';
import { orgNameMaxLength, realNameMaxLength, type VerificationState } from '@cc/domain/real-name';
import { orgRealAuthFields, realAuthBody } from '@cc/contracts/real-name';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { ApiError, fieldErrors } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useRealAuth, useSubmitRealAuth } from '../api/real-auth.ts';
import { useOrgRealAuth, useSubmitOrgRealAuth, type OrgRealAuth } from '../api/org-real-auth.ts';
import { useVerifyT } from '../verify-i18n.ts';

// A status dot beside text in the body colour: antd's coloured tags miss the 4.5:1 contrast on small text.
const stateBadge: Record<VerificationState, 'default' | 'processing' | 'success' | 'error'> = { N: 'default', pending: 'processing', approved: 'success', declined: 'error' };

/** Server refusals go under the fields they name; anything else is a toast. */
function showRefusal<V>(form: FormInstance<V>, e: unknown) {
  if (!(e instanceof ApiError)) throw e;
  const fields = Object.entries(fieldErrors(e));
  if (fields.length) form.setFields(fields.map(([name, error]) => ({ name: name as never, errors: [error] })));
  else toast.error(e.msg);
}

function StateTag({ state, testId }: { state: VerificationState; testId: string }) {
  const { t } = useVerifyT();
  return (
    <span data-testid={testId} data-state={state}>
      <Badge status={stateBadge[state]} text={t(`realName.states.${state}`)} />
    </span>
  );
}

function Pending({ reviewURL, text }: { reviewURL: string; text: string }) {
  const { t } = useVerifyT();
  return (
    <Flex vertical gap={12}>
      <Alert type="info" showIcon title={text} />
      {reviewURL ? (
        <Alert
          type="warning"
          showIcon
          title={t('realName.sandboxHint')}
          action={
            <Button size="small" href={reviewURL} data-testid="open-review">
              {t('realName.openReview')}
            </Button>
          }
        />
      ) : null}
    </Flex>
  );
}

function PersonalCard() {
  const { t, msg } = useVerifyT();
  const q = useRealAuth({ poll: true });
  const submit = useSubmitRealAuth();
  const [form] = Form.useForm<{ name: string; idCard: string }>();
  const d = q.data;
  const onFinish = async (v: { name: string; idCard: string }) => {
    try {
      await submit.mutateAsync({ name: v.name.trim(), idCard: v.idCard.trim() });
      toast.success(t('realName.submitted'));
    } catch (e) {
      showRefusal(form, e);
    }
  };
  const canSubmit = d && (d.status === 'N' || d.status === 'declined');
  return (
    <Card
      title={<Flex gap={8} align="center"><IdcardOutlined />{t('realName.personal')}</Flex>}
      extra={d ? <StateTag state={d.status} testId="personal-state" /> : null}
      data-testid="personal-card"
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {d.status !== 'N' ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('realName.name')}>{d.name}</Descriptions.Item>
              <Descriptions.Item label={t('realName.idCard')}>{d.idCard}</Descriptions.Item>
            </Descriptions>
          ) : null}
          {d.status === 'pending' ? <Pending reviewURL={d.reviewURL} text={t('realName.pendingDesc')} /> : null}
          {d.status === 'approved' ? <Alert type="success" showIcon title={t('realName.approvedDesc', { time: d.decidedAt })} /> : null}
          {d.status === 'declined' ? <Alert type="error" showIcon title={d.reason ? t('realName.declinedDesc', { reason: d.reason }) : t('realName.declinedNoReason')} data-testid="personal-declined" /> : null}
          {canSubmit ? (
            <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} data-testid="personal-form">
              <Form.Item name="name" label={t('realName.name')} rules={rulesFrom(realAuthBody.shape.name, msg)}>
                <Input maxLength={realNameMaxLength} autoComplete="name" />
              </Form.Item>
              <Form.Item name="idCard" label={t('realName.idCard')} rules={rulesFrom(realAuthBody.shape.idCard, msg)} validateTrigger="onBlur">
                <Input maxLength={18} placeholder={t('realName.idCardPlaceholder')} autoComplete="off" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="personal-submit">
                {d.status === 'declined' ? t('realName.resubmit') : t('realName.submit')}
              </Button>
            </Form>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}

type OrgValues = { orgName: string; socialCode: string; legalName: string; openAccount: string; bankAccount: string };

function DepositForm({ d }: { d: OrgRealAuth }) {
  const { t, msg } = useVerifyT();
  const submit = useSubmitOrgRealAuth();
  const [form] = Form.useForm<{ amount: number }>();
  const onFinish = async (v: { amount: number }) => {
    try {
      await submit.mutateAsync({ authno: d.authno, balance: Math.round(v.amount * 100) });
    } catch (e) {
      showRefusal(form as unknown as FormInstance<{ balance: number }>, e);
      // The server names the field balance; the form calls it amount.
      if (e instanceof ApiError && e.errors.balance) form.setFields([{ name: 'amount', errors: [e.errors.balance] }]);
    }
  };
  return (
    <Flex vertical gap={12} data-testid="deposit-step">
      <Typography.Text strong>{t('realName.depositTitle')}</Typography.Text>
      <Typography.Text type="secondary">{t('realName.depositDesc', { account: d.bankAccount.slice(-4), deadline: d.depositExpiresAt, left: d.attemptsLeft })}</Typography.Text>
      <Form form={form} layout="inline" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item name="amount" label={t('realName.depositAmount')} rules={[{ required: true, message: msg('realName.v.balance') }]}>
          <InputNumber min={0.01} max={0.99} step={0.01} precision={2} style={{ width: 140 }} data-testid="deposit-amount" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="deposit-confirm">
          {t('realName.confirm')}
        </Button>
      </Form>
    </Flex>
  );
}

function EnterpriseCard() {
  const { t, msg } = useVerifyT();
  const q = useOrgRealAuth({ poll: true });
  const submit = useSubmitOrgRealAuth();
  const [form] = Form.useForm<OrgValues>();
  const d = q.data;
  // The contract's own field schemas: the form says what the server would, in the same words.
  const rules = (field: keyof typeof orgRealAuthFields) => rulesFrom(orgRealAuthFields[field], msg);
  const onFinish = async (v: OrgValues) => {
    try {
      await submit.mutateAsync({ orgName: v.orgName.trim(), socialCode: v.socialCode.trim(), legalName: v.legalName.trim(), openAccount: v.openAccount.trim(), bankAccount: v.bankAccount.trim() });
      toast.success(t('realName.submitted'));
    } catch (e) {
      showRefusal(form, e);
    }
  };
  const canSubmit = d && (d.status === 'N' || d.status === 'declined');
  return (
    <Card
      title={<Flex gap={8} align="center"><BankOutlined />{t('realName.enterprise')}</Flex>}
      extra={d ? <StateTag state={d.status} testId="enterprise-state" /> : null}
      data-testid="enterprise-card"
    >
      {!d ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          {d.status !== 'N' ? (
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('realName.orgName')}>{d.orgName}</Descriptions.Item>
              <Descriptions.Item label={t('realName.socialCode')}>{d.socialCode}</Descriptions.Item>
              <Descriptions.Item label={t('realName.legalName')}>{d.legalName}</Descriptions.Item>
              <Descriptions.Item label={t('realName.bankAccount')}>{`${d.openAccount} ${d.bankAccount}`}</Descriptions.Item>
            </Descriptions>
          ) : null}
          {d.status === 'pending' && d.step === 'deposit' ? <DepositForm d={d} /> : null}
          {d.status === 'pending' ? <Pending reviewURL={d.reviewURL} text={d.step === 'deposit' ? t('realName.pendingDesc') : t('realName.reviewDesc')} /> : null}
          {d.status === 'approved' ? <Alert type="success" showIcon title={t('realName.approvedDesc', { time: d.decidedAt })} /> : null}
          {d.status === 'declined' ? <Alert type="error" showIcon title={d.reason ? t('realName.declinedDesc', { reason: d.reason }) : t('realName.declinedNoReason')} /> : null}
          {canSubmit ? (
            <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false} data-testid="enterprise-form">
              <Form.Item name="orgName" label={t('realName.orgName')} rules={rules('orgName')}>
                <Input maxLength={orgNameMaxLength} />
              </Form.Item>
              <Form.Item name="socialCode" label={t('realName.socialCode')} rules={rules('socialCode')} validateTrigger="onBlur">
                <Input maxLength={18} placeholder={t('realName.socialCodePlaceholder')} />
              </Form.Item>
              <Form.Item name="legalName" label={t('realName.legalName')} rules={rules('legalName')}>
                <Input maxLength={realNameMaxLength} />
              </Form.Item>
              <Form.Item name="openAccount" label={t('realName.openAccount')} rules={rules('openAccount')}>
                <Input maxLength={100} />
              </Form.Item>
              <Form.Item name="bankAccount" label={t('realName.bankAccount')} rules={rules('bankAccount')} validateTrigger="onBlur">
                <Input maxLength={40} inputMode="numeric" />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="enterprise-submit">
                {d.status === 'declined' ? t('realName.resubmit') : t('realName.submit')}
              </Button>
            </Form>
          ) : null}
        </Flex>
      )}
    </Card>
  );
}

/** /account/verify: personal and enterprise real-name verification, each N → pending → approved / declined. */
export default function RealNamePage() {
  const { t } = useVerifyT();
  return (
    <div data-testid="real-name-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('realName.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('realName.intro')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <PersonalCard />
        </Col>
        <Col xs={24} xl={12}>
          <EnterpriseCard />
        </Col>
      </Row>
    </div>
  );
}
