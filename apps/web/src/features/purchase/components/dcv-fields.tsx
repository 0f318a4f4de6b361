import { memo } from 'react';
import Alert from 'antd/es/alert';
import AutoComplete from 'antd/es/auto-complete';
import Checkbox from 'antd/es/checkbox';
import Form from 'antd/es/form';
import Radio from 'antd/es/radio';
import { emailDcvMode, emailDnsTxtHost, saveEmailApplies, standardMailboxes, type DcvMethod } from '@cc/domain/dcv';
import { emailOptionDebounceMs } from '@cc/domain/terms';
import { useDcvEmails } from '../api/get-dcv-emails.ts';
import { useDebounced } from '../hooks/use-debounced.ts';
import { usePurchaseT } from '../i18n.ts';
import { fieldStatus } from './field-status.tsx';

export interface DcvFieldsProps {
  dcvShown: boolean;
  dcv: DcvMethod;
  options: readonly DcvMethod[];
  dcvError: string | null;
  /** The e-mail method chosen: the mailbox box shows. */
  emailFamily: boolean;
  mailbox: string;
  mailboxError: string | null;
  saveEmail: boolean;
  /** The first order's common name, for the TXT host and the e-mail option. */
  firstCn: string;
  onDcv: (m: DcvMethod) => void;
  onMailbox: (v: string) => void;
  onMailboxBlur: () => void;
  onSaveEmail: (on: boolean) => void;
}

/** Order form step 5 (§2, §5): the validation method, and for e-mail the mailbox and its save option. */
export const DcvFields = memo(function DcvFields(p: DcvFieldsProps) {
  const { t, msg } = usePurchaseT();
  const [mailboxSettled] = useDebounced(p.mailbox, emailOptionDebounceMs);
  const emailMode = emailDcvMode(mailboxSettled, p.firstCn || undefined);
  const saveApplies = saveEmailApplies(mailboxSettled, p.firstCn || undefined);
  const savedEmails = useDcvEmails(p.emailFamily);
  return (
    <>
      {p.dcvShown ? (
        <Form.Item label={t('buy.dcvMethod')} {...fieldStatus(p.dcvError, 'dcvMethod')}>
          <Radio.Group value={p.dcv} onChange={(e) => p.onDcv(e.target.value as DcvMethod)} options={p.options.map((m) => ({ value: m, label: <span data-testid={`dcv-${m}`}>{t(`dcv.${m}`)}</span> }))} />
        </Form.Item>
      ) : null}
      {p.emailFamily ? (
        <Form.Item label={t('buy.mailbox')} {...fieldStatus(p.mailboxError, 'dcvEmail.email')}>
          <AutoComplete
            data-testid="mailbox"
            value={p.mailbox}
            onChange={(v: string) => p.onMailbox(v)}
            onBlur={p.onMailboxBlur}
            placeholder={t('buy.mailboxPlaceholder')}
            style={{ maxWidth: 420 }}
            filterOption={(input, option) => String((option as { value?: string } | undefined)?.value ?? '').toLowerCase().includes(input.toLowerCase())}
            options={[
              { label: t('buy.standardMailboxes', { name: 'admin' }), options: standardMailboxes.map((m) => ({ value: m })) },
              ...((savedEmails.data?.data.length ?? 0) ? [{ label: t('buy.savedMailboxes'), options: (savedEmails.data?.data ?? []).map((e) => ({ value: e.email })) }] : []),
            ]}
          />
          {emailMode === 'email_dns' && mailboxSettled.trim() ? <Alert style={{ marginTop: 8 }} type="info" showIcon title={msg('purchase.dcvEmail.txtTip', { host: emailDnsTxtHost(p.firstCn || 'example.com') })} data-testid="txt-tip" /> : null}
          {/* Kept while ticked and emptied, so that the message about it has its box beside it. */}
          {saveApplies || (p.saveEmail && !p.mailbox.trim()) ? (
            <Checkbox style={{ marginTop: 8 }} checked={p.saveEmail} onChange={(e) => p.onSaveEmail(e.target.checked)} data-testid="save-email">
              {t('buy.saveEmail')}
            </Checkbox>
          ) : null}
        </Form.Item>
      ) : null}
    </>
  );
});
