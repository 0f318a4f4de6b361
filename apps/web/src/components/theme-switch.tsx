import { useEffect, useId, useRef, useState } from 'react';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import SunOutlined from '@ant-design/icons/SunOutlined';
import MoonOutlined from '@ant-design/icons/MoonOutlined';
import DesktopOutlined from '@ant-design/icons/DesktopOutlined';
import CheckOutlined from '@ant-design/icons/CheckOutlined';
import { useTranslation } from 'react-i18next';
import { themeModes, themePref, useThemeMode, type ThemeMode } from '../lib/prefs.ts';

const icons: Record<ThemeMode, React.ReactNode> = { light: <SunOutlined />, dark: <MoonOutlined />, system: <DesktopOutlined /> };

/**
 * Light / dark / system (system follows the OS): a button that shows the current choice and opens a menu of the
 * three, so any one is a single pick away. The WAI-ARIA menu-button pattern, built by hand: antd's Dropdown would
 * weigh on the sign-in page's first load, where this control also sits.
 */
export function ThemeSwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const mode = useThemeMode();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const pick = (m: ThemeMode) => {
    themePref.set(m);
    close(true);
  };

  useEffect(() => {
    if (open) items.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!wrap.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const onButtonKey = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      show(e.key === 'ArrowUp' ? themeModes.length - 1 : Math.max(0, themeModes.indexOf(mode)));
    }
  };
  const onMenuKey = (e: React.KeyboardEvent) => {
    const n = themeModes.length;
    const moves: Record<string, number> = { ArrowDown: (active + 1) % n, ArrowUp: (active - 1 + n) % n, Home: 0, End: n - 1 };
    if (e.key in moves) {
      e.preventDefault();
      setActive(moves[e.key] ?? 0);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      close(true);
    } else if (e.key === 'Tab') {
      setOpen(false);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      const m = themeModes[active];
      if (m) pick(m);
    }
  };

  const label = `${t('theme.label')}: ${t(`theme.${mode}`)}`;
  return (
    <div ref={wrap} style={{ position: 'relative', display: 'inline-flex' }}>
      <Button
        ref={button}
        type="text"
        icon={icons[mode]}
        onClick={() => (open ? close(false) : show(Math.max(0, themeModes.indexOf(mode))))}
        onKeyDown={onButtonKey}
        title={label}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid="theme-switch"
        data-mode={mode}
      >
        {compact ? null : t(`theme.${mode}`)}
      </Button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-label={t('theme.label')}
          onKeyDown={onMenuKey}
          data-testid="theme-menu"
          style={{
            position: 'absolute',
            top: '100%',
            right: 0,
            zIndex: 1050,
            minWidth: 140,
            margin: '4px 0 0',
            padding: 4,
            listStyle: 'none',
            lineHeight: 1.5715,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
          {themeModes.map((m, i) => (
            <li
              key={m}
              ref={(el) => {
                items.current[i] = el;
              }}
              role="menuitemradio"
              aria-checked={m === mode}
              tabIndex={i === active ? 0 : -1}
              onClick={() => pick(m)}
              onMouseEnter={() => setActive(i)}
              data-testid={`theme-${m}`}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '5px 12px',
                borderRadius: token.borderRadiusSM,
                cursor: 'pointer',
                whiteSpace: 'nowrap',
                color: token.colorText,
                fontWeight: m === mode ? 600 : 400,
                background: i === active ? token.controlItemBgHover : 'transparent',
                outlineOffset: -2,
              }}
            >
              {icons[m]}
              <span style={{ flex: 1 }}>{t(`theme.${m}`)}</span>
              {m === mode ? <CheckOutlined aria-hidden /> : <span style={{ width: 14 }} />}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
