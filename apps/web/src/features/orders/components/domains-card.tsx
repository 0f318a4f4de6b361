import { useState } from 'react';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import theme from 'antd/es/theme';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import ClockCircleOutlined from '@ant-design/icons/ClockCircleOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import SafetyOutlined from '@ant-design/icons/SafetyOutlined';
import Tooltip from 'antd/es/tooltip';
import Switch from 'antd/es/switch';
import { useSetAutopilot } from '../api/set-autopilot.ts';
import { dcvMailbox, orderStatus, type DomainDcvState, type OrderDetail } from '@cc/contracts/orders';
import { dcvMethodsFor, defaultDcvMethod, isStandardMailbox, validatesWildcard, type DcvMethod } from '@cc/domain/dcv';
import { schemaMessage } from '../../../lib/form-rules.ts';
import { ApiError } from '../../../lib/http.ts';
import { toast } from '../../../lib/toast.ts';
import { useAutoDetect, type AutoDetectAnswer } from '../api/auto-detect.ts';
import { useChangeDcv } from '../api/change-dcv.ts';
import { useResendDcvEmail } from '../api/resend-dcv-email.ts';
import { useVerifyNow } from './use-verify-now.ts';
import { formatDate, formatTime } from '../lib/format.ts';
import { useOrdersT } from '../i18n.ts';
import { DcvInstructions } from './dcv-instructions.tsx';
import { DomainListDialog } from './domain-list-dialog.tsx';
import { HelpLink } from '../../../components/help-link.tsx';

const isEmailMethod = (m: string) => m === 'email' || m === 'email_dns';

/** Domain control validation per name: state, lapse date, the exact instructions, verify now, change method, resend. */
/** dns and dns_txt share the DNS article; email and email_dns the e-mail one. */
function helpArticlesFor(methods: string[]): [string, 'dcv.helpDns' | 'dcv.helpFile' | 'dcv.helpEmail'][] {
  const out: [string, 'dcv.helpDns' | 'dcv.helpFile' | 'dcv.helpEmail'][] = [];
  if (methods.some((m) => m.startsWith('dns'))) out.push(['dcv-dns', 'dcv.helpDns']);
  if (methods.includes('file')) out.push(['dcv-file', 'dcv.helpFile']);
  if (methods.some((m) => m.startsWith('email'))) out.push(['dcv-email', 'dcv.helpEmail']);
  return out;
}

