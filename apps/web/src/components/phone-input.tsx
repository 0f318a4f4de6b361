import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { isPhone } from '@cc/domain/account';
import { useMsg } from '../i18n/index.ts';
import { telPrefixes } from './phone-number-input.tsx';


interface Props {
  /** Form field names of the prefix and the number. */
  prefixName?: string;
  name?: string;
  label?: React.ReactNode;
  autoFocus?: boolean;
}

/** Phone number with a country prefix selector; empty and format checks with the shared messages (doc 02 §5). */
export function PhoneField({ prefixName = 'telPrefix', name = 'telephone', label, autoFocus }: Props) {
  const { t } = useTranslation();
  const m = useMsg();
  const rules: Rule[] = [
    { required: true, whitespace: true, message: m('v.phoneEmpty') },
    ({ getFieldValue }) => ({
      validator(_, v: string | undefined) {
        if (!v || isPhone(v.trim(), String(getFieldValue(prefixName) ?? '86'))) return Promise.resolve();
        return Promise.reject(new Error(m('v.phoneWrong')));
      },
    }),
  ];
  return (
    <Form.Item label={label} required={Boolean(label)}>
      <Space.Compact block>
        <Form.Item name={prefixName} noStyle>
          <Select
            style={{ width: 96 }}
            aria-label={t('auth.prefix')}
            options={telPrefixes.map((p) => ({ value: p, label: `+${p}` }))}
            popupMatchSelectWidth={false}
          />
        </Form.Item>
        <Form.Item name={name} noStyle rules={rules} dependencies={[prefixName]}>
          <Input placeholder={t('auth.telPlaceholder')} autoComplete="tel-national" inputMode="tel" autoFocus={autoFocus} data-testid="telephone" />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
