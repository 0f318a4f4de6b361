import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import theme from 'antd/es/theme';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  invalid?: boolean;
  suffix?: ReactNode;
}

/**
 * A text input drawn like antd's large Input from the theme tokens. The sign-in page uses it instead of
 * antd Input, whose styles and form context cost more than the rest of that page together.
 */
export function PlainInput({ invalid, suffix, style, onFocus, onBlur, ...props }: Props) {
  const { token } = theme.useToken();
  const [focused, setFocused] = useState(false);
  const [hover, setHover] = useState(false);
  const border = invalid ? token.colorError : focused || hover ? token.colorPrimary : token.colorBorder;
  return (
    <span
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        padding: '7px 11px',
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${border}`,
        background: token.colorBgContainer,
        boxShadow: focused ? `0 0 0 2px ${invalid ? token.colorErrorOutline : token.controlOutline}` : undefined,
        transition: `all ${token.motionDurationMid}`,
        ['--cc-placeholder' as string]: token.colorTextPlaceholder,
        ...style,
      }}
    >
      <input
        {...props}
        className="cc-plain-input"
        aria-invalid={invalid || undefined}
        onFocus={(e) => {
          setFocused(true);
          onFocus?.(e);
        }}
        onBlur={(e) => {
          setFocused(false);
          onBlur?.(e);
        }}
        style={{ flex: 1, minWidth: 0, border: 'none', outline: 'none', background: 'transparent', color: token.colorText, fontSize: token.fontSizeLG, lineHeight: token.lineHeightLG, padding: 0, fontFamily: 'inherit' }}
      />
      {suffix}
    </span>
  );
}
