import type { ReactNode } from 'react';
import Flex from 'antd/es/flex';
import Form, { type Rule } from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation } from 'react-i18next';
import { codeLength } from '@cc/domain/account';
import { SendCodeButton } from './send-code-button.tsx';

interface Props {
  rules: Rule[];
  /** Sends the code (the button with its 60 s countdown); absent for authenticator codes. */
  send?: (() => Promise<number | void>) | undefined;
  name?: string;
  label?: ReactNode;
  placeholder?: string;
  autoFocus?: boolean;
  testId?: string;
}

/** The shared "verification code + send code" field (doc 02 §2: a send-verification-code form). */
export function CodeField({ rules, send, name = 'code', label, placeholder, autoFocus, testId = 'code' }: Props) {
  const { t } = useTranslation();
  return (
    <Form.Item label={label ?? t('common.code')} required>
      <Flex gap={8}>
        <Form.Item name={name} rules={rules} noStyle>
          <Input
            maxLength={codeLength}
            placeholder={placeholder ?? t('common.codePlaceholder')}
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus={autoFocus}
            data-testid={testId}
          />
        </Form.Item>
        {send ? <SendCodeButton send={send} /> : null}
      </Flex>
    </Form.Item>
  );
}
