import { useEffect, useId, useRef, useState } from 'react';
import Button from 'antd/es/button';
import theme from 'antd/es/theme';
import CheckOutlined from '@ant-design/icons/CheckOutlined';

export interface Choice<T extends string> {
  value: T;
  label: React.ReactNode;
  icon?: React.ReactNode;
}

export interface ChoiceMenuProps<T extends string> {
  value: T;
  choices: readonly Choice<T>[];
  onPick: (value: T) => void;
  /** The button's icon and words (none when compact: a phone's header). */
  icon?: React.ReactNode;
  text?: React.ReactNode;
  /** The button's accessible name and title, which says the current choice. */
  label: string;
  /** The menu's accessible name. */
  menuLabel: string;
  /** The button's test id; the menu's is `<choicePrefix>-menu` and each choice's `<choicePrefix>-<value>`. */
  testId: string;
  choicePrefix: string;
  /** Data attributes on the button (e.g. the current mode, for tests and styles). */
  data?: Record<`data-${string}`, string>;
}

/**
 * A header switch: a button that shows the current choice and opens a menu of them, so any one is a single pick
 * away (theme, display currency). The WAI-ARIA menu-button pattern with radio items, built by hand: antd's Dropdown
 * and Select would weigh on every page's first load (the sign-in page, the signed-in header).
 */
export function ChoiceMenu<T extends string>({ value, choices, onPick, icon, text, label, menuLabel, testId, choicePrefix, data }: ChoiceMenuProps<T>) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const menuId = useId();
  const wrap = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);
  const current = Math.max(0, choices.findIndex((c) => c.value === value));

  const show = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const pick = (v: T) => {
    onPick(v);
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
      show(e.key === 'ArrowUp' ? choices.length - 1 : current);
    }
  };
  const onMenuKey = (e: React.KeyboardEvent) => {
    const n = choices.length;
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
      const c = choices[active];
      if (c) pick(c.value);
    }
  };

  return (
    <div ref={wrap} style={{ position: 'relative', display: 'inline-flex' }}>
      <Button
        ref={button}
        type="text"
        icon={icon}
        onClick={() => (open ? close(false) : show(current))}
        onKeyDown={onButtonKey}
        title={label}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        data-testid={testId}
        {...data}
      >
        {text}
      </Button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-label={menuLabel}
          onKeyDown={onMenuKey}
          data-testid={`${choicePrefix}-menu`}
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
          {choices.map((c, i) => (
            <li
              key={c.value}
              ref={(el) => {
                items.current[i] = el;
              }}
              role="menuitemradio"
              aria-checked={c.value === value}
              tabIndex={i === active ? 0 : -1}
              onClick={() => pick(c.value)}
              // Only a pointer that moves takes the highlight (and focus) from the keys: a menu opening under a resting
              // pointer gets an enter event from the browser, which would pick the item under it on Enter instead.
              onMouseMove={() => i !== active && setActive(i)}
              data-testid={`${choicePrefix}-${c.value}`}
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 8,
                padding: '5px 12px',
                borderRadius: token.borderRadiusSM,
                cursor: 'pointer',
                whiteSpace: 'nowrap',
                color: token.colorText,
                fontWeight: c.value === value ? 600 : 400,
                background: i === active ? token.controlItemBgHover : 'transparent',
                outlineOffset: -2,
              }}
            >
              {c.icon}
              <span style={{ flex: 1 }}>{c.label}</span>
              {c.value === value ? <CheckOutlined aria-hidden /> : <span style={{ width: 14 }} />}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
