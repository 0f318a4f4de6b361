import SunOutlined from '@ant-design/icons/SunOutlined';
import MoonOutlined from '@ant-design/icons/MoonOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import { useTranslation } from 'react-i18next';
import { themeModes, themePref, useThemeMode, type ThemeMode } from '../lib/prefs.ts';
import { ChoiceMenu } from './choice-menu.tsx';

const icons: Record<ThemeMode, React.ReactNode> = { light: <SunOutlined />, dark: <MoonOutlined />, system: <DesktopOutlined /> };

/** Light / dark / system (system follows the OS): the current choice on the button, the three a single pick away. */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const mode = useThemeMode();
  return (
    <ChoiceMenu
      value={mode}
      choices={themeModes.map((m) => ({ value: m, label: t(`theme.${m}`), icon: icons[m] }))}
      onPick={(m) => themePref.set(m)}
      icon={icons[mode]}
      text={compact ? null : t(`theme.${mode}`)}
      label={`${t('theme.label')}: ${t(`theme.${mode}`)}`}
      menuLabel={t('theme.label')}
      testId="theme-switch"
      choicePrefix="theme"
      data={{ 'data-mode': mode }}
    />
  );
}
