import { useRef } from 'react';
import theme from 'antd/es/theme';

export interface TypeSwitchProps<T extends string> {
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
  /** What is being chosen, for screen readers ("Sign in with", "Sign up with"). */
  label: string;
  testId: string;
  onMouseEnter?: () => void;
}

/**
 * The e-mail / phone choice of sign-in and sign-up: one segmented control on both pages. Plain buttons rather than
 * antd's Segmented (its colours: the layout background as track, the elevated one for the choice), which would weigh
 * on the sign-in page's first load. A radio group: one Tab stop, arrows move
 * the choice.
 */
export function TypeSwitch<T extends string>({ value, options, onChange, label, testId, onMouseEnter }: TypeSwitchProps<T>) {
  const { token } = theme.useToken();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  const onKeyDown = (e: React.KeyboardEvent, i: number) => {
    const step = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = (i + step + options.length) % options.length;
    const o = options[next];
    if (!o) return;
    onChange(o.value);
    refs.current[next]?.focus();
  };

  return (
    <div
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
      onMouseEnter={onMouseEnter}
      style={{ display: 'flex', padding: 2, gap: 2, marginBottom: 20, borderRadius: token.borderRadius, background: token.colorBgLayout }}
    >
      {options.map((o, i) => {
        const on = o.value === value;
        return (
          <button
            key={o.value}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="radio"
            aria-checked={on}
            tabIndex={on ? 0 : -1}
            onClick={() => onChange(o.value)}
            onKeyDown={(e) => onKeyDown(e, i)}
            data-testid={`${testId}-${o.value}`}
            style={{
              flex: 1,
              height: 32,
              border: 0,
              borderRadius: token.borderRadiusSM,
              cursor: 'pointer',
              font: 'inherit',
              fontWeight: on ? 600 : 400,
              color: on ? token.colorText : token.colorTextSecondary,
              background: on ? token.colorBgElevated : 'transparent',
              boxShadow: on ? token.boxShadowTertiary : 'none',
              transition: `background ${token.motionDurationMid}`,
            }}
          >
            {o.label}
          </button>
        );
      })}
    </div>
  );
}
