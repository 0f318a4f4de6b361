import Button from 'antd/es/button';
import TranslationOutlined from '@ant-design/icons/TranslationOutlined';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../i18n/index.ts';

/**
 * zh ⇄ en in one click (the label names the other language); the choice is kept in localStorage. Compact: the icon
 * alone, the other language its accessible name.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'zh' : 'en';
  return (
    <Button type="text" icon={<TranslationOutlined />} onClick={() => void chooseLanguage(next)} title={t('lang.label')} aria-label={compact ? t(`lang.${next}`) : undefined} data-testid="lang-switch" data-lang={i18n.language} lang={next === 'zh' ? 'zh-CN' : 'en'}>
      {compact ? null : t(`lang.${next}`)}
    </Button>
  );
}
