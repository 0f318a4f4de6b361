import { useState } from 'react';
import Alert from 'antd/es/alert';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Steps from 'antd/es/steps';
import Typography from 'antd/es/typography';
import { useTranslation } from 'react-i18next';
import { codePattern, defaultTelPrefix, emailPattern } from '@cc/domain/account';
import { useMsg } from '../../../../i18n/index.ts';
import { validValues } from '../../../../lib/form.ts';
import { toast } from '../../../../lib/toast.ts';
import { CodeField } from '../../../../components/code-field.tsx';
import { PhoneField } from '../../../../components/phone-input.tsx';
import { useContactChange, type Channel, type Via } from '../../hooks/use-contact-change.ts';

interface VerifyValues {
  verifyCode?: string;
  password?: string;
}
interface NewValues {
  telephone?: string;
  telPrefix?: string;
  email?: string;
  code: string;
}

/** Binding or changing the phone or e-mail: verify who it is, then the new address with its code. */
export function ContactDialog({ channel, onClose }: { channel: Channel; onClose: () => void }) {
  const { t } = useTranslation();
  const m = useMsg();
  const flow = useContactChange(channel);
  const [step, setStep] = useState(0);
  const [via, setVia] = useState<Via>(flow.vias[0] ?? 'password');
  const [busy, setBusy] = useState(false);
  const [verifyForm] = Form.useForm<VerifyValues>();
  const [newForm] = Form.useForm<NewValues>();
  const what = t(channel === 'tel' ? 'secure.phone' : 'secure.mail');
  const codeRules = [
    { required: true, message: m('v.codeFormat') },
    { pattern: codePattern, message: m('v.codeFormat') },
  ];

  const next = async () => {
    const v = await validValues(verifyForm);
    if (!v) return;
    setBusy(true);
    const ok = await flow.verify(via === 'password' ? { password: v.password ?? '' } : { sendTo: via, verifyCode: (v.verifyCode ?? '').trim() });
    setBusy(false);
    if (ok) setStep(1);
  };

  const address = (v: Partial<NewValues>) => (channel === 'tel' ? { telephone: (v.telephone ?? '').trim(), telPrefix: v.telPrefix ?? defaultTelPrefix } : { email: (v.email ?? '').trim() });

  const sendNew = async () => {
    // Only the address is checked before its code is sent.
    const v = await validValues(newForm, channel === 'tel' ? ['telephone', 'telPrefix'] : ['email']);
    if (!v) throw new Error('invalid');
    return flow.sendNew(address(v));
  };

  const finish = async () => {
    const v = await validValues(newForm);
    if (!v) return;
    if (await flow.finish(address(v), v.code.trim())) {
      toast.success(t(flow.mode === 'bind' ? 'secure.boundOk' : 'secure.changedOk', { what }));
      onClose();
    }
  };

  const title = t(flow.mode === 'bind' ? 'secure.bindTitle' : 'secure.changeTitle', { what });
  return (
    <Modal
      open
      title={title}
      onCancel={onClose}
      onOk={() => void (step === 0 ? next() : finish())}
      okText={step === 0 ? t('secure.next') : t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={busy || flow.saving}
      okButtonProps={{ 'data-testid': 'contact-ok' } as Record<string, string>}
      destroyOnHidden
    >
      <div data-testid="contact-dialog" data-step={step}>
        <Steps size="small" current={step} style={{ marginBottom: 24 }} items={[{ title: t('secure.stepVerify') }, { title: t('secure.stepNew', { what }) }]} />
        {/* Two forms, keyed: a Form keeps the instance it was mounted with, so one in the other's place would write to the wrong store. */}
        {step === 0 ? (
          <Form key="verify" form={verifyForm} layout="vertical" requiredMark={false} onFinish={() => void next()}>
            <Typography.Paragraph type="secondary">
              {flow.mode === 'modify' ? t('secure.verifyCurrent', { what, contact: flow.contactOf(channel) }) : t('secure.verifyToBind')}
            </Typography.Paragraph>
            {flow.vias.length > 1 ? (
              <Form.Item label={t('secure.verifyVia')}>
                <Radio.Group value={via} onChange={(e) => setVia(e.target.value as Via)} data-testid="verify-via">
                  {flow.vias.map((v) => (
                    <Radio key={v} value={v} data-testid={`via-${v}`}>
                      {v === 'password' ? t('secure.viaPassword') : t(v === 'tel' ? 'secure.viaTel' : 'secure.viaEmail', { contact: flow.contactOf(v) })}
                    </Radio>
                  ))}
                </Radio.Group>
              </Form.Item>
            ) : null}
            {via === 'password' ? (
              <Form.Item name="password" label={t('secure.password')} rules={[{ required: true, message: m('v.passwordEmpty') }]}>
                <Input.Password autoComplete="current-password" data-testid="verify-password" />
              </Form.Item>
            ) : (
              <CodeField key={via} name="verifyCode" rules={codeRules} send={() => flow.sendOrigin(via)} testId="verify-code" />
            )}
          </Form>
        ) : (
          <Form key="new" form={newForm} layout="vertical" requiredMark={false} initialValues={{ telPrefix: defaultTelPrefix }} onFinish={() => void finish()}>
            {channel === 'tel' ? (
              <PhoneField label={t('secure.newPhone')} autoFocus />
            ) : (
              <Form.Item
                name="email"
                label={t('secure.newEmail')}
                rules={[
                  { required: true, whitespace: true, message: m('v.emailEmpty') },
                  { pattern: emailPattern, message: m('v.emailFormat') },
                ]}
              >
                <Input autoComplete="email" autoFocus data-testid="new-email" />
              </Form.Item>
            )}
            <Typography.Paragraph type="secondary">{t('secure.newCodeHint', { what })}</Typography.Paragraph>
            <CodeField rules={codeRules} send={sendNew} testId="new-code" />
          </Form>
        )}
        {flow.error ? <Alert type="error" showIcon title={flow.error} data-testid="contact-error" /> : null}
      </div>
    </Modal>
  );
}
