import { useState } from 'react';
import Alert from 'antd/es/alert';
import Badge from 'antd/es/badge';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Col from 'antd/es/col';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Row from 'antd/es/row';
import Skeleton from 'antd/es/skeleton';
import Table from 'antd/es/table';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { Link } from '@tanstack/react-router';
import { closeAccountBody, type CloseChannel, type ManageAnswer } from '@cc/contracts/account';
import type { ClosureBlockerKind } from '@cc/domain/account-closure';
import { OwnerProofFields } from '../../../components/owner-proof-fields.tsx';
import { useCodeConfirm } from '../../../hooks/use-code-confirm.ts';
import { rulesFrom } from '../../../lib/form-rules.ts';
import { sha256Hex } from '../../../lib/hash.ts';
import { ApiError } from '../../../lib/http.ts';
import { purgeSession } from '../../../lib/session.ts';
import { useCloseAccount } from '../api/close-account.ts';
import { getCloseCode } from '../api/get-close-code.ts';
import { useManage } from '../api/get-manage.ts';
import { useAccountT } from '../i18n.ts';
import { TextLink } from '../../../components/text-link.tsx';

type State = ManageAnswer['verification']['personal'];
const badge: Record<State, 'default' | 'processing' | 'success' | 'error'> = { N: 'default', pending: 'processing', approved: 'success', declined: 'error' };
/** Where each blocking reason is settled. */
const fixLink: Record<ClosureBlockerKind, string> = {
  balance: '/account/credit-records',
  unpaidOrders: '/orders/list',
  ordersInProgress: '/orders/list',
  pendingPayments: '/orders/list',
  activeCertificates: '/orders/list',
};

function VerificationState({ state, testId }: { state: State; testId: string }) {
  const { t } = useAccountT();
  return <Badge status={badge[state]} text={t(`manage.states.${state}`)} data-testid={testId} data-state={state} />;
}

interface CloseForm {
  password: string;
  channel: CloseChannel;
  code: string;
  confirm: boolean;
}

