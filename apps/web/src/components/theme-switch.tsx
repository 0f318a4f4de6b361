import Button from 'antd/es/button';
import SunOutlined from '@ant-design/icons/SunOutlined';
import MoonOutlined from '@ant-design/icons/MoonOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import { useTranslation } from 'react-i18next';
import { themeModes, themePref, useThemeMode, type ThemeMode } from '../lib/prefs.ts';

const icons: Record<ThemeMode, React.ReactNode> = { light: <SunOutlined />, dark: <MoonOutlined />, system: <DesktopOutlined /> };

/** Light / dark / system (system follows the OS); each click moves to the next mode. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const next = themeModes[(themeModes.indexOf(mode) + 1) % themeModes.length] ?? 'light';
  const label = `${t('theme.label')}: ${t(`theme.${mode}`)}`;
  return (
    <Button type="text" icon={icons[mode]} onClick={() => themePref.set(next)} title={label} aria-label={label} data-testid="theme-switch" data-mode={mode}>
      {t(`theme.${mode}`)}
    </Button>
  );
}