export function DomainsCard({ order }: { order: OrderDetail }) {
  const { t } = useOrdersT();
  const { token } = theme.useToken();
  const verify = useVerifyNow();
  const resend = useResendDcvEmail();
  const detect = useAutoDetect();
  const autopilot = useSetAutopilot();
  const [changing, setChanging] = useState<{ domain?: string; method: DcvMethod } | null>(null);
  const [editing, setEditing] = useState(false);
  /** The last auto-detect answer, per name (kept until the names or methods change). */
  const [detected, setDetected] = useState<{ key: string; by: Map<string, AutoDetectAnswer['domains'][number]> } | null>(null);
  const pending = order.domains.filter((d) => d.status === 'pending');
  const canAct = order.actions.verify;
  // Names can change until issuance: the server takes them while the order waits for validation.
  const canEditNames = order.orderStatus === orderStatus.awaitingValidation && !order.certificate;
  const detectKey = order.domains.map((d) => `${d.domain}:${d.method}:${d.status}`).join('|');
  const seen = detected?.key === detectKey ? detected.by : null;

  // The DCV autopilot is offered while names in zones hosted here wait for validation.
  const hostedPending = pending.filter((d) => d.hostedZone);
  const onAutopilot = async (on: boolean) => {
    try {
      await autopilot.mutateAsync({ orderNo: order.orderNo, on });
      toast.success(on ? t('dcv.autopilotSwitchedOn') : t('dcv.autopilotSwitchedOff'));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };
  const onVerify = () => verify.run(order.orderNo);
  const onDetect = async () => {
    try {
      const a = await detect.mutateAsync(order.orderNo);
      setDetected({ key: detectKey, by: new Map(a.domains.map((d) => [d.domain, d])) });
      const open = a.domains.filter((d) => !d.validated);
      toast.show('info', t('dcv.detectDone', { found: open.filter((d) => d.detected).length, total: open.length }));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };
  const onResend = async () => {
    try {
      const a = await resend.mutateAsync(order.orderNo);
      toast.success(t('dcv.resent', { count: a.sent }));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };

  return (
    <Card
      title={
        <span>
          <SafetyOutlined /> {t('dcv.title')}
        </span>
      }
      data-testid="dcv-card"
    >
      {/* The actions sit in the body, not the card head, so the title is never cut short. */}
      {(canAct && pending.length) || canEditNames ? (
        <Flex gap={8} wrap style={{ marginBottom: 12 }}>
          {canEditNames ? (
            <Button size="small" icon={<EditOutlined />} data-testid="dcv-edit-names" onClick={() => setEditing(true)}>
              {t('dcv.editNames')}
            </Button>
          ) : null}
          {canAct && pending.length ? (
            <Tooltip title={t('dcv.autoDetectHint')}>
              <Button size="small" icon={<EyeOutlined />} loading={detect.isPending} data-testid="dcv-auto-detect" onClick={() => void onDetect()}>
                {t('dcv.autoDetect')}
              </Button>
            </Tooltip>
          ) : null}
          {canAct && order.actions.changeDcv && pending.length > 1 ? (
            <Button size="small" onClick={() => setChanging({ method: pending[0]?.method ?? 'dns' })}>
              {t('dcv.changeAll')}
            </Button>
          ) : null}
          {canAct && pending.length ? (
            <Button type="primary" size="small" loading={verify.isPending} data-testid="dcv-verify" onClick={() => void onVerify()}>
              {t('dcv.verify')}
            </Button>
          ) : null}
        </Flex>
      ) : null}
      {canAct && hostedPending.length ? (
        <Alert
          style={{ marginBottom: 12 }}
          type={order.dcvAutopilot ? 'success' : 'info'}
          showIcon
          data-testid="dcv-autopilot-card"
          title={
            <Flex gap={8} align="center" wrap>
              <Switch size="small" checked={order.dcvAutopilot} loading={autopilot.isPending} onChange={(on) => void onAutopilot(on)} data-testid="dcv-autopilot-switch" aria-label={t('dcv.autopilot')} />
              <span>{t('dcv.autopilot')}</span>
            </Flex>
          }
          description={
            order.dcvAutopilot
              ? t('dcv.autopilotOnText', { names: hostedPending.map((d) => d.domain).join(', ') })
              : t('dcv.autopilotOffText', { names: hostedPending.map((d) => d.domain).join(', ') })
          }
        />
      ) : null}
      <EmailMethodEnds order={order} />
      {canAct && pending.length ? <Typography.Paragraph type="secondary">{t('dcv.intro')}</Typography.Paragraph> : null}
      {pending.length ? (
        // The help article of each method still to be done, next to the instructions it explains.
        <Flex gap={16} wrap style={{ marginBottom: 12 }} data-testid="dcv-help">
          {helpArticlesFor(pending.map((d) => d.method)).map(([article, key]) => (
            <HelpLink key={article} article={article}>
              {t(key)}
            </HelpLink>
          ))}
        </Flex>
      ) : null}
      {order.domains.length > 0 && pending.length === 0 ? (
        <Alert type="success" showIcon style={{ marginBottom: 12 }} title={t('dcv.allValidated')} />
      ) : null}
      <Flex vertical gap={12}>
        {order.domains.map((d, i) => (
          <div
            key={d.domain}
            data-testid={`dcv-domain-${i}`}
            data-domain={d.domain}
            data-state={d.status}
            style={{ border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadiusLG, padding: '12px 14px' }}
          >
            <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: d.status === 'pending' ? 10 : 0 }}>
              <Flex align="center" gap={8} wrap>
                <Typography.Text strong style={{ fontSize: 15 }}>
                  {d.domain}
                </Typography.Text>
                <Tag>{t(`dcv.methods.${d.method}`)}</Tag>
                {d.status === 'validated' ? (
                  <Tag color="success" icon={<CheckCircleFilled />} data-testid={`dcv-${i}-state`}>
                    {d.reused ? t('dcv.reused') : t('dcv.validated')}
                  </Tag>
                ) : (
                  <Tag color="processing" icon={<ClockCircleOutlined />} data-testid={`dcv-${i}-state`}>
                    {t('dcv.pending')}
                  </Tag>
                )}
                {d.status === 'pending' && seen?.has(d.domain) ? <DetectTag visible={Boolean(seen.get(d.domain)?.detected)} index={i} /> : null}
              </Flex>
              <Flex gap={12} align="center" wrap>
                {d.lapsesAt ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('dcv.lapses')}: <span data-testid={`dcv-${i}-lapses`}>{formatDate(d.lapsesAt)}</span>
                  </Typography.Text>
                ) : null}
                {d.checkedAt && d.status === 'pending' ? (
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {t('dcv.checked')}: {formatTime(d.checkedAt)}
                  </Typography.Text>
                ) : null}
                {d.status === 'pending' && order.actions.changeDcv ? (
                  <Button size="small" type="link" data-testid={`dcv-${i}-change`} onClick={() => setChanging({ domain: d.domain, method: d.method })}>
                    {t('dcv.change')}
                  </Button>
                ) : null}
                {d.status === 'pending' && isEmailMethod(d.method) && order.actions.resendEmail ? (
                  <Button size="small" type="link" icon={<MailOutlined />} loading={resend.isPending} onClick={() => void onResend()}>
                    {t('dcv.resend')}
                  </Button>
                ) : null}
              </Flex>
            </Flex>
            {d.status === 'pending' ? (
              <>
                <DcvInstructions state={d} index={i} />
                {d.lastError ? (
                  <Alert
                    type="warning"
                    showIcon
                    style={{ marginTop: 8 }}
                    data-testid={`dcv-${i}-error`}
                    title={
                      <span>
                        {t('dcv.lastError')}: {d.lastError}
                      </span>
                    }
                  />
                ) : null}
              </>
            ) : null}
          </div>
        ))}
      </Flex>
      {changing ? <ChangeDcvDialog order={order} target={changing} onClose={() => setChanging(null)} /> : null}
      {editing ? <DomainListDialog order={order} onClose={() => setEditing(false)} /> : null}
    </Card>
  );
}

