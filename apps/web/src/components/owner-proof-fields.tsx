import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
import { useTranslation } from 'react-i18next';
import type { CloseChannel } from '@cc/contracts/account';
import { maskContact } from '@cc/domain/account';
import { useMsg } from '../i18n/index.ts';
import { CodeField } from './code-field.tsx';

interface Props {
  channels: readonly CloseChannel[];
  owner: { email: string; telephone: string } | undefined;
  send: () => Promise<number | void>;
  codeRules: Rule[];
  /** Prefix of the fields' test ids: `{testId}-password`, `-channel`, `-code`. */
  testId: string;
}

/**
 * What the owner proves before a step that cannot be undone (closing the account, handing it over): the password,
 * where the code goes (masked) and the code. Inside a Form with fields password, channel and code.
 */
export function OwnerProofFields({ channels, owner, send, codeRules, testId }: Props) {
  const { t } = useTranslation();
  const msg = useMsg();
  return (
    <>
      <Form.Item name="password" label={t('ownerProof.password')} rules={[{ required: true, message: msg('v.passwordEmpty') }]}>
        <Input.Password autoComplete="current-password" data-testid={`${testId}-password`} />
      </Form.Item>
      <Form.Item name="channel" label={t('ownerProof.channel')}>
        <Radio.Group data-testid={`${testId}-channel`}>
          {channels.map((c) => (
            <Radio key={c} value={c}>
              {c === 'email' ? t('ownerProof.channelEmail', { to: maskContact(owner?.email ?? '') }) : t('ownerProof.channelTel', { to: maskContact(owner?.telephone.split(' ').pop() ?? '') })}
            </Radio>
          ))}
        </Radio.Group>
      </Form.Item>
      <CodeField rules={codeRules} send={send} testId={`${testId}-code`} />
    </>
  );
}
