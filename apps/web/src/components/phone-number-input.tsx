import Input from 'antd/es/input/Input';
import Select from 'antd/es/select';
import Space from 'antd/es/space';
import { useTranslation } from 'react-i18next';

/** Country calling codes offered by the prefix selector; 86 first (doc 02 §9 default prefix). */
export const telPrefixes = ['86', '852', '853', '886', '1', '44', '65', '60', '61', '81', '82', '49', '33', '66', '84', '91', '7'];

export interface PhoneValue {
  telPrefix: string;
  telephone: string;
}

/** Controlled phone number with its country prefix selector (forms without antd Form use this). */
export function PhoneNumberInput({ value, onChange, invalid, autoFocus }: { value: PhoneValue; onChange: (v: PhoneValue) => void; invalid?: boolean; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Space.Compact block>
      <Select
        style={{ width: 96 }}
        aria-label={t('auth.prefix')}
        value={value.telPrefix}
        onChange={(telPrefix: string) => onChange({ ...value, telPrefix })}
        options={telPrefixes.map((p) => ({ value: p, label: `+${p}` }))}
        popupMatchSelectWidth={false}
      />
      <Input
        value={value.telephone}
        onChange={(e) => onChange({ ...value, telephone: e.target.value })}
        status={invalid ? 'error' : undefined}
        placeholder={t('auth.telPlaceholder')}
        autoComplete="tel-national"
        inputMode="tel"
        autoFocus={autoFocus}
        data-testid="telephone"
      />
    </Space.Compact>
  );
}