/**
 * The date the e-mail methods stop validating names (the rules table, as the server answers it), and for the names
 * still waiting on them a one-click switch to DNS (published by itself in a hosted zone) or file validation.
 */
function EmailMethodEnds({ order }: { order: OrderDetail }) {
  const { t } = useOrdersT();
  const change = useChangeDcv();
  const byEmail = order.domains.filter((d) => isEmailMethod(d.method) && d.methodEndsOn);
  const date = byEmail[0]?.methodEndsOn;
  if (!date) return null;
  const waiting = order.actions.changeDcv ? byEmail.filter((d) => d.status === 'pending') : [];
  const offered = (names: DomainDcvState[]) =>
    dcvMethodsFor({ brand: order.brand, productType: order.productType, certType: order.certType, wildcard: validatesWildcard({ names: names.map((d) => d.domain) }), on: order.rulesOn });
  const methods = offered(waiting);
  const dnsDefault = defaultDcvMethod({ brand: order.brand, productType: order.productType, wildcard: validatesWildcard({ names: waiting.map((d) => d.domain) }) });
  const dns: DcvMethod | undefined = methods.includes(dnsDefault) && dnsDefault !== 'file' ? dnsDefault : methods.find((m) => m === 'dns' || m === 'dns_txt');
  const file = methods.includes('file');
  const switchTo = async (m: DcvMethod) => {
    try {
      for (const d of waiting) await change.mutateAsync({ orderNo: order.orderNo, dcvMethod: m, domain: d.domain });
      toast.success(t('dcv.changed'));
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type="warning"
      showIcon
      role="alert"
      data-testid="dcv-email-ends"
      title={waiting.length ? t('dcv.emailEnds', { date }) : t('dcv.emailEndsValidated', { date })}
      description={
        waiting.length && (dns || file) ? (
          <Flex gap={8} wrap style={{ marginTop: 4 }}>
            {dns ? (
              <Button size="small" type="primary" loading={change.isPending} onClick={() => void switchTo(dns)}>
                {t('dcv.switchToDns')}
              </Button>
            ) : null}
            {file ? (
              <Button size="small" loading={change.isPending} onClick={() => void switchTo('file')}>
                {t('dcv.switchToFile')}
              </Button>
            ) : null}
          </Flex>
        ) : undefined
      }
    />
  );
}

function DetectTag({ visible, index }: { visible: boolean; index: number }) {
  const { t } = useOrdersT();
  return (
    <Tag color={visible ? 'success' : 'warning'} icon={<EyeOutlined />} data-testid={`dcv-${index}-detected`} data-visible={visible ? 'yes' : 'no'}>
      {visible ? t('dcv.detectVisible') : t('dcv.detectMissing')}
    </Tag>
  );
}

function ChangeDcvDialog({ order, target, onClose }: { order: OrderDetail; target: { domain?: string; method: DcvMethod }; onClose: () => void }) {
  const { t, msg } = useOrdersT();
  const change = useChangeDcv();
  const [method, setMethod] = useState<DcvMethod>(target.method);
  const [email, setEmail] = useState(order.dcvEmail || 'admin');
  const [emailError, setEmailError] = useState('');
  const names: DomainDcvState[] = target.domain ? order.domains.filter((d) => d.domain === target.domain) : order.domains.filter((d) => d.status === 'pending');
  const wildcard = validatesWildcard({ names: names.map((d) => d.domain) });
  const methods = dcvMethodsFor({ brand: order.brand, productType: order.productType, certType: order.certType, wildcard, on: order.rulesOn });

  const submit = async () => {
    if (isEmailMethod(method)) {
      // The server's own rule (the request schema): a role name or one address, 254 characters at most.
      const said = schemaMessage(dcvMailbox, email, msg);
      setEmailError(said ?? '');
      if (said !== null) return;
    }
    try {
      // A role name (admin, webmaster…) means the plain e-mail method; another address needs the DNS contact record (doc 01 §4).
      const m: DcvMethod = isEmailMethod(method) ? (isStandardMailbox(email) ? 'email' : 'email_dns') : method;
      await change.mutateAsync({ orderNo: order.orderNo, dcvMethod: m, domain: target.domain, email: isEmailMethod(m) ? email.trim() : undefined });
      toast.success(t('dcv.changed'));
      onClose();
    } catch (e) {
      if (e instanceof ApiError) toast.error(e.msg);
    }
  };

  return (
    <Modal
      open
      title={t('dcv.changeTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={change.isPending}
      okButtonProps={{ ...({ 'data-testid': 'dcv-change-submit' } as object) }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{target.domain ? t('dcv.changeFor', { domain: target.domain }) : t('dcv.changeForAll')}</Typography.Paragraph>
      <Form layout="vertical">
        <Form.Item label={t('dcv.method')}>
          <Radio.Group value={isEmailMethod(method) ? 'email' : method} onChange={(e) => setMethod(e.target.value as DcvMethod)} data-testid="dcv-method-choice">
            {methods
              .filter((m) => m !== 'email_dns')
              .map((m) => (
                <Radio.Button key={m} value={m} data-testid={`dcv-method-${m}`}>
                  {t(`dcv.methods.${m}`)}
                </Radio.Button>
              ))}
          </Radio.Group>
        </Form.Item>
        {isEmailMethod(method) ? (
          <Form.Item label={t('dcv.email')} validateStatus={emailError ? 'error' : undefined} help={emailError || undefined}>
            <Input
              value={email}
              maxLength={254}
              placeholder={t('dcv.emailPlaceholder')}
              onChange={(e) => {
                setEmail(e.target.value);
                setEmailError('');
              }}
              data-testid="dcv-change-email"
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
