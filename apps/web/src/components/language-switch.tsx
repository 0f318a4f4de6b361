import Button from 'antd/es/button';
import TranslationOutlined from '@ant-design/icons/TranslationOutlined';
import { useTranslation } from 'react-i18next';
import { chooseLanguage } from '../i18n/index.ts';

/** zh ⇄ en in one click (the label names the other language); the choice is kept in localStorage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const next = i18n.language === 'en' ? 'zh' : 'en';
  return (
    <Button type="text" icon={<TranslationOutlined />} onClick={() => void chooseLanguage(next)} title={t('lang.label')} data-testid="lang-switch" data-lang={i18n.language} lang={next === 'zh' ? 'zh-CN' : 'en'}>
      {t(`lang.${next}`)}
    </Button>
  );
}