/** The closing dialog: password, a code to the bound e-mail or phone, and an explicit confirmation. */
function CloseDialog({ open, data, onClose }: { open: boolean; data: ManageAnswer; onClose: () => void }) {
  const { t, msg } = useAccountT();
  const [form] = Form.useForm<CloseForm>();
  const close = useCloseAccount();
  const channels = data.closure.channels;
  const shape = closeAccountBody.shape;
  const { error, send, submit } = useCodeConfirm(form, {
    sendCode: async (channel) => getCloseCode({ channel }),
    sentText: (to) => t('manage.codeSent', { to }),
    perform: async (v) => close.mutateAsync({ password: await sha256Hex(v.password), channel: v.channel, code: v.code }),
    doneText: t('manage.closed'),
    // Every session ended on the server; purging ours takes the console to the sign-in page.
    onDone: purgeSession,
  });

  return (
    <Modal
      open={open}
      title={t('manage.dialogTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('manage.cancel')}</Button>
          <Button danger type="primary" loading={close.isPending} onClick={() => void submit()} data-testid="close-submit">
            {t('manage.submit')}
          </Button>
        </Flex>
      }
    >
      <Alert type="warning" showIcon title={t('manage.dialogWarn')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" initialValues={{ channel: channels[0], confirm: false }} requiredMark={false}>
        <OwnerProofFields channels={channels} owner={data.owner} send={send} codeRules={rulesFrom(shape.code, msg)} testId="close" />
        <Form.Item
          name="confirm"
          valuePropName="checked"
          rules={[{ validator: async (_r, v: boolean) => { if (!v) throw new Error(t('manage.confirmRequired')); } }]}
        >
          <Checkbox data-testid="close-confirm">{t('manage.confirm')}</Checkbox>
        </Form.Item>
      </Form>
      {error ? <Alert type="error" showIcon title={error} data-testid="close-error" /> : null}
    </Modal>
  );
}

/** /account/manage: the account's number, owner, verification, holders and their access, and closing it with its rules. */
export default function ManagePage() {
  const { t } = useAccountT();
  const manage = useManage();
  const [closing, setClosing] = useState(false);

  if (manage.isPending) return <Skeleton active />;
  if (manage.error || !manage.data) {
    return <Alert type="error" showIcon title={manage.error instanceof ApiError ? manage.error.msg : t('translation:http.disconnected')} />;
  }
  const d = manage.data;
  const contact = [d.owner.email, d.owner.telephone].filter(Boolean).join(' / ');

  return (
    <div data-testid="account-manage-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('translation:route.account.manage')}
      </Typography.Title>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title={t('manage.account')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('manage.accountNo')}>
                <span data-testid="manage-account-no">{d.accountNo}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('manage.createdAt')}>{d.createdAt}</Descriptions.Item>
              <Descriptions.Item label={t('manage.owner')}>
                <span data-testid="manage-owner">
                  {d.owner.name || (
                    <>
                      <Typography.Text type="secondary">{t('manage.ownerUnnamed')}</Typography.Text> <Link to="/account/info">{t('manage.fillName')}</Link>
                    </>
                  )}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('manage.email')}>{d.owner.email || <Link to="/account/secure">{t('manage.bind')}</Link>}</Descriptions.Item>
              <Descriptions.Item label={t('manage.telephone')}>{d.owner.telephone || <Link to="/account/secure">{t('manage.bind')}</Link>}</Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title={t('manage.verification')} style={{ height: '100%' }}>
            <Descriptions column={1} size="small">
              <Descriptions.Item label={t('manage.personal')}>
                <Flex gap={12} wrap>
                  <VerificationState state={d.verification.personal} testId="manage-personal" />
                  {d.verification.personalName ? <Typography.Text>{d.verification.personalName}</Typography.Text> : null}
                  <Link to="/account/verify">{d.verification.personal === 'approved' ? t('manage.verifyView') : t('manage.verifyGo')}</Link>
                </Flex>
              </Descriptions.Item>
              <Descriptions.Item label={t('manage.enterprise')}>
                <Flex gap={12} wrap>
                  <VerificationState state={d.verification.enterprise} testId="manage-enterprise" />
                  {d.verification.enterprise === 'approved' && d.verification.companyName ? <Typography.Text>{d.verification.companyName}</Typography.Text> : null}
                  <Link to="/account/verify">{d.verification.enterprise === 'approved' ? t('manage.verifyView') : t('manage.verifyGo')}</Link>
                </Flex>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t('manage.holders')}>
            <Table
              rowKey="accountNo"
              size="small"
              pagination={false}
              dataSource={d.holders}
              data-testid="manage-holders"
              scroll={{ x: 'max-content' }}
              columns={[
                { title: t('manage.colAccount'), dataIndex: 'accountNo' },
                { title: t('manage.colName'), dataIndex: 'name', render: (v: string) => v || '-' },
                { title: t('manage.colContact'), key: 'contact', render: () => contact || '-' },
                { title: t('manage.colRole'), dataIndex: 'role', render: () => <Tag color="blue">{t('manage.roleOwner')}</Tag> },
                { title: t('manage.colAccess'), dataIndex: 'access', render: () => t('manage.accessFull') },
              ]}
            />
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              {t('manage.holdersNote')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={<Typography.Text type="danger">{t('manage.close')}</Typography.Text>} data-testid="manage-close">
            <Typography.Paragraph>{t('manage.closeRules')}</Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('manage.closeNeeds')}</Typography.Paragraph>
            {d.closure.canClose ? (
              <Flex vertical gap={12} align="start">
                <Alert type="info" showIcon title={t('manage.canClose')} />
                <Button danger onClick={() => setClosing(true)} data-testid="close-open">
                  {t('manage.closeButton')}
                </Button>
              </Flex>
            ) : (
              <Alert
                type="error"
                showIcon
                data-testid="close-blockers"
                title={t('manage.blocked')}
                description={
                  <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                    {d.closure.blockers.map((b) => (
                      <li key={b.kind} data-testid={`close-blocker-${b.kind}`}>
                        {b.message}{' '}
                        {/* Underlined: inside a line of text a link must not rely on colour alone. */}
                        <TextLink to={fixLink[b.kind]}>
                          {t(`manage.fix.${b.kind}`)}
                        </TextLink>
                      </li>
                    ))}
                  </ul>
                }
              />
            )}
          </Card>
        </Col>
      </Row>
      <CloseDialog open={closing} data={d} onClose={() => setClosing(false)} />
    </div>
  );
}
